import { withSearch } from './with-search';

/**
 * Every URL of the dashboard, in one place, so the shell's sidebar and a remote's links cannot
 * drift apart. Route patterns (for the router) sit beside the builders (for links).
 */
const seg = encodeURIComponent;

export const SETTINGS_TABS = ['general', 'members', 'api-keys', 'audit', 'webhooks', 'danger-zone'] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

export const paths = {
  home: () => '/',
  auth: {
    signIn: (redirect?: string) => withSearch('/auth', { redirect }),
    allowlist: () => '/auth/allowlist',
    verify: (token: string) => `/auth/${seg(token)}`,
  },
  changeEmail: (token: string) => withSearch('/change-email', { token }),
  designSystem: () => '/design-system',
  devMailbox: () => '/dev/mailbox',
  newOrganization: () => '/organizations/new',
  org: {
    root: (org: string) => `/org/${seg(org)}`,
    invite: (org: string) => `/org/${seg(org)}/invite`,
    settings: (org: string, tab?: TSettingsTab) => withSearch(`/org/${seg(org)}/settings`, { tab }),
    documents: (org: string) => `/org/${seg(org)}/documents`,
    kyb: (org: string) => `/org/${seg(org)}/kyb`,
    messages: (org: string) => `/org/${seg(org)}/messages`,
    /** The Message Center with one conversation open. */
    messageThread: (org: string, threadUid: string) => `/org/${seg(org)}/messages/${seg(threadUid)}`,
    wallet: {
      root: (org: string) => `/org/${seg(org)}/wallet`,
      addSigner: (org: string) => `/org/${seg(org)}/wallet/add-signer`,
      signingDevice: (org: string) => `/org/${seg(org)}/wallet/signing-device`,
      /** One Safe transaction's page. */
      transaction: (org: string, safeTxHash: string) =>
        `/org/${seg(org)}/wallet/transactions/${seg(safeTxHash)}`,
      /** The form proposing a transfer from the Safe. */
      send: (org: string) => `/org/${seg(org)}/wallet/send`,
    },
    deposit: (org: string) => `/org/${seg(org)}/deposit`,
    explore: {
      root: (org: string) => `/org/${seg(org)}/explore`,
      provider: (org: string, providerUid: string) => `/org/${seg(org)}/explore/${seg(providerUid)}`,
    },
    openStable: {
      root: (org: string) => `/org/${seg(org)}/open-stable`,
      onboard: (org: string) => `/org/${seg(org)}/open-stable/onboard`,
      provider: (org: string, providerUid: string) => `/org/${seg(org)}/open-stable/${seg(providerUid)}`,
    },
    rails: {
      root: (org: string) => `/org/${seg(org)}/rails`,
      /** The list, optionally filtered as its filter bar does (type, status, fiat currency, UTC days, waiting for me). */
      transactions: (
        org: string,
        search: {
          page?: number;
          size?: number;
          type?: string;
          status?: string;
          currency?: string;
          from?: string;
          to?: string;
          /** 'me': only the off-ramps waiting for the reader's approval. */
          waitingFor?: 'me';
        } = {},
      ) => withSearch(`/org/${seg(org)}/rails/transactions`, search),
      transaction: (org: string, transactionUid: string) =>
        `/org/${seg(org)}/rails/transactions/${seg(transactionUid)}`,
      onRamp: (org: string, search: { providerUid?: string; currency?: string; walletUid?: string } = {}) =>
        withSearch(`/org/${seg(org)}/rails/on-ramp`, search),
      offRamp: (
        org: string,
        search: {
          providerUid?: string;
          currency?: string;
          bankBeneficiaryUid?: string;
          network?: string;
        } = {},
      ) => withSearch(`/org/${seg(org)}/rails/off-ramp`, search),
      blockchainWallets: (org: string) => `/org/${seg(org)}/rails/blockchain-wallets`,
      bankBeneficiaries: (org: string) => `/org/${seg(org)}/rails/bank-beneficiaries`,
    },
  },
  /** The compliance review (platform operators only). */
  ops: {
    kyb: () => '/ops/kyb',
    kybApplication: (organizationUid: string) => `/ops/kyb/${seg(organizationUid)}`,
  },
  settings: {
    root: () => '/settings',
    profile: () => '/settings/profile',
    invites: () => '/settings/invites',
    signingDevices: () => '/settings/signing-devices',
    /** With `returnTo` (an in-app path), the form goes back there once the device is added or canceled. */
    newSigningDevice: (returnTo?: string) =>
      returnTo
        ? `/settings/signing-devices/new?returnTo=${encodeURIComponent(returnTo)}`
        : '/settings/signing-devices/new',
  },
} as const;
