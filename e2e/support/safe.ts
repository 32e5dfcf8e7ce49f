import { randomUUID } from 'node:crypto';
import { type TOrganization, ZMeResponse, ZWalletResponse } from '@dash/shared/contracts';
import type { Browser, Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  createOrganizationThroughApi,
  expect,
  memberWithRole,
  newEmail,
  signInThroughApi,
  suffix,
} from './fixtures';
import { addProvedSigningDevice, approveOrganizationThroughApi } from './setup';
import { budget } from './time-budget';

/** A call to the API as the member signed in on `page`, in `organization` (POSTs with an Idempotency-Key). */
export async function api(
  page: Page,
  organization: TOrganization,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const response = await page.context().request.fetch(`/api/v0/${path}`, {
    method,
    headers: {
      'x-organization-uid': organization.uid,
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/**
 * A new approved organization whose Safe is deployed on the local Arbitrum Sepolia, 2 out of 2: its
 * Admin (signed in on `page`) and an Editor (their own page) are the owners, each with a proved
 * signing device of a fresh key (returned, for the wallet injected into their pages); and a Viewer.
 */
export async function organizationWithSafe(page: Page, browser: Browser, baseURL: string | undefined) {
  const adminKey = generatePrivateKey();
  const editorKey = generatePrivateKey();
  await signInThroughApi(page, newEmail('owner'));
  const organization = await createOrganizationThroughApi(
    page,
    `Treasury ${suffix()}`,
    `treasury-${suffix()}`,
  );
  await approveOrganizationThroughApi(page, browser, baseURL, organization);
  const editor = await memberWithRole(browser, baseURL, page, organization, 'Editor', {
    email: newEmail('editor'),
  });
  const viewer = await memberWithRole(browser, baseURL, page, organization, 'Viewer');

  // Each owner's device proves its key; both sign for a 2 out of 2 Safe on the local Arbitrum Sepolia.
  const adminDevice = await addProvedSigningDevice(page, 'Admin key', privateKeyToAccount(adminKey));
  const editorDevice = await addProvedSigningDevice(editor, 'Editor key', privateKeyToAccount(editorKey));
  const uidOf = async (member: Page) =>
    ZMeResponse.parse(await (await member.context().request.get('/api/v0/me')).json()).data.uid;
  for (const member of [page, editor])
    await api(page, organization, 'POST', 'wallet/signer/propose', { userUid: await uidOf(member) });
  const deviceUid = async (member: Page, address: string) =>
    (
      (await (await member.context().request.get('/api/v0/profile/signing-devices')).json()) as {
        data: { uid: string; ethAddress: string }[];
      }
    ).data.find((device) => device.ethAddress === address)?.uid;
  await api(page, organization, 'POST', 'wallet/signer/signing-device', {
    signingDeviceUid: await deviceUid(page, adminDevice),
  });
  await api(editor, organization, 'POST', 'wallet/signer/signing-device', {
    signingDeviceUid: await deviceUid(editor, editorDevice),
  });
  await api(page, organization, 'POST', 'wallet/deploy', { threshold: 2 });
  let safe = '';
  await expect
    .poll(
      async () => {
        const wallet = ZWalletResponse.parse(await api(page, organization, 'GET', 'wallet')).data;
        safe = wallet.address ?? '';
        return wallet.status;
      },
      { timeout: budget(30_000) },
    )
    .toBe('deployed');
  return { organization, editor, viewer, adminKey, editorKey, safe };
}
