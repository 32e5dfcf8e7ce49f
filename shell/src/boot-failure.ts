/** The words of the notice a page shows when it cannot start (shell/src/locales, `bootFailure`). */
export interface BootFailureTexts {
  title: string;
  text: string;
  reload: string;
}

/** What the boot guard leaves on `window` for the entry (src/index.ts). */
export type BootFailed = (reason: string) => boolean;
declare global {
  interface Window {
    /** The page could not start: reloads it once per reason, then says so (true while it reloads). */
    dashBootFailed?: BootFailed;
  }
}

/**
 * The boot guard. index.html runs it inline, first in its head (rsbuild.config.ts writes its source
 * there with each language's `bootFailure` texts), so it is in place before any file of the page
 * loads and needs none of them: what fails may be the entry itself, or React.
 *
 * When the page's entry script (the one file in /static/js/, loaded by the page or, on a page the
 * server rendered, by index.html's after-paint loader) fails to load, or the entry reports that a
 * boot chunk failed (`window.dashBootFailed`), the page reloads once per distinct reason, as a lazy
 * page does (spec section 2, with `reloadOnce` of src/features/errors/reload-once.ts). If the same reason comes again,
 * #root's content (the boot frame's loading bar, or the server's render, inert until the app takes
 * over) is replaced by a notice in the page's language (`<html lang>`, set by the server; else its
 * base language, else English) with a focused button that reloads the page.
 *
 * Self-contained: the build serializes it with Function.prototype.toString, so it uses nothing
 * outside its own body, and plain DOM with index.html's boot styles.
 */
export function installBootGuard(
  textsByLanguage: Readonly<Record<string, BootFailureTexts>>,
  /** reloadOnce of src/features/errors/reload-once.ts: one record of reloads, the boot's and the lazy pages'. */
  reloadOnce: typeof import('./features/errors/reload-once').reloadOnce,
  reload: () => void = () => window.location.reload(),
  storage: () => Storage = () => window.sessionStorage,
): BootFailed {
  const showNotice = () => {
    const root = document.getElementById('root');
    if (!root) return;
    const lang = document.documentElement.lang;
    const texts = textsByLanguage[lang] ?? textsByLanguage[lang.split('-')[0] ?? ''] ?? textsByLanguage.en;
    if (!texts) return;
    const element = (tag: string, className: string, text?: string) => {
      const made = document.createElement(tag);
      made.className = className;
      if (text !== undefined) made.textContent = text;
      return made;
    };
    const frame = element('div', 'boot');
    frame.setAttribute('role', 'alert');
    const button = element('button', 'boot-action', texts.reload) as HTMLButtonElement;
    button.type = 'button';
    button.addEventListener('click', () => reload());
    frame.append(
      element('span', 'boot-mark', 'Dash'),
      element('h1', 'boot-title', texts.title),
      element('p', 'boot-text', texts.text),
      button,
    );
    root.removeAttribute('inert');
    root.replaceChildren(frame);
    button.focus();
  };
  const failed: BootFailed = (reason) => {
    if (reloadOnce(reason, storage, reload)) return true;
    showNotice();
    return false;
  };
  window.dashBootFailed = failed;
  window.addEventListener(
    'error',
    (event) => {
      const script = event.target;
      if (!(script instanceof HTMLScriptElement) || !script.src) return;
      const url = new URL(script.src, window.location.href);
      if (url.origin === window.location.origin && /^\/static\/js\/[^/]+\.js$/.test(url.pathname))
        failed(`The dashboard's entry ${url.pathname} did not load.`);
    },
    // A resource's error does not bubble: it is seen on its way down.
    true,
  );
  return failed;
}
