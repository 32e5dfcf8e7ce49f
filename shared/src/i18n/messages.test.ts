import { z } from '@dash/shared/zod';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, failedCall } from '../client/api-client';
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

/** The spec's error catalogue (section 8), word for word: en.json must say exactly this. */
const SPEC_CATALOGUE = {
  sendMagicLink: 'Failed to send a magic link. Please try again later.',
  verifyMagicLink: 'Failed to verify magic link. Please try again later.',
  signOut: 'Failed to sign out. Please try again later.',
  fetchOrganizations: 'Failed to fetch organizations. Please try again later.',
  getOrganization: 'Failed to get organization. Please try again later.',
  getOrganizationMembers: 'Failed to get organization members. Please try again later.',
  createOrganization: 'Failed to create organization. Please try again later.',
  updateOrganization: 'Failed to update organization. Please try again later.',
  updateOrganizationMember: 'Failed to update organization member. Please try again later.',
  deleteOrganizationMember: 'Failed to delete organization member. Please try again later.',
  uploadOrganizationAvatar: 'Failed to upload organization avatar. Please try again later.',
  fetchSigningDevices: 'Failed to fetch signing devices. Please try again later.',
  createSigningDevice: 'Failed to create signing device. Please try again later.',
  updateProfile: 'Failed to update profile. Please try again later.',
  fetchNotificationPreferences: 'Failed to load notification settings. Please try again later.',
  updateNotificationPreferences: 'Failed to save notification settings. Please try again later.',
  notUserSession: 'Session is not a user session. This should never happen.',
  fetchOrganizationUsers: 'Failed to fetch organization users. Please try again later.',
  fetchThreads: 'Failed to fetch threads. Please try again later.',
  fetchThread: 'Failed to fetch thread. Please try again later.',
  replyToMessage: 'Failed to reply to message. Please try again later.',
  uploadFile: 'Failed to upload file',
  fetchWallet: 'Failed to fetch wallet. Please try again later.',
  fetchHoldings: 'Failed to fetch on-chain holdings. Please try again later.',
  proposeWalletSigner: 'Failed to propose wallet signer. Please try again later.',
  setWalletSigningDevice: 'Failed to set wallet signing device. Please try again later.',
  requestWalletDeployment: 'Failed to request wallet deployment. Please try again later.',
  fetchSafeTransactions: 'Failed to load wallet transactions. Please try again later.',
  confirmSafeTransaction: 'Failed to confirm the transaction. Please try again later.',
  proposeSafeTransaction: 'Failed to propose the transaction. Please try again later.',
  // Not in the spec's catalogue; same wording pattern for calls the spec leaves unshown.
  fetchSession: 'Failed to load your session. Please try again later.',
  fetchRemotes: 'Failed to load the dashboard areas. Please try again later.',
  fetchMailbox: 'Failed to load the outbox. Please try again later.',
  deleteOrganization: 'Failed to delete organization. Please try again later.',
  leaveOrganization: 'Failed to leave organization. Please try again later.',
  fetchInvitations: 'Failed to fetch invitations. Please try again later.',
  createInvitation: 'Failed to send invitation. Please try again later.',
  revokeInvitation: 'Failed to revoke invitation. Please try again later.',
  acceptInvitation: 'Failed to accept invitation. Please try again later.',
  declineInvitation: 'Failed to decline invitation. Please try again later.',
  requestEmailChange: 'Failed to request e-mail change. Please try again later.',
  confirmEmailChange: 'Failed to confirm e-mail change. Please try again later.',
  removeWalletSigner: 'Failed to remove wallet signer. Please try again later.',
  fetchProviders: 'Failed to fetch providers. Please try again later.',
  fetchProvider: 'Failed to fetch provider. Please try again later.',
  fetchProviderAccounts: 'Failed to fetch provider accounts. Please try again later.',
  startOnboarding: 'Failed to start onboarding. Please try again later.',
  fetchRegisteredWallets: 'Failed to fetch registered wallets. Please try again later.',
  createRegisteredWallet: 'Failed to register wallet. Please try again later.',
  updateRegisteredWallet: 'Failed to update registered wallet. Please try again later.',
  deleteRegisteredWallet: 'Failed to delete registered wallet. Please try again later.',
  fetchBankBeneficiaries: 'Failed to fetch bank beneficiaries. Please try again later.',
  createBankBeneficiary: 'Failed to add bank beneficiary. Please try again later.',
  updateBankBeneficiary: 'Failed to update bank beneficiary. Please try again later.',
  deleteBankBeneficiary: 'Failed to delete bank beneficiary. Please try again later.',
  fetchKyb: 'Failed to fetch the KYB application. Please try again later.',
  saveKybDraft: 'Failed to save the KYB application. Please try again later.',
  submitKyb: 'Failed to submit the KYB application. Please try again later.',
  fetchKybTimeline: 'Failed to fetch the KYB history. Please try again later.',
  fetchDocuments: 'Failed to fetch documents. Please try again later.',
  uploadDocument: 'Failed to upload document. Please try again later.',
  fetchKybQueue: 'Failed to fetch the review queue. Please try again later.',
  fetchKybReview: 'Failed to fetch the KYB application under review. Please try again later.',
  decideKyb: 'Failed to record the KYB decision. Please try again later.',
  fetchTransactions: 'Failed to fetch transactions. Please try again later.',
  fetchAuditLog: 'Failed to fetch the audit log. Please try again later.',
  fetchApiKeys: 'Failed to fetch the API keys. Please try again later.',
  createApiKey: 'Failed to create the API key. Please try again later.',
  revokeApiKey: 'Failed to revoke the API key. Please try again later.',
  fetchTransaction: 'Failed to fetch transaction. Please try again later.',
  createQuote: 'Failed to get a quote. Please try again later.',
  createOnRamp: 'Failed to start the on-ramp. Please try again later.',
  createOffRamp: 'Failed to start the off-ramp. Please try again later.',
  createDeposit: 'Failed to create the deposit. Please try again later.',
  approveTransfer: 'Failed to approve the transfer. Please try again later.',
  cancelTransfer: 'Failed to cancel the transfer. Please try again later.',
  fetchRailsSettings: 'Failed to fetch the approval settings. Please try again later.',
  updateRailsSettings: 'Failed to save the approval settings. Please try again later.',
  fetchWebhookEndpoints: 'Failed to fetch webhook endpoints. Please try again later.',
  createWebhookEndpoint: 'Failed to add the webhook endpoint. Please try again later.',
  deleteWebhookEndpoint: 'Failed to remove the webhook endpoint. Please try again later.',
  enableWebhookEndpoint: 'Failed to enable the webhook endpoint. Please try again later.',
  rotateWebhookSecret: 'Failed to rotate the signing secret. Please try again later.',
  sendWebhookTest: 'Failed to send the test event. Please try again later.',
  fetchWebhookDeliveries: 'Failed to fetch the delivery log. Please try again later.',
  resendWebhook: 'Failed to resend the event. Please try again later.',
} as const;

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('the catalogue messages in every language', () => {
  it('keeps English as the source of truth: the en catalogue is the spec catalogue word for word', () => {
    expect(en.catalogue).toEqual(SPEC_CATALOGUE);
  });

  it('shows a failed call’s catalogue message in the active language, worded from its code', async () => {
    expect(wordError(failedCall('catalogue.updateProfile', 400, 'VALIDATION'))).toBe(
      SPEC_CATALOGUE.updateProfile,
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
    const uncoded = new ApiError(SPEC_CATALOGUE.updateProfile, 400, 'VALIDATION', 'The file is empty.', {
      file: 'The file is empty.',
    });
    expect(wordError(uncoded)).toBe(SPEC_CATALOGUE.updateProfile);
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
      SPEC_CATALOGUE.uploadFile,
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
