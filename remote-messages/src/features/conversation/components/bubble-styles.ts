/**
 * The message bubbles' stylesheet, added to the document once when this module first loads. A
 * <style> element rather than a CSS file: the dashboard's Content-Security-Policy takes styles from
 * its own origin and inline only, and a remote's files come from the remote's origin. Colours,
 * spacing and type are the theme's CSS variables, so light and dark follow the color scheme.
 */
const CSS = `
.dash-bubble {
  box-sizing: border-box;
  width: fit-content;
  max-width: calc(0.8 * (100% - 2 * var(--mantine-spacing-md)));
  margin: 6px var(--mantine-spacing-md);
  padding: 8px var(--mantine-spacing-sm);
  border: 1px solid var(--mantine-color-default-border);
  border-radius: var(--mantine-radius-md);
  font-size: var(--mantine-font-size-sm);
  line-height: var(--mantine-line-height-sm);
  overflow-wrap: anywhere;
}
.dash-bubble-own {
  margin-left: auto;
  border-color: transparent;
  background: var(--mantine-color-teal-light);
}
.dash-bubble-meta,
.dash-bubble-size,
.dash-bubble-footer {
  font-size: var(--mantine-font-size-xs);
  color: var(--mantine-color-dimmed);
}
.dash-bubble-meta {
  white-space: pre-line;
}
.dash-bubble-body {
  margin-top: 4px;
  white-space: pre-wrap;
}
.dash-bubble-attachment {
  display: block;
  margin-top: 4px;
  color: var(--mantine-color-anchor);
}
.dash-bubble-footer {
  display: block;
  margin-top: 2px;
  text-align: right;
}
.dash-bubble-footer > span {
  margin-right: 8px;
}
.dash-bubble-failed {
  color: var(--mantine-color-error);
}
`;

/** The class names, for the component. */
export const BUBBLE = {
  other: 'dash-bubble',
  own: 'dash-bubble dash-bubble-own',
  meta: 'dash-bubble-meta',
  body: 'dash-bubble-body',
  attachment: 'dash-bubble-attachment',
  size: 'dash-bubble-size',
  footer: 'dash-bubble-footer',
  failed: 'dash-bubble-failed',
} as const;

const STYLE_ID = 'dash-message-bubbles';

/**
 * The server's render of a page (the shell's ssr.tsx) has no document to add the stylesheet to: the
 * thread view puts it in its markup there (a <style> element; the browser's render does not).
 */
export const SERVER_BUBBLE_CSS = typeof document === 'undefined' ? CSS : null;

if (typeof document !== 'undefined' && !document.getElementById(STYLE_ID)) {
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.append(style);
}
