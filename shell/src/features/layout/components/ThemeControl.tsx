import { useT } from '@dash/shared';
import { type MantineColorScheme, SegmentedControl, useMantineColorScheme } from '@mantine/core';
import { memo } from 'react';

/** Light, dark or system; the choice is stored locally (see the shell's index.html). */
export const ThemeControl = memo(function ThemeControl() {
  const { t } = useT('shell');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label={t('theme.label')}
      size="xs"
      fullWidth
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={[
        { label: t('theme.light'), value: 'light' },
        { label: t('theme.dark'), value: 'dark' },
        { label: t('theme.system'), value: 'auto' },
      ]}
    />
  );
});
