import { randomUUID } from 'node:crypto';
import {
  type TOrganization,
  ZCreateUploadResponse,
  ZProviderAccountsResponse,
  ZProvidersResponse,
  ZSigningDeviceChallengeResponse,
} from '@dash/shared/contracts';
import type { Browser, Page } from '@playwright/test';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { expect, signInThroughApi } from './fixtures';
import { budget } from './time-budget';

/**
 * Setup through the API for tests whose flow is something else: an organization's members, its KYB
 * application and approval, its provider account. Each works on the organization it is given.
 */

const headersOf = (organization: TOrganization) => ({ 'x-organization-uid': organization.uid });

/** Fills, documents and submits a complete KYB application through the API, as its Admin. */
export async function submitKybThroughApi(page: Page, organization: TOrganization): Promise<void> {
  const request = page.context().request;
  const headers = headersOf(organization);
  const ownerId = randomUUID();
  const draft = await request.put('/api/v0/kyb', {
    headers,
    data: {
      legalName: 'Teclado Comercial S.A. de C.V.',
      countryOfIncorporation: 'MX',
      taxId: 'TCO010203AB1',
      incorporationDate: '2001-02-03',
      website: 'https://teclado.mx',
      businessActivity: 'Wholesale of keyboards',
      expectedMonthlyVolume: { amount: '250000.00', currency: 'MXN' },
      registeredAddress: {
        line1: 'Av. Reforma 100',
        city: 'Ciudad de México',
        state: 'CDMX',
        postalCode: '06600',
        country: 'MX',
      },
      beneficialOwners: [
        {
          id: ownerId,
          name: 'Ana Teclado',
          ownershipPercent: '60',
          nationality: 'MX',
          idDocumentType: 'passport',
          idDocumentNumber: 'G12345678',
        },
      ],
    },
  });
  expect(draft.status()).toBe(200);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
  for (const kind of ['articles_of_incorporation', 'proof_of_address', 'tax_certificate', 'owner_id']) {
    const upload = ZCreateUploadResponse.parse(
      await (
        await request.post('/api/v0/uploads', {
          headers,
          data: {
            purpose: 'document',
            filename: `${kind}.pdf`,
            contentType: 'application/pdf',
            byteSize: pdf.length,
          },
        })
      ).json(),
    ).data;
    const put = await request.put(upload.signedUrl, {
      headers: { 'content-type': 'application/pdf' },
      data: pdf,
    });
    expect(put.ok()).toBe(true);
    const document = await request.post('/api/v0/documents', {
      headers,
      data: { tempFileId: upload.tempFileId, kind, ...(kind === 'owner_id' ? { ownerId } : {}) },
    });
    expect(document.ok()).toBe(true);
  }
  expect((await request.post('/api/v0/kyb/submit', { headers, data: {} })).ok()).toBe(true);
}

/** Submits the organization's KYB application (as its Admin on `admin`) and has the operator approve it. */
export async function approveOrganizationThroughApi(
  admin: Page,
  browser: Browser,
  baseURL: string | undefined,
  organization: TOrganization,
): Promise<void> {
  await submitKybThroughApi(admin, organization);
  const context = await browser.newContext({ baseURL });
  try {
    const operator = await context.newPage();
    await signInThroughApi(operator, 'ops@example.com');
    const approved = await context.request.post(`/api/v0/ops/kyb/${organization.uid}/approve`, { data: {} });
    expect(approved.ok()).toBe(true);
  } finally {
    await context.close();
  }
}

/** Onboards the approved organization with a sandbox provider (as its Admin) and waits until the account is Active. */
export async function activeProviderAccountThroughApi(
  admin: Page,
  organization: TOrganization,
  providerName: string,
): Promise<void> {
  const request = admin.context().request;
  const headers = headersOf(organization);
  const providers = ZProvidersResponse.parse(
    await (await request.get('/api/v0/providers', { headers })).json(),
  );
  const provider = providers.data.find((candidate) => candidate.name === providerName);
  if (!provider) throw new Error(`no provider ${providerName}`);
  const started = await request.post('/api/v0/provider-accounts', {
    headers,
    data: { providerUid: provider.uid },
  });
  expect(started.ok()).toBe(true);
  await expect
    .poll(
      async () =>
        ZProviderAccountsResponse.parse(
          await (await request.get('/api/v0/provider-accounts', { headers })).json(),
        ).data.find((account) => account.provider.uid === provider.uid)?.status,
      { timeout: budget(15_000) },
    )
    .toBe('Active');
}

/** Registers a signing device of a fresh key for the user signed in on `page`, proved (settings has its own e2e). */
export async function addSigningDevice(page: Page, name: string): Promise<string> {
  return addProvedSigningDevice(page, name, privateKeyToAccount(generatePrivateKey()));
}

/**
 * Registers a signing device of `key` for the user signed in on `page`, with its proof: the API's
 * challenge signed with personal_sign, as the browser's wallet would. Stored verified.
 */
export async function addProvedSigningDevice(
  page: Page,
  name: string,
  key: PrivateKeyAccount,
): Promise<string> {
  const request = page.context().request;
  const challenge = ZSigningDeviceChallengeResponse.parse(
    await (
      await request.post('/api/v0/profile/signing-devices/challenges', { data: { ethAddress: key.address } })
    ).json(),
  ).data;
  const signature = await key.signMessage({ message: challenge.message });
  const created = await request.post('/api/v0/profile/signing-devices', {
    data: { name, ethAddress: key.address, proof: { challengeUid: challenge.uid, signature } },
  });
  expect(created.status()).toBe(201);
  return key.address;
}
