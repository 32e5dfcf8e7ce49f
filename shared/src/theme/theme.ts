import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorScheme,
  type MantineColorsTuple,
} from '@mantine/core';

/** Where the chosen color scheme is stored; the shell's index.html reads it before first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'dash-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'light';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/*
 * Contrast (WCAG 2.1 AA, 4.5:1 for text): every app inherits these tokens.
 * - Filled, outline and `c=` colors use shade 9 in both schemes (white on teal 9 is 5.0:1; on teal 6, 2.6:1).
 * - Mantine's yellow, orange and green shade 9 are too light for white text or for text on their
 *   pale backgrounds, so those three palettes get a darker shade 9 (the rest of each palette is Mantine's).
 * - The light variant (badges, active nav links) sits on shade 0 instead of 1 in the light scheme.
 * - Dimmed text is gray 7 on white and dark 1 on the dark body (gray 6 was 3.3:1, dark 2 was 4.0:1).
 */
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#f08c00',
  '#9c5b00',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#e8590c',
  '#c2410c',
];
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#2f9e44',
  '#237032',
];

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  colors: { yellow, orange, green },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  // Someone who asks their system for less motion gets no transitions or animations (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    Tooltip: { defaultProps: { openDelay: 0 } },
    // A link inside text must not be told apart by color alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

const LIGHT_VARIANT_COLORS = ['teal', 'gray', 'red', 'yellow', 'orange', 'green', 'blue', 'cyan', 'grape'];

/** The scheme-dependent tokens (give it to MantineProvider beside `theme`). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((color) => [
        `--mantine-color-${color}-light`,
        `var(--mantine-color-${color}-0)`,
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});

/** Toasts: 4 s each, at most 3 on screen (spec section 9). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;
