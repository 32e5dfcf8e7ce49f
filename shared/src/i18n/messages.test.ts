import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../contracts/catalogue';
import { setLocale } from './i18n';
import en from './locales/en.json';
import { translateMessage } from './messages';

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('the catalogue messages in every language', () => {
  it('keeps English as the source of truth: the en catalogue is the spec catalogue word for word', () => {
    expect(en.catalogue).toEqual(ERROR_MESSAGES);
  });

  it('shows a failed call’s catalogue message in the active language, found by its English text', async () => {
    expect(translateMessage(ERROR_MESSAGES.updateProfile)).toBe(ERROR_MESSAGES.updateProfile);
    await setLocale('pt-BR', { remember: false });
    expect(translateMessage(ERROR_MESSAGES.updateProfile)).toBe(
      'Não foi possível atualizar o perfil. Tente novamente mais tarde.',
    );
    await setLocale('es-MX', { remember: false });
    expect(translateMessage(ERROR_MESSAGES.sendMagicLink)).toBe(
      'No se pudo enviar el enlace mágico. Inténtalo de nuevo más tarde.',
    );
    expect(translateMessage('The server could not be reached.')).toBe('No se pudo conectar con el servidor.');
  });

  it('shows a message it has no translation for as it came', async () => {
    await setLocale('pt-BR', { remember: false });
    expect(translateMessage('Something only the server knows')).toBe('Something only the server knows');
  });
});

describe('form validation in the active language', () => {
  it('passes every message of a validator through translateMessage, leaving other values alone', async () => {
    const { inLanguage } = await import('./messages');
    const validate = inLanguage((values: { email: string }) => ({
      ...(values.email ? {} : { email: 'Enter a valid email address' }),
      other: 'Unknown text',
    }));
    await setLocale('es-MX', { remember: false });
    expect(validate({ email: '' })).toEqual({
      email: 'Escribe una dirección de correo electrónico válida',
      other: 'Unknown text',
    });
    expect(validate({ email: 'a@b.c' })).toEqual({ other: 'Unknown text' });
  });
});
