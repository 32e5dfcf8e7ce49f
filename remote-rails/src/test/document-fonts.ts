import { afterAll, beforeAll } from 'vitest';

/**
 * Lets a test open a dialog with an autosized Textarea: Mantine's Autosize listens on
 * `document.fonts`, which jsdom does not have. Added for the file's tests, removed after them (the
 * unit tests share one document).
 */
export function provideDocumentFonts(): void {
  let added = false;
  beforeAll(() => {
    if ('fonts' in document) return;
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
    added = true;
  });
  afterAll(() => {
    if (added) Reflect.deleteProperty(document, 'fonts');
  });
}
