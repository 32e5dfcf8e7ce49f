import { type MantineColorScheme, SegmentedControl, useMantineColorScheme } from '@mantine/core';

/** Light, dark or system; the choice is stored locally (see the shell's index.html). */
export function ThemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label="Theme"
      size="xs"
      fullWidth
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={[
        { label: 'Light', value: 'light' },
        { label: 'Dark', value: 'dark' },
        { label: 'System', value: 'auto' },
      ]}
    />
  );
}
