import type { Locator, Page } from '@playwright/test';
import { appTookOver, expect } from './fixtures';

/**
 * Helpers for doing flows with the keyboard alone: Tab moves focus (each stop must show a focus
 * ring), Enter/Space act, arrows choose in menus and selects. No clicks, no fill().
 */

/** What the focused element shows while focused: 'ring' when it is visible, else a description. */
export async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return 'nothing focused';
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    // A hidden radio or checkbox shows its ring on its label.
    const shown = [focused, focused.nextElementSibling, focused.closest('label')].filter(
      (candidate): candidate is HTMLElement => candidate instanceof HTMLElement,
    );
    for (const element of shown) {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) return 'ring';
      // Mantine's fields show focus with a border in the primary color.
      if (element.matches('input, textarea, select') && style.borderTopColor === primary) return 'ring';
    }
    const style = getComputedStyle(focused);
    return `${focused.tagName} "${focused.getAttribute('aria-label') ?? focused.textContent?.slice(0, 40)}" outline ${style.outlineStyle} ${style.outlineWidth}, border ${style.borderTopColor}`;
  });
}

export async function expectFocusRing(page: Page): Promise<void> {
  await expect.poll(() => focusRing(page)).toBe('ring');
}

export const hasFocus = (target: Locator) =>
  target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );

async function moveFocusTo(page: Page, target: Locator, max: number, key: 'Tab' | 'Shift+Tab') {
  await expect(target).toBeVisible();
  // Keys pressed on a server-rendered page before the app takes it over do nothing.
  await appTookOver(page);
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(key);
    await expectFocusRing(page);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Tabs forward until the target has focus, checking the focus ring at every stop. */
export const tabTo = (page: Page, target: Locator, max = 60) => moveFocusTo(page, target, max, 'Tab');

/** Shift+Tabs backward until the target has focus (a control above the focused one), checking the ring. */
export const tabBackTo = (page: Page, target: Locator, max = 60) =>
  moveFocusTo(page, target, max, 'Shift+Tab');

/** The option of the focused native select the arrows are on, and the options in order. */
const nativeSelectState = (page: Page) =>
  page.evaluate(() => {
    const select = document.activeElement;
    if (!(select instanceof HTMLSelectElement)) return null;
    const labels = [...select.options].map((each) => (each.textContent ?? '').trim());
    return { labels, selected: select.selectedIndex };
  });

/** The focused native select's state once two readings 100 ms apart agree (null: focus is elsewhere). */
async function settledNativeSelect(page: Page) {
  let last = await nativeSelectState(page);
  for (let reading = 0; reading < 30; reading += 1) {
    await page.waitForTimeout(100);
    const now = await nativeSelectState(page);
    if (now?.selected === last?.selected) return now;
    last = now;
  }
  return last;
}

/**
 * Chooses an option of the focused select with the arrow keys: a native select (closed, the arrows
 * change its value, as on Windows and Linux) is moved up or down to the option; a combobox is opened
 * with ArrowDown, moved to the option, then Enter.
 */
export async function chooseWithKeys(page: Page, option: string | RegExp): Promise<void> {
  const matches = (text: string) => (typeof option === 'string' ? text === option : option.test(text));
  const native = await nativeSelectState(page);
  if (native) {
    const target = native.labels.findIndex(matches);
    if (target < 0) throw new Error(`no option ${option} in ${native.labels.join(', ')}`);
    // Each arrow is a change the page acts on (a filter's new address, a saved role): the option is
    // read once the page has settled on it, and an arrow it undid is pressed again.
    for (let step = 0; step < native.labels.length * 3; step += 1) {
      const now = await settledNativeSelect(page);
      if (now === null) throw new Error(`the focus left the select before it reached ${option}`);
      if (now.selected === target) return;
      await page.keyboard.press(now.selected < target ? 'ArrowDown' : 'ArrowUp');
    }
    throw new Error(`the arrows never reached ${option}`);
  }
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option });
  await expect(wanted.first()).toBeVisible();
  for (let step = 0; step < 40; step += 1) {
    const selected = listbox.locator('[data-combobox-selected]');
    const text = (await selected.count()) > 0 ? ((await selected.textContent()) ?? '').trim() : '';
    if (matches(text)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option}`);
}

/** Toasts are announced: Mantine renders each as role=alert (an assertive live region). */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
