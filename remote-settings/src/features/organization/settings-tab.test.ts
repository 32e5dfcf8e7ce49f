import { describe, expect, it } from 'vitest';
import { readSettingsTab } from './settings-tab';

describe('the organization settings tab', () => {
  it('opens the tab the URL names', () => {
    expect(readSettingsTab('members')).toBe('members');
    expect(readSettingsTab('danger-zone')).toBe('danger-zone');
  });

  it('opens General when the tab is missing or not a real tab', () => {
    expect(readSettingsTab(null)).toBe('general');
    expect(readSettingsTab('billing')).toBe('general');
  });
});
