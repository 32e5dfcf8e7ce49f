import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../contracts/catalogue';
import { DOCUMENT_TOO_LARGE_MESSAGE } from '../contracts/kyb';
import { UPLOAD_EMPTY_MESSAGE, UPLOAD_TYPE_MESSAGE, uploadTooLargeMessage } from '../contracts/uploads';
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

describe('messages with values (the server’s own upload limit)', () => {
  const MB = 1024 * 1024;

  it('keeps English as it came, for any limit (the contract and the English key say the same)', () => {
    for (const maxBytes of [25 * MB, 10 * MB, 2.5 * MB, 512 * 1024, 1536]) {
      expect(translateMessage(uploadTooLargeMessage(maxBytes))).toBe(uploadTooLargeMessage(maxBytes));
    }
    expect(translateMessage(uploadTooLargeMessage(25 * MB))).toBe('Files must be at most 25 MB.');
  });

  it('says the limit in Brazilian Portuguese and Mexican Spanish, with the value and its decimal mark', async () => {
    await setLocale('pt-BR', { remember: false });
    expect(translateMessage(uploadTooLargeMessage(25 * MB))).toBe('Os arquivos devem ter no máximo 25 MB.');
    expect(translateMessage(uploadTooLargeMessage(2.5 * MB))).toBe(
      'Os arquivos devem ter no máximo 2,50 MB.',
    );
    expect(translateMessage(uploadTooLargeMessage(512 * 1024))).toBe(
      'Os arquivos devem ter no máximo 512 KB.',
    );
    await setLocale('es-MX', { remember: false });
    expect(translateMessage(uploadTooLargeMessage(30 * MB))).toBe(
      'Los archivos deben pesar como máximo 30 MB.',
    );
    expect(translateMessage(uploadTooLargeMessage(2.5 * MB))).toBe(
      'Los archivos deben pesar como máximo 2.50 MB.',
    );
  });

  it('still translates the fixed upload messages, and leaves a near miss alone', async () => {
    await setLocale('pt-BR', { remember: false });
    expect(translateMessage(DOCUMENT_TOO_LARGE_MESSAGE)).toBe('Os documentos devem ter no máximo 10 MB.');
    expect(translateMessage(UPLOAD_EMPTY_MESSAGE)).toBe('O arquivo está vazio.');
    expect(translateMessage(UPLOAD_TYPE_MESSAGE)).not.toBe(UPLOAD_TYPE_MESSAGE);
    expect(translateMessage('Files must be at most 25 MB')).toBe('Files must be at most 25 MB');
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
