import { z } from '@dash/shared/zod';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, failedCall } from '../client/api-client';
import { ERROR_MESSAGES } from '../contracts/catalogue';
import { ZEmail } from '../contracts/common';
import { codedMessage, english } from '../contracts/message-codes';
import { uploadTooLargeCode, uploadTooLargeMessage } from '../contracts/uploads';
import { setLocale } from './i18n';
import en from './locales/en.json';
import {
  schemaResolverInLanguage,
  wordError,
  wordErrorDetail,
  wordFieldErrors,
  wordMessage,
} from './messages';

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('the catalogue messages in every language', () => {
  it('keeps English as the source of truth: the en catalogue is the spec catalogue word for word', () => {
    expect(en.catalogue).toEqual(ERROR_MESSAGES);
  });

  it('shows a failed call’s catalogue message in the active language, worded from its code', async () => {
    expect(wordError(failedCall('catalogue.updateProfile', 400, 'VALIDATION'))).toBe(
      ERROR_MESSAGES.updateProfile,
    );
    await setLocale('pt-BR', { remember: false });
    expect(wordError(failedCall('catalogue.updateProfile', 400, 'VALIDATION'))).toBe(
      'Não foi possível atualizar o perfil. Tente novamente mais tarde.',
    );
    await setLocale('es-MX', { remember: false });
    expect(wordError(failedCall('catalogue.sendMagicLink', 0, 'NETWORK'))).toBe(
      'No se pudo enviar el enlace mágico. Inténtalo de nuevo más tarde.',
    );
    const network = failedCall('catalogue.sendMagicLink', 0, 'NETWORK', codedMessage('messages.network'));
    expect(network.detail).toBe('The server could not be reached.');
    expect(wordErrorDetail(network)).toBe('No se pudo conectar con el servidor.');
  });

  it('shows a message that came without a code as it came, even when its English has a translation', async () => {
    await setLocale('pt-BR', { remember: false });
    expect(wordError(new Error('Something only the server knows'))).toBe('Something only the server knows');
    const uncoded = new ApiError(ERROR_MESSAGES.updateProfile, 400, 'VALIDATION', 'The file is empty.', {
      file: 'The file is empty.',
    });
    expect(wordError(uncoded)).toBe(ERROR_MESSAGES.updateProfile);
    expect(wordErrorDetail(uncoded)).toBe('The file is empty.');
    expect(wordFieldErrors(uncoded)).toEqual({ file: 'The file is empty.' });
  });
});

describe('messages with values (the server’s own upload limit)', () => {
  const MB = 1024 * 1024;

  it('keeps English as it came, for any limit (the contract and the English key say the same)', () => {
    for (const maxBytes of [25 * MB, 10 * MB, 2.5 * MB, 512 * 1024, 1536]) {
      expect(wordMessage(uploadTooLargeCode(maxBytes))).toBe(uploadTooLargeMessage(maxBytes));
    }
    expect(wordMessage(uploadTooLargeCode(25 * MB))).toBe('Files must be at most 25 MB.');
  });

  it('says the limit in Brazilian Portuguese and Mexican Spanish, with the value and its decimal mark', async () => {
    await setLocale('pt-BR', { remember: false });
    expect(wordMessage(uploadTooLargeCode(25 * MB))).toBe('Os arquivos devem ter no máximo 25 MB.');
    expect(wordMessage(uploadTooLargeCode(2.5 * MB))).toBe('Os arquivos devem ter no máximo 2,50 MB.');
    expect(wordMessage(uploadTooLargeCode(512 * 1024))).toBe('Os arquivos devem ter no máximo 512 KB.');
    await setLocale('es-MX', { remember: false });
    expect(wordMessage(uploadTooLargeCode(30 * MB))).toBe('Los archivos deben pesar como máximo 30 MB.');
    expect(wordMessage(uploadTooLargeCode(2.5 * MB))).toBe('Los archivos deben pesar como máximo 2.50 MB.');
  });

  it('words the fixed upload messages, and a server field error, from their codes', async () => {
    await setLocale('pt-BR', { remember: false });
    expect(wordMessage(codedMessage('messages.documentTooLarge'))).toBe(
      'Os documentos devem ter no máximo 10 MB.',
    );
    expect(wordMessage(codedMessage('messages.fileEmpty'))).toBe('O arquivo está vazio.');
    const type = codedMessage('messages.attachmentTypeUnsupported');
    expect(wordMessage(type)).not.toBe(english(type.code));
    const refused = new ApiError(
      ERROR_MESSAGES.uploadFile,
      413,
      'PAYLOAD_TOO_LARGE',
      undefined,
      {
        byteSize: uploadTooLargeMessage(2.5 * MB),
      },
      { fields: { byteSize: uploadTooLargeCode(2.5 * MB) } },
    );
    expect(wordFieldErrors(refused)).toEqual({ byteSize: 'Os arquivos devem ter no máximo 2,50 MB.' });
  });
});

describe('form validation in the active language', () => {
  it('words each field’s first issue from its code, by its dotted path, and nothing for a valid form', async () => {
    const validate = schemaResolverInLanguage(
      z.object({
        email: ZEmail,
        owners: z.array(z.object({ name: z.string().min(1, { message: 'Name it' }) })),
      }),
    );
    await setLocale('es-MX', { remember: false });
    expect(validate({ email: 'not an address', owners: [{ name: '' }] })).toEqual({
      email: 'Escribe una dirección de correo electrónico válida',
      // A rule without a code keeps the words it was given.
      'owners.0.name': 'Name it',
    });
    expect(validate({ email: 'ana@example.com', owners: [] })).toEqual({});
  });
});
