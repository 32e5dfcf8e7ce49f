/** The words of the notice a page shows when it cannot start (shell/src/locales, `bootFailure`). */
export interface BootFailureTexts {
  title: string;
  text: string;
  reload: string;
}

/** The texts in the page's language (`<html lang>`, set by the server), else in English. */
export function bootFailureTextsFor(
  lang: string,
  texts: Readonly<Record<string, BootFailureTexts>>,
): BootFailureTexts {
  return texts[lang] ?? texts[lang.split('-')[0] ?? ''] ?? (texts.en as BootFailureTexts);
}

/**
 * Replaces what #root shows (the boot frame's loading bar, or the server's render of the page, inert
 * until the app takes over) with a notice that the dashboard could not start and a button that
 * reloads the page. Plain DOM and index.html's boot styles: what failed to load may be React itself.
 */
export function showBootFailure(
  root: HTMLElement,
  texts: BootFailureTexts,
  reload = () => window.location.reload(),
) {
  const frame = document.createElement('div');
  frame.className = 'boot';
  frame.setAttribute('role', 'alert');
  const mark = document.createElement('span');
  mark.className = 'boot-mark';
  mark.textContent = 'Dash';
  const title = document.createElement('h1');
  title.className = 'boot-title';
  title.textContent = texts.title;
  const text = document.createElement('p');
  text.className = 'boot-text';
  text.textContent = texts.text;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'boot-action';
  button.textContent = texts.reload;
  button.addEventListener('click', () => reload());
  frame.append(mark, title, text, button);
  root.removeAttribute('inert');
  root.replaceChildren(frame);
  button.focus();
}
