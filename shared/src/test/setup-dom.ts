import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentLocale, setLocale } from '../i18n/i18n';

// Each test starts in English: the unit project shares one module graph per worker (isolate: false),
// so a test that switched the language and did not switch back left the next files of its worker in
// it (whole files then failed, in an order-dependent way). Unmounted first: nothing hears the switch.
afterEach(async () => {
  cleanup();
  if (currentLocale() !== 'en') await setLocale('en', { remember: false });
});

// Mantine reads these browser APIs that jsdom does not implement.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
