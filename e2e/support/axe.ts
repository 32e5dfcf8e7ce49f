import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA, and axe's best practices: what every page is scanned for. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface Scan {
  /** One line per violation: impact, rule id and the elements. */
  lines: string[];
  /** Elements in violation per impact (critical, serious, moderate, minor). */
  impacts: Record<string, number>;
}

/** The rules whose outcome depends on the colors: all that can change between light and dark. */
const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

export async function scan(page: Page, scheme: 'light' | 'dark'): Promise<Scan> {
  // axe.run in the page itself (legacy mode) instead of axe.runPartial per frame and axe.finishRun in
  // a new blank page: the blank page and the passes' JSON carried into it took more time than the
  // rules (on the KYB page 8.8 s for a 1.0 s audit; a page's two scans went from about 8 s to 4.5 s).
  // What legacy mode gives up is cross-origin frames, and our pages have no frame at all: say so if
  // one ever appears rather than scan it silently less.
  const frames = page.frames().length;
  if (frames !== 1)
    throw new Error(`${page.url()} has ${frames - 1} frame(s): scan them without setLegacyMode.`);
  // The dark pass checks only what the scheme changes (the light pass already ran every rule on the same page).
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (scheme === 'dark'
    ? builder.withRules(COLOR_RULES)
    : builder.withTags(AXE_TAGS)
  ).analyze();
  const impacts: Record<string, number> = {};
  const lines = results.violations.map((violation) => {
    const impact = violation.impact ?? 'unknown';
    impacts[impact] = (impacts[impact] ?? 0) + violation.nodes.length;
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
    return `${impact} ${violation.id}: ${targets}`;
  });
  return { lines, impacts };
}

/** Switches Mantine's color scheme the way the theme switch does (the attribute on <html>), without a reload. */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(async (value) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', value);
    // Some components ease their colours (the segmented control's labels over 200 ms): a scan taken
    // mid-transition measures a colour between the two themes. Let a frame start the transitions,
    // then wait for them to end.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  }, scheme);
}

/** The violations of the page as it is, in the light and the dark theme (back in light after), one line each. */
export async function violationsInBothThemes(page: Page, name: string): Promise<string[]> {
  const failures: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    const { lines } = await scan(page, scheme);
    for (const line of lines) failures.push(`${name} [${scheme}] ${line}`);
  }
  await useScheme(page, 'light');
  return failures;
}
