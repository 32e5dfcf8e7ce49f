import { describe, expect, it, vi } from 'vitest';
import { type BootFailureTexts, bootFailureTextsFor, showBootFailure } from './boot-failure';
import en from './locales/en.json';
import es from './locales/es-MX.json';
import pt from './locales/pt-BR.json';

const texts: Record<string, BootFailureTexts> = {
  en: en.bootFailure,
  'es-MX': es.bootFailure,
  'pt-BR': pt.bootFailure,
};

describe('the notice of a page that cannot start', () => {
  it("speaks the page's language: its exact tag, else its base language, else English", () => {
    expect(bootFailureTextsFor('es-MX', texts).title).toBe('No se pudo cargar el panel');
    expect(bootFailureTextsFor('pt-BR', texts).reload).toBe('Recarregar');
    expect(bootFailureTextsFor('en', texts).title).toBe('The dashboard could not load');
    expect(bootFailureTextsFor('en-GB', texts)).toBe(texts.en);
    expect(bootFailureTextsFor('fr', texts)).toBe(texts.en);
    expect(bootFailureTextsFor('', texts)).toBe(texts.en);
  });

  it("replaces the server's inert render with the notice, focuses its button and reloads on a click", () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('inert', '');
    root.innerHTML =
      '<nav aria-label="Organization"><a href="/org/acme">Acme</a></nav><main>Transactions</main>';
    document.body.append(root);
    const reload = vi.fn();

    showBootFailure(root, texts.en as BootFailureTexts, reload);

    expect(root.hasAttribute('inert')).toBe(false);
    expect(root.querySelector('nav')).toBeNull();
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.querySelector('h1')?.textContent).toBe('The dashboard could not load');
    expect(alert?.textContent).toContain('Check your connection, then reload the page.');
    const button = root.querySelector('button');
    expect(button?.textContent).toBe('Reload');
    expect(document.activeElement).toBe(button);
    expect(reload).not.toHaveBeenCalled();
    button?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    root.remove();
  });
});
