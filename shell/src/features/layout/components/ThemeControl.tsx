import { useT } from '@dash/shared';
import { type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { memo } from 'react';
import './theme-control.css';

const SCHEMES = [
  ['light', 'theme.light'],
  ['dark', 'theme.dark'],
  ['auto', 'theme.system'],
] as const satisfies readonly (readonly [MantineColorScheme, string])[];

/** Light, dark or system; the choice is stored locally (see the shell's index.html). */
export const ThemeControl = memo(function ThemeControl() {
  const { t } = useT('shell');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div role="radiogroup" aria-label={t('theme.label')} className="dash-theme-control">
      {SCHEMES.map(([value, label]) => (
        <label key={value}>
          <input
            type="radio"
            name="dash-theme"
            value={value}
            checked={colorScheme === value}
            onChange={() => setColorScheme(value)}
          />
          {t(label)}
        </label>
      ))}
    </div>
  );
});
