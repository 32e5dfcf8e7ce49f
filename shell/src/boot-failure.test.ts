import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BootFailed, type BootFailureTexts, installBootGuard } from './boot-failure';
import { reloadOnce } from './features/errors/reload-once';
import en from './locales/en.json';
import es from './locales/es-MX.json';
import pt from './locales/pt-BR.json';

const texts: Record<string, BootFailureTexts> = {
  en: en.bootFailure,
  'es-MX': es.bootFailure,
  'pt-BR': pt.bootFailure,
};

// The page runs the guard from its source text (rsbuild.config.ts), so the tests do too: a name from
// outside the function's body would fail here.
const installFromSource = new Function(
  `return (${installBootGuard.toString()});`,
)() as typeof installBootGuard;
const reloadOnceFromSource = new Function(`return (${reloadOnce.toString()});`)() as typeof reloadOnce;

const stored = new Map<string, string>();
const storage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
} as Storage;
let storageBlocked = false;
const reload = vi.fn();
let failed: BootFailed;

function scriptFailsToLoad(src: string) {
  const script = document.createElement('script');
  script.src = src;
  document.head.append(script);
  script.dispatchEvent(new Event('error'));
  script.remove();
}

const notice = () => document.querySelector('#root [role="alert"]');

// The unit tests share one document (isolate: false): the guard's listener and global, the notice and
// its focus go when these tests end.
let listener: EventListenerOrEventListenerObject | undefined;
const lang = document.documentElement.lang;
beforeAll(() => {
  const added = vi.spyOn(window, 'addEventListener');
  failed = installFromSource(texts, reloadOnceFromSource, reload, () => {
    if (storageBlocked) throw new DOMException('blocked', 'SecurityError');
    return storage;
  });
  listener = added.mock.calls.find(([type]) => type === 'error')?.[1];
  added.mockRestore();
});
afterAll(() => {
  if (listener) window.removeEventListener('error', listener, true);
  delete window.dashBootFailed;
  (document.activeElement as HTMLElement | null)?.blur();
  document.body.replaceChildren();
  document.documentElement.lang = lang;
});

beforeEach(() => {
  stored.clear();
  storageBlocked = false;
  reload.mockClear();
  document.documentElement.lang = 'en';
  document.body.innerHTML =
    '<div id="root" inert><nav aria-label="Organization"><a href="/org/acme">Acme</a></nav><main>Transactions</main></div>';
});

describe('the boot guard of a page that cannot start', () => {
  it('reloads once when the entry script fails, then replaces the inert page with a notice', () => {
    scriptFailsToLoad('/static/js/index.0123456789.js');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notice()).toBeNull();
    expect(window.dashBootFailed).toBe(failed);

    // After the reload, the same file fails again.
    scriptFailsToLoad('/static/js/index.0123456789.js');
    expect(reload).toHaveBeenCalledTimes(1);
    const root = document.getElementById('root');
    expect(root?.hasAttribute('inert')).toBe(false);
    expect(root?.querySelector('nav')).toBeNull();
    expect(notice()?.querySelector('h1')?.textContent).toBe('The dashboard could not load');
    expect(notice()?.textContent).toContain('Check your connection, then reload the page.');
    const button = notice()?.querySelector('button');
    expect(button?.textContent).toBe('Reload');
    expect(document.activeElement).toBe(button);
    button?.click();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves the files the entry loads, and other origins, to the entry', () => {
    scriptFailsToLoad('/static/js/async/71.36491a5e28.js');
    scriptFailsToLoad('https://remote.example/static/js/index.0123456789.js');
    expect(reload).not.toHaveBeenCalled();
    expect(notice()).toBeNull();
  });

  it("takes the entry's boot chunk failures: once per distinct reason", () => {
    expect(failed('Loading chunk 4 failed.')).toBe(true);
    expect(failed('Loading chunk 9 failed.')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    // The lazy pages' record of reloads (reload-once.ts): an error reloads the page once, wherever it comes.
    expect([...stored.keys()]).toContain('dash:reloaded-for:Loading chunk 4 failed.');
    expect(failed('Loading chunk 4 failed.')).toBe(false);
    expect(notice()).not.toBeNull();
  });

  it("speaks the page's language: its exact tag, else its base language, else English", () => {
    const titleFor = (lang: string) => {
      document.documentElement.lang = lang;
      storageBlocked = true;
      failed('any');
      return notice()?.querySelector('h1')?.textContent;
    };
    expect(titleFor('es-MX')).toBe('No se pudo cargar el panel');
    expect(titleFor('pt-BR')).toBe('Não foi possível carregar o painel');
    expect(titleFor('pt')).toBe('The dashboard could not load');
    expect(titleFor('en-GB')).toBe('The dashboard could not load');
    expect(titleFor('fr')).toBe('The dashboard could not load');
  });

  it('shows the notice at once when storage is blocked (a second failure cannot be told from the first)', () => {
    storageBlocked = true;
    expect(failed('Loading chunk 4 failed.')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(notice()).not.toBeNull();
  });
});
