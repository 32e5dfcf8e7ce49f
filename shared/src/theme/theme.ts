import { createTheme, localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/** Where the chosen color scheme is stored; the shell's index.html reads it before first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'dash-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'light';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  components: {
    Tooltip: { defaultProps: { openDelay: 0 } },
  },
});

/** Toasts: 4 s each, at most 3 on screen (spec section 9). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;
