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

/** The focused combobox: opens it and moves with the arrows to the option, then Enter. */
export async function chooseWithKeys(page: Page, option: string | RegExp): Promise<void> {
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option });
  await expect(wanted.first()).toBeVisible();
  for (let step = 0; step < 40; step += 1) {
    const selected = listbox.locator('[data-combobox-selected]');
    const text = (await selected.count()) > 0 ? ((await selected.textContent()) ?? '').trim() : '';
    if (typeof option === 'string' ? text === option : option.test(text)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option}`);
}

/** Toasts are announced: Mantine renders each as role=alert (an assertive live region). */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
