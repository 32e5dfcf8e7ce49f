import { SETTINGS_TABS, type TSettingsTab } from '@dash/shared';

/** The settings tab from `?tab=`: optional, and an invalid value is ignored (spec section 2). */
export function readSettingsTab(value: string | null): TSettingsTab {
  return SETTINGS_TABS.find((tab) => tab === value) ?? 'general';
}
