import { randomUUID } from 'node:crypto';
import { ZQuoteResponse, ZTransferDetailResponse, ZTransferResponse } from '@dash/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ChainsConfig } from '../config';
import {
  auditEvents,
  bankBeneficiaries,
  chainTransfers,
  providerAccounts,
  registeredWallets,
} from '../db/schema';
import { createTestApp } from './app';
import { testChainsConfig } from './dev-chain';
import { createOrganization, signInUser } from './factories';
import { call } from './http';
import {
  approveOrganization,
  createCatalogueProvider,
  deliverSandboxEvent,
  SANDBOX_TEST_KEYS,
  sandboxConfig,
  testSandbox,
} from './providers';

/** The scene's registered wallet on polygon-amoy. */
export const SCENE_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * An approved organization with an Active Transfero account (BRL, testbrz on polygon-amoy), a
 * polygon-amoy wallet and a Pix beneficiary, the API watching `chains` (the test dev chains by
 * default), and the calls a rails test makes: ramps, the provider's report of a delivery, what the
 * API counted and audited.
 */
export async function railsScene(chains?: ChainsConfig) {
  const sandbox = await testSandbox();
  const testApp = await createTestApp({
    ...sandboxConfig(sandbox),
    chains: chains ?? (await testChainsConfig()),
  });
  const founder = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, founder.cookie);
  await approveOrganization(testApp.db, organization.uid);
  const provider = await createCatalogueProvider(testApp.db, { name: 'Transfero' });
  await testApp.db
    .insert(providerAccounts)
    .values({ organizationUid: organization.uid, providerUid: provider.uid, status: 'Active' });
  const [wallet] = await testApp.db
    .insert(registeredWallets)
    .values({
      organizationUid: organization.uid,
      network: 'polygon-amoy',
      address: SCENE_WALLET,
      name: 'Treasury',
    })
    .returning();
  const [beneficiary] = await testApp.db
    .insert(bankBeneficiaries)
    .values({
      organizationUid: organization.uid,
      type: 'PixKey',
      pixKeyType: 'email',
      accountKey: 'pagamentos@example.com',
      name: 'Fornecedor',
    })
    .returning();
  if (!wallet || !beneficiary) throw new Error('scene not written');
  const ask = (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) =>
    call(testApp.app, method, path, {
      cookie: founder.cookie,
      organization: organization.uid,
      ...(body === undefined ? {} : { body }),
      ...(headers ? { headers } : {}),
    });
  const detail = async (uid: string) =>
    ZTransferDetailResponse.parse((await ask('GET', `/rails/transactions/${uid}`)).json()).data;
  const quote = async (type: 'on_ramp' | 'off_ramp', amount: string) => {
    const answer = await ask('POST', '/rails/quotes', {
      providerUid: provider.uid,
      type,
      currency: 'BRL',
      network: 'polygon-amoy',
      amount,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return ZQuoteResponse.parse(answer.json()).data.uid;
  };
  /** A new on-ramp of 1000 BRL (994 testbrz) to the wallet, told to the provider. */
  const onRamp = async () => {
    const created = await ask(
      'POST',
      '/rails/on-ramps',
      { quoteUid: await quote('on_ramp', '1000.00'), walletUid: wallet.uid },
      { 'idempotency-key': randomUUID() },
    );
    expect(created.statusCode, created.body).toBe(201);
    await testApp.app.jobs.drain();
    return detail(ZTransferResponse.parse(created.json()).data.uid);
  };
  /** POST rails/off-ramps of `amount` testbrz to the beneficiary, paid from `walletUid` (absent: external). */
  const askOffRamp = async (amount: string, walletUid?: string | null) =>
    ask(
      'POST',
      '/rails/off-ramps',
      {
        quoteUid: await quote('off_ramp', amount),
        bankBeneficiaryUid: beneficiary.uid,
        ...(walletUid === undefined ? {} : { walletUid }),
      },
      { 'idempotency-key': randomUUID() },
    );
  /** The provider reports the on-ramp completed with `txHash`, by a signed webhook as the sandbox sends it. */
  const report = async (providerReference: string, txHash: string) => {
    const view = (await fetch(`${sandbox.url}/v1/transfers/${providerReference}`, {
      headers: { authorization: `Bearer ${SANDBOX_TEST_KEYS.transfero}` },
    }).then((response) => response.json())) as Record<string, unknown>;
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'transfer.completed',
      createdAt: new Date().toISOString(),
      data: { transfer: { ...view, status: 'completed', txHash } },
    });
    const answer = await deliverSandboxEvent(testApp, provider.uid, body);
    expect(answer.statusCode, answer.body).toBe(200);
    await testApp.app.jobs.drain();
  };
  const countedLogs = (transferUid: string) =>
    testApp.db.select().from(chainTransfers).where(eq(chainTransfers.transferUid, transferUid));
  const reviewAudits = (transferUid: string) =>
    testApp.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectUid, transferUid), eq(auditEvents.action, 'transfer.held_for_review')),
      );
  return {
    testApp,
    organization,
    wallet,
    ask,
    onRamp,
    askOffRamp,
    detail,
    report,
    countedLogs,
    reviewAudits,
  };
}
