import { randomUUID } from 'node:crypto';
import {
  AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE,
  AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE,
  COUNTERPARTY_IN_USE_MESSAGE,
  FIAT_AMOUNT_DECIMALS_MESSAGE,
  IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  OWN_TRANSFER_APPROVAL_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
  PROVIDER_ACCOUNT_NOT_ACTIVE_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  STABLECOIN_AMOUNT_DECIMALS_MESSAGE,
  TRANSFER_CANCEL_REASON_LENGTH_MESSAGE,
  TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE,
  type TTransfer,
  ZMailboxResponse,
  ZQuoteResponse,
  ZTransactionsResponse,
  ZTransferDetailResponse,
  ZTransferResponse,
  ZTransferSummary,
} from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  bankBeneficiaries,
  idempotencyKeys,
  ledgerEntries,
  providerAccounts,
  providers,
  quotes,
  registeredWallets,
  transfers,
} from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TEST_DATABASE_URL } from '../../test/database';
import { payDeposit } from '../../test/deposits';
import { testChainsConfig, testDevChain } from '../../test/dev-chain';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import {
  approveOrganization,
  countingAdapters,
  createCatalogueProvider,
  deliverSandboxEvent,
  deliverSandboxEvents,
  sandboxConfig,
  sandboxEventBody,
  sandboxTransferEvents,
  sandboxTransferHelper,
  testSandbox,
} from '../../test/providers';
import { eventually } from '../../test/stack';
import { balanceMismatches, volumeMismatches } from '../../test/transfers';
import { type ProviderAdapters, ProviderError } from '../providers/index';
import { assertBalanced, transferLines } from './ledger';
import { transitionPath } from './state';

type Adapter = NonNullable<ReturnType<ProviderAdapters>>;

/** An approved organization with an Active Transfero account, a polygon-amoy wallet and a Pix beneficiary. */
async function arrange(
  options: { role?: 'Admin' | 'Editor' | 'Viewer'; wrap?: (adapter: Adapter) => Partial<Adapter> } = {},
) {
  const sandbox = await testSandbox();
  const counting = countingAdapters(sandbox);
  const createKeys: string[] = [];
  const adapters: ProviderAdapters = (provider) => {
    const adapter = counting.adapters(provider);
    if (!adapter) return null;
    const counted: Adapter = {
      ...adapter,
      createTransfer: (request, key) => {
        createKeys.push(key);
        return adapter.createTransfer(request, key);
      },
    };
    return options.wrap ? { ...counted, ...options.wrap(counted) } : counted;
  };
  // The API checks the sandbox's deliveries on the test dev chains it sends them on.
  const testApp = await createTestApp(
    { ...sandboxConfig(sandbox), chains: await testChainsConfig() },
    { providerAdapters: adapters },
  );
  const founder = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, founder.cookie);
  await approveOrganization(testApp.db, organization.uid);
  const member = options.role ? await addMember(testApp, organization.uid, options.role) : founder;
  const provider = await createCatalogueProvider(testApp.db, { name: 'Transfero' });
  await testApp.db
    .insert(providerAccounts)
    .values({ organizationUid: organization.uid, providerUid: provider.uid, status: 'Active' });
  const [wallet] = await testApp.db
    .insert(registeredWallets)
    .values({
      organizationUid: organization.uid,
      network: 'polygon-amoy',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
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
  const as =
    (cookie: string) =>
    (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) =>
      call(testApp.app, method, path, {
        cookie,
        organization: organization.uid,
        ...(body === undefined ? {} : { body }),
        ...(headers ? { headers } : {}),
      });
  return {
    sandbox,
    testApp,
    organization,
    provider,
    wallet: wallet as NonNullable<typeof wallet>,
    beneficiary: beneficiary as NonNullable<typeof beneficiary>,
    ask: as(member.cookie),
    founderAsk: as(founder.cookie),
    memberEmail: member.email,
    founderEmail: founder.email,
    createKeys,
  };
}
type Scene = Awaited<ReturnType<typeof arrange>>;

/** POST rails/quotes for a BRL on polygon-amoy, whatever the answer. */
function askQuote(scene: Scene, type: 'on_ramp' | 'off_ramp', amount: string) {
  return scene.ask('POST', '/rails/quotes', {
    providerUid: scene.provider.uid,
    type,
    currency: 'BRL',
    network: 'polygon-amoy',
    amount,
  });
}

/** POST deposits (Transfero, BRL, testbrz, polygon-amoy) of `amount` to the scene's wallet (or another), with a new key. */
function askDeposit(scene: Scene, amount: string, targetWalletUid = scene.wallet.uid) {
  return scene.ask(
    'POST',
    '/deposits',
    {
      provider: 'Transfero',
      currencyId: 'BRL',
      stablecoinId: 'testbrz',
      networkId: 'polygon-amoy',
      targetWalletUid,
      amount,
    },
    { 'idempotency-key': randomUUID() },
  );
}

/** The quotes the organization holds. */
async function quotesHeld(scene: Scene) {
  const rows = await scene.testApp.db
    .select()
    .from(quotes)
    .where(eq(quotes.organizationUid, scene.organization.uid));
  return rows.length;
}

async function quote(scene: Scene, type: 'on_ramp' | 'off_ramp', amount: string) {
  const response = await askQuote(scene, type, amount);
  expect(response.statusCode, response.body).toBe(201);
  return ZQuoteResponse.parse(response.json()).data;
}

/** A new on-ramp's uid, its submit job not run yet. */
async function createOnRamp(scene: Scene, amount: string) {
  const q = await quote(scene, 'on_ramp', amount);
  const response = await scene.ask(
    'POST',
    '/rails/on-ramps',
    { quoteUid: q.uid, walletUid: scene.wallet.uid },
    { 'idempotency-key': randomUUID() },
  );
  expect(response.statusCode, response.body).toBe(201);
  return ZTransferResponse.parse(response.json()).data.uid;
}

async function onRamp(scene: Scene, amount = '1000.00') {
  const uid = await createOnRamp(scene, amount);
  await scene.testApp.app.jobs.drain();
  return detail(scene, uid);
}

async function offRamp(scene: Scene, amount = '500') {
  const q = await quote(scene, 'off_ramp', amount);
  const response = await scene.ask(
    'POST',
    '/rails/off-ramps',
    { quoteUid: q.uid, bankBeneficiaryUid: scene.beneficiary.uid },
    { 'idempotency-key': randomUUID() },
  );
  expect(response.statusCode, response.body).toBe(201);
  await scene.testApp.app.jobs.drain();
  return detail(scene, ZTransferResponse.parse(response.json()).data.uid);
}

/** The off-ramp approval mails in the dev outbox to one address, oldest first. */
async function approvalMailsTo(scene: Scene, to: string) {
  const mails = ZMailboxResponse.parse(
    (await call(scene.testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).json(),
  );
  return mails
    .filter((mail) => mail.subject.startsWith('Off-ramp'))
    .map((mail) => ({ subject: mail.subject, text: mail.text }))
    .reverse();
}

async function detail(scene: Scene, uid: string) {
  const response = await scene.ask('GET', `/rails/transactions/${uid}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZTransferDetailResponse.parse(response.json()).data;
}

/**
 * Pays an off-ramp's deposit on the dev chain as its instructions say (from the funder); answers
 * the sandbox's events once its watcher has credited it (funds received, payout submitted).
 */
async function payOffRamp(scene: Scene, transfer: Awaited<ReturnType<typeof detail>>) {
  const { instructions } = transfer;
  if (instructions?.kind !== 'crypto') throw new Error('not an off-ramp awaiting its deposit');
  const chain = (await testDevChain()).chains.find((candidate) => candidate.network === instructions.network);
  if (!chain) throw new Error(`no dev chain for ${instructions.network}`);
  await payDeposit({
    rpcUrl: chain.url,
    network: instructions.network,
    symbol: instructions.symbol,
    to: instructions.address,
    amount: instructions.amount,
  });
  return sandboxTransferEvents(scene.sandbox, transfer.providerReference ?? '', 2);
}

async function deliverAll(scene: Scene, eventIds: string[]) {
  await deliverSandboxEvents(scene.testApp, scene.sandbox, scene.provider.uid, eventIds);
}

/** Every currency's lines over every account sum to zero (posted and pending alike). */
async function expectLedgerBalanced(scene: Scene) {
  const rows = await scene.testApp.db
    .select({
      currency: ledgerEntries.currency,
      status: ledgerEntries.status,
      sum: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.currency, ledgerEntries.status);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(new Decimal(row.sum).isZero(), `${row.currency} ${row.status} ${row.sum}`).toBe(true);
}

describe('the transfer state machine and ledger (unit)', () => {
  it('moves forward only, through every step in between', () => {
    expect(transitionPath('awaiting_funds', 'completed')).toEqual([
      'funds_received',
      'payment_submitted',
      'completed',
    ]);
    expect(transitionPath('payment_submitted', 'funds_received')).toBeNull();
    expect(transitionPath('completed', 'completed')).toBeNull();
    expect(transitionPath('failed', 'completed')).toBeNull();
    expect(transitionPath('completed', 'returned')).toEqual(['returned']);
  });

  it('balances every posting per currency and refuses one that does not', () => {
    const base = {
      sourceAmount: '1000.00',
      targetAmount: '994.000000',
      fee: '6.00',
      sourceCurrency: 'BRL',
      targetCurrency: 'testbrz',
      feeCurrency: 'BRL',
    };
    expect(() => assertBalanced(transferLines({ ...base, type: 'on_ramp' } as never))).not.toThrow();
    expect(() =>
      assertBalanced(
        transferLines({
          ...base,
          type: 'off_ramp',
          sourceCurrency: 'testbrz',
          targetCurrency: 'BRL',
          sourceAmount: '500',
          targetAmount: '496.50',
          fee: '3.50',
        } as never),
      ),
    ).not.toThrow();
    expect(() => assertBalanced([{ kind: 'bank', currency: 'BRL', amount: new Decimal('1.01') }])).toThrow(
      /Unbalanced/,
    );
  });
});

describe('on-ramp', () => {
  it('quotes, gives a valid Pix BR Code, and completes from the webhooks, even duplicated and out of order', async () => {
    const scene = await arrange({ role: 'Editor' });
    const transfer = await onRamp(scene);
    expect(transfer).toMatchObject({
      status: 'awaiting_funds',
      sourceAmount: '1000.00',
      fee: '6.00',
      targetAmount: '994.00',
    });
    expect(transfer.instructions?.kind).toBe('pix');
    if (transfer.instructions?.kind !== 'pix') throw new Error('no pix');
    const pix = parsePix(transfer.instructions.brCode);
    expect(hasError(pix)).toBe(false);
    expect(pix).toMatchObject({ transactionAmount: 1000, txid: transfer.instructions.txid });
    // The API called the provider once, with our transfer id as the idempotency key.
    expect(scene.createKeys).toEqual([transfer.uid]);

    const eventIds = await sandboxTransferHelper(
      scene.sandbox,
      transfer.providerReference ?? '',
      'funds-received',
    );
    expect(eventIds).toHaveLength(3);
    // The last first, then all of them again: completed once, each step recorded once.
    await deliverAll(scene, [eventIds[2] as string, ...eventIds, ...eventIds]);
    const done = await detail(scene, transfer.uid);
    expect(done.status).toBe('completed');
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.events.map((event) => event.to)).toEqual([
      'awaiting_funds',
      'funds_received',
      'payment_submitted',
      'completed',
    ]);
    await expectLedgerBalanced(scene);
    const balances = (await scene.ask('GET', '/rails/balances')).json().data as {
      account: string;
      currency: string;
      posted: string;
    }[];
    expect(balances).toContainEqual(
      expect.objectContaining({ account: 'wallets', currency: 'testbrz', posted: '994' }),
    );
  });

  it('refuses an expired quote with 409, a Viewer with 403, and a provider account that is not Active with 409', async () => {
    const scene = await arrange();
    const q = await quote(scene, 'on_ramp', '100');
    await scene.testApp.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.uid, q.uid));
    const expired = await scene.ask(
      'POST',
      '/rails/on-ramps',
      { quoteUid: q.uid, walletUid: scene.wallet.uid },
      { 'idempotency-key': randomUUID() },
    );
    expect(errorOf(expired)).toEqual({ status: 409, code: 'CONFLICT', message: QUOTE_EXPIRED_MESSAGE });

    await scene.testApp.db.update(providerAccounts).set({ status: 'Pending' });
    const inactive = await scene.ask('POST', '/rails/quotes', {
      providerUid: scene.provider.uid,
      type: 'on_ramp',
      currency: 'BRL',
      network: 'polygon-amoy',
      amount: '100',
    });
    expect(errorOf(inactive)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: PROVIDER_ACCOUNT_NOT_ACTIVE_MESSAGE,
    });

    const viewer = await arrange({ role: 'Viewer' });
    const refused = await viewer.ask('POST', '/rails/quotes', {
      providerUid: viewer.provider.uid,
      type: 'on_ramp',
      currency: 'BRL',
      network: 'polygon-amoy',
      amount: '100',
    });
    expect(errorOf(refused)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['rails.write'],
    });
  });

  it('holds no transaction while the provider quotes, and answers 503 when it cannot be reached', async () => {
    /** The next quote waits at the provider until released; `entered` resolves once it is there. */
    let held: { enter: () => void; gate: Promise<void> } | null = null;
    const holdNextQuote = () => {
      let release: () => void = () => {};
      let enter: () => void = () => {};
      const entered = new Promise<void>((resolve) => {
        enter = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { enter, gate };
      return { entered, release };
    };
    let failNext = false;
    const scene = await arrange({
      wrap: (adapter) => ({
        createQuote: async (request, key) => {
          if (failNext) {
            failNext = false;
            throw new ProviderError('POST /v1/quotes timed out after 10000 ms', 0, 'timeout', true);
          }
          const hold = held;
          held = null;
          if (hold) {
            hold.enter();
            await hold.gate;
          }
          return adapter.createQuote(request, key);
        },
      }),
    });
    const body = {
      providerUid: scene.provider.uid,
      type: 'on_ramp',
      currency: 'BRL',
      network: 'polygon-amoy',
      amount: '100',
    };
    // While the provider takes its time, the database answers everyone else (PGlite has one connection).
    const quoting = holdNextQuote();
    const slow = scene.ask('POST', '/rails/quotes', body);
    await quoting.entered;
    expect((await scene.ask('GET', '/rails/transactions')).statusCode).toBe(200);
    quoting.release();
    expect((await slow).statusCode).toBe(201);
    // The same for a deposit, whose quote is asked once its Idempotency-Key is claimed.
    const depositing = holdNextQuote();
    const deposit = askDeposit(scene, '25');
    await depositing.entered;
    expect((await scene.ask('GET', '/rails/transactions')).statusCode).toBe(200);
    depositing.release();
    expect((await deposit).statusCode, (await deposit).body).toBe(201);

    failNext = true;
    const unavailable = await scene.ask('POST', '/rails/quotes', body);
    expect(errorOf(unavailable)).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      message: PROVIDER_UNAVAILABLE_MESSAGE,
    });
    expect(unavailable.headers['retry-after']).toBe('5');
    // Two quotes: the one asked directly and the deposit's; the refused one left nothing.
    expect(
      await scene.testApp.db.select().from(quotes).where(eq(quotes.organizationUid, scene.organization.uid)),
    ).toHaveLength(2);
  });

  it('reconciles a transfer whose webhooks were lost', async () => {
    const scene = await arrange();
    const transfer = await onRamp(scene);
    await sandboxTransferHelper(scene.sandbox, transfer.providerReference ?? '', 'funds-received');
    // No webhook delivered: once the transfer is stale, the reconciliation asks the provider.
    await scene.testApp.db.update(transfers).set({ updatedAt: new Date(Date.now() - 3_600_000) });
    expect(await scene.testApp.app.transfers.reconcileStale()).toBe(1);
    await scene.testApp.app.jobs.drain(); // the delivery checked on chain
    const done = await detail(scene, transfer.uid);
    expect(done.status).toBe('completed');
    expect(done.events.at(-1)).toMatchObject({ to: 'completed', source: 'reconciliation' });
    await expectLedgerBalanced(scene);
  });

  it('resumes after a crash between the provider call and the commit without a second provider transfer', async () => {
    let crash = true;
    const scene = await arrange({
      wrap: (adapter) => ({
        createTransfer: async (request, key) => {
          const answer = await adapter.createTransfer(request, key);
          if (crash) {
            crash = false;
            throw new Error('killed after the provider answered');
          }
          return answer;
        },
      }),
    });
    const q = await quote(scene, 'on_ramp', '250');
    const created = await scene.ask(
      'POST',
      '/rails/on-ramps',
      { quoteUid: q.uid, walletUid: scene.wallet.uid },
      { 'idempotency-key': randomUUID() },
    );
    expect(created.statusCode, created.body).toBe(201);
    await scene.testApp.app.jobs.drain();
    // The retry runs after its backoff: make it due now.
    await scene.testApp.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
    await scene.testApp.app.jobs.drain();
    const uid = ZTransferResponse.parse(created.json()).data.uid;
    const transfer = await detail(scene, uid);
    expect(transfer.providerReference).toMatch(/^trf_/);
    expect(scene.createKeys).toEqual([uid, uid]);
    const atProvider = Object.values(scene.sandbox.store.state.transfers).filter(
      (t) => t.externalReference === uid,
    );
    expect(atProvider).toHaveLength(1);
  });

  it("fails a transfer with the API's own reason as a code and values: no adapter, a refusal, a provider never reached", async () => {
    let answer: 'refuse' | 'time out' | null = null;
    const scene = await arrange({
      wrap: (adapter) => ({
        createTransfer: async (request, key) => {
          if (answer === 'refuse')
            throw new ProviderError(
              'POST /v1/transfers answered 422: Chave Pix inválida',
              422,
              'invalid_destination',
              false,
              'Chave Pix inválida',
            );
          if (answer === 'time out')
            throw new ProviderError('POST /v1/transfers timed out after 10000 ms', 0, 'timeout', true);
          return adapter.createTransfer(request, key);
        },
      }),
    });
    const create = () => createOnRamp(scene, '100');

    // This installation has no adapter for the provider any more when the job runs.
    const unavailable = await create();
    await scene.testApp.db
      .update(providers)
      .set({ adapter: null, adapterAccount: null })
      .where(eq(providers.uid, scene.provider.uid));
    await scene.testApp.app.jobs.drain();
    await scene.testApp.db
      .update(providers)
      .set({ adapter: 'sandbox', adapterAccount: 'transfero' })
      .where(eq(providers.uid, scene.provider.uid));
    // The provider refuses it (its words kept as they are).
    answer = 'refuse';
    const refused = await create();
    await scene.testApp.app.jobs.drain();
    // The provider never answers: the job gives up after its last try.
    answer = 'time out';
    const unreachable = await create();
    for (let round = 0; round < 8; round += 1) {
      await scene.testApp.app.jobs.drain();
      await scene.testApp.db.execute(sql`update jobs set run_at = now() where status = 'queued'`);
    }

    const expected = {
      [unavailable]: {
        text: 'This provider cannot be reached from this installation.',
        code: 'provider_unavailable',
        params: {},
      },
      [refused]: {
        // The provider's own words, not the HTTP client's account of the call.
        text: 'The provider refused the transfer: Chave Pix inválida',
        code: 'provider_refused',
        params: { reason: 'Chave Pix inválida' },
      },
      [unreachable]: {
        text: 'We could not reach the provider. Nothing was moved; start again.',
        code: 'provider_unreachable',
        params: {},
      },
    };
    for (const [uid, { text, code, params }] of Object.entries(expected)) {
      const failed = await detail(scene, uid);
      // The English text stays beside the code (older readers, the CSV, the audit log).
      expect(failed, code).toMatchObject({
        status: 'failed',
        providerReference: null,
        failureReason: text,
        failureReasonCode: code,
        failureReasonParams: params,
      });
      expect(failed.events.at(-1), code).toEqual({
        from: 'awaiting_funds',
        to: 'failed',
        source: 'system',
        note: text,
        noteCode: code,
        noteParams: params,
        at: expect.any(String),
      });
    }
    // The audit log keeps the English text as its note, and the code and values for its page to word.
    const audit = await scene.testApp.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationUid, scene.organization.uid),
          eq(auditEvents.action, 'transfer.failed'),
        ),
      );
    expect(
      Object.fromEntries(
        audit.map((row) => [
          row.subjectUid,
          { text: row.note, code: row.data?.noteCode, params: row.data?.noteParams },
        ]),
      ),
    ).toEqual(expected);
    expect(audit.map((row) => row.actor)).toEqual(['system', 'system', 'system']);
    await expectLedgerBalanced(scene);
  });
});

describe('off-ramp', () => {
  it('reaches completed, failed (with the reason) and returned after completion (reversing entries)', async () => {
    const scene = await arrange();
    const otherAdmin = await addMember(scene.testApp, scene.organization.uid, 'Admin');
    const completed = await offRamp(scene);
    expect(completed.instructions).toMatchObject({
      kind: 'crypto',
      network: 'polygon-amoy',
      amount: '500.000000',
      symbol: 'testbrz',
    });
    await deliverAll(scene, await payOffRamp(scene, completed));
    await deliverAll(
      scene,
      await sandboxTransferHelper(scene.sandbox, completed.providerReference ?? '', 'complete'),
    );
    expect((await detail(scene, completed.uid)).status).toBe('completed');
    await deliverAll(
      scene,
      await sandboxTransferHelper(scene.sandbox, completed.providerReference ?? '', 'return', {
        reason: 'Account closed',
      }),
    );
    const returned = await detail(scene, completed.uid);
    expect(returned).toMatchObject({ status: 'returned', failureReason: 'Account closed' });
    expect(returned.payoutReference).toMatch(/^E/);

    const failed = await offRamp(scene, '100');
    await deliverAll(scene, await payOffRamp(scene, failed));
    await deliverAll(
      scene,
      await sandboxTransferHelper(scene.sandbox, failed.providerReference ?? '', 'payout-failed', {
        reason: 'Invalid Pix key',
      }),
    );
    // The provider's reason is its own free text: no code. It gave the deposit back on chain.
    expect(await detail(scene, failed.uid)).toMatchObject({
      status: 'returned',
      failureReason: expect.stringMatching(
        /^Invalid Pix key\. The deposit was sent back to 0x[0-9a-fA-F]{40}\.$/,
      ),
      failureReasonCode: null,
      failureReasonParams: null,
    });

    const entries = await scene.testApp.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferUid, completed.uid));
    expect(entries.filter((e) => e.posting === 'reversal' && e.status === 'posted')).toHaveLength(5);
    expect(entries.filter((e) => e.posting === 'transfer' && e.status === 'posted')).toHaveLength(5);
    await expectLedgerBalanced(scene);

    // Its creator is told of each end by mail (issue 52), with the reason; another Admin is not.
    await scene.testApp.app.jobs.drain();
    const ends = async (to: string) =>
      ZMailboxResponse.parse(
        (await call(scene.testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).json(),
      )
        .filter((mail) => mail.subject.startsWith('Transfer '))
        .map((mail) => ({ subject: mail.subject, text: mail.text }))
        .sort((a, b) => a.subject.localeCompare(b.subject));
    const name = scene.organization.name;
    const told = await ends(scene.memberEmail);
    expect(told.map((mail) => mail.subject)).toEqual([
      `Transfer completed: 500.00 testbrz (${name})`,
      `Transfer returned: 100.00 testbrz (${name})`,
      `Transfer returned: 500.00 testbrz (${name})`,
    ]);
    expect(told[2]?.text).toContain('Reason: Account closed');
    expect(told[0]?.text).toContain(`/org/${scene.organization.slug}/rails/transactions/${completed.uid}`);
    expect(await ends(otherAdmin.email)).toEqual([]);
  });

  it('waits above the threshold for a second member; the creator cannot approve', async () => {
    const scene = await arrange({ role: 'Editor' });
    const set = await scene.founderAsk('PUT', '/rails/settings', { offRampApprovalThreshold: '1000' });
    expect(set.statusCode, set.body).toBe(200);
    const small = await offRamp(scene, '999');
    expect(small.status).toBe('awaiting_funds');
    const large = await offRamp(scene, '1500');
    expect(large).toMatchObject({
      status: 'awaiting_approval',
      providerReference: null,
      approval: { required: true, approvedBy: null },
    });
    expect(errorOf(await scene.ask('POST', `/rails/transactions/${large.uid}/approve`))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: OWN_TRANSFER_APPROVAL_MESSAGE,
    });
    // The Admin is asked by mail, with a link to the transfer; the creator is not.
    await scene.testApp.app.jobs.drain();
    const asked = await approvalMailsTo(scene, scene.founderEmail);
    expect(asked.map((mail) => mail.subject)).toEqual([
      `Off-ramp waiting for your approval: 1500.00 testbrz (${scene.organization.name})`,
    ]);
    expect(asked[0]?.text).toContain(
      `${scene.memberEmail} asked for an off-ramp of 1500.00 testbrz to Fornecedor`,
    );
    expect(asked[0]?.text).toContain(`/org/${scene.organization.slug}/rails/transactions/${large.uid}`);
    expect(await approvalMailsTo(scene, scene.memberEmail)).toEqual([]);

    const approved = await scene.founderAsk('POST', `/rails/transactions/${large.uid}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // An approval is no failure: the answer has no reason, and no code for one.
    expect(ZTransferResponse.parse(approved.json()).data).toMatchObject({
      failureReason: null,
      failureReasonCode: null,
      failureReasonParams: null,
    });
    await scene.testApp.app.jobs.drain();
    const after = await detail(scene, large.uid);
    expect(after.status).toBe('awaiting_funds');
    expect(after.providerReference).toMatch(/^trf_/);
    // The timeline says who approved it in English, and as a code and values for the page to word.
    expect(after.events.find((event) => event.to === 'awaiting_funds')).toMatchObject({
      source: 'user',
      note: `Approved by ${scene.founderEmail}`,
      noteCode: 'approved_by',
      noteParams: { actor: scene.founderEmail },
    });
    expect(after.events[0]).toMatchObject({ noteCode: null, noteParams: null });
    const told = await approvalMailsTo(scene, scene.memberEmail);
    expect(told.map((mail) => mail.subject)).toEqual([
      `Off-ramp approved: 1500.00 testbrz (${scene.organization.name})`,
    ]);
    expect(told[0]?.text).toContain(`${scene.founderEmail} approved your off-ramp of 1500.00 testbrz`);
  });

  it('calls off an off-ramp waiting for approval: withdrawn by its creator, rejected by another member; the provider never hears of it', async () => {
    const scene = await arrange({ role: 'Editor' });
    await scene.founderAsk('PUT', '/rails/settings', { offRampApprovalThreshold: '1000' });
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    const withdrawn = await offRamp(scene, '1500');
    const rejected = await offRamp(scene, '2000');
    const pendingOf = async (uid: string) =>
      (await scene.testApp.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferUid, uid))).map(
        (entry) => entry.status,
      );
    expect(new Set(await pendingOf(withdrawn.uid))).toEqual(new Set(['pending']));

    // A Viewer never decides; a reason over the limit is the field's 400; neither changes anything.
    const byViewer = await call(scene.testApp.app, 'POST', `/rails/transactions/${withdrawn.uid}/cancel`, {
      cookie: viewer.cookie,
      organization: scene.organization.uid,
      body: {},
    });
    expect(errorOf(byViewer)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['rails.write'],
    });
    const long = await scene.ask('POST', `/rails/transactions/${withdrawn.uid}/cancel`, {
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ reason: TRANSFER_CANCEL_REASON_LENGTH_MESSAGE });
    expect((await detail(scene, withdrawn.uid)).status).toBe('awaiting_approval');

    // "Waiting for me": the other member's off-ramps awaiting approval, never one's own; in the list,
    // its count and the CSV alike. A value other than 'me' is the query's 400.
    const waitingUids = async (ask: typeof scene.ask) => {
      const list = ZTransactionsResponse.parse(
        (await ask('GET', '/rails/transactions?waitingFor=me')).json(),
      );
      const csv = await ask(
        'GET',
        `/organizations/${scene.organization.uid}/transactions/export.csv?waitingFor=me`,
      );
      const exported = csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      return { listed: list.data.map((t) => t.uid).sort(), total: list.total, exported: exported.sort() };
    };
    const both = [withdrawn.uid, rejected.uid].sort();
    expect(await waitingUids(scene.founderAsk)).toEqual({ listed: both, total: 2, exported: both });
    expect(await waitingUids(scene.ask)).toEqual({ listed: [], total: 0, exported: [] });
    expect((await scene.ask('GET', '/rails/transactions?waitingFor=you')).statusCode).toBe(400);

    // The creator withdraws theirs (no reason); the Admin rejects the other with one.
    const { memberEmail: editor, founderEmail: founder } = scene;
    const canceled = await scene.ask('POST', `/rails/transactions/${withdrawn.uid}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    // Who called it off, as a code and values beside the English text (no reason given: none kept).
    expect(ZTransferResponse.parse(canceled.json()).data).toMatchObject({
      status: 'canceled',
      failureReason: `Canceled by ${editor}`,
      failureReasonCode: 'canceled_by',
      failureReasonParams: { actor: editor },
    });
    const refused = await scene.founderAsk('POST', `/rails/transactions/${rejected.uid}/cancel`, {
      reason: '  Wrong beneficiary  ',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(ZTransferResponse.parse(refused.json()).data).toMatchObject({
      failureReasonCode: 'rejected_by',
      failureReasonParams: { actor: founder, reason: 'Wrong beneficiary' },
    });
    await scene.testApp.app.jobs.drain();

    const after = await detail(scene, withdrawn.uid);
    expect(after).toMatchObject({
      status: 'canceled',
      providerReference: null,
      failureReason: `Canceled by ${editor}`,
      failureReasonCode: 'canceled_by',
      failureReasonParams: { actor: editor },
    });
    expect(
      after.events.map((event) => [
        event.from,
        event.to,
        event.source,
        event.note,
        event.noteCode,
        event.noteParams,
      ]),
    ).toEqual([
      [null, 'awaiting_approval', 'user', null, null, null],
      ['awaiting_approval', 'canceled', 'user', `Canceled by ${editor}`, 'canceled_by', { actor: editor }],
    ]);
    const rejectedAfter = await detail(scene, rejected.uid);
    expect(rejectedAfter).toMatchObject({
      status: 'canceled',
      providerReference: null,
      failureReason: `Rejected by ${founder}: Wrong beneficiary`,
      failureReasonCode: 'rejected_by',
      failureReasonParams: { actor: founder, reason: 'Wrong beneficiary' },
    });
    expect(rejectedAfter.events.at(-1)).toMatchObject({
      note: `Rejected by ${founder}: Wrong beneficiary`,
      noteCode: 'rejected_by',
      noteParams: { actor: founder, reason: 'Wrong beneficiary' },
    });
    // The creator hears of the rejection, with its reason; not of their own withdrawal. A Viewer
    // is never asked to decide.
    const toCreator = await approvalMailsTo(scene, editor);
    expect(toCreator.map((mail) => mail.subject)).toEqual([
      `Off-ramp rejected: 2000.00 testbrz (${scene.organization.name})`,
    ]);
    expect(toCreator[0]?.text).toContain('Reason: Wrong beneficiary');
    expect((await approvalMailsTo(scene, founder)).map((mail) => mail.subject)).toEqual([
      `Off-ramp waiting for your approval: 1500.00 testbrz (${scene.organization.name})`,
      `Off-ramp waiting for your approval: 2000.00 testbrz (${scene.organization.name})`,
    ]);
    expect(await approvalMailsTo(scene, viewer.email)).toEqual([]);
    // Nothing was sent to the provider; the lines that held the amounts are archived.
    expect(scene.createKeys).toEqual([]);
    expect(new Set(await pendingOf(withdrawn.uid))).toEqual(new Set(['archived']));
    expect(new Set(await pendingOf(rejected.uid))).toEqual(new Set(['archived']));
    await expectLedgerBalanced(scene);
    const audit = await scene.testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'transfer.canceled'));
    // The amount as the transfer shows it, not the column's 8 decimals.
    expect(audit.map((row) => row.data?.amount).sort()).toEqual(['1500.00', '2000.00']);
    expect(
      audit.map((row) => [row.subjectUid, row.actor, row.fromState, row.toState, row.note]).sort(),
    ).toEqual(
      [
        [withdrawn.uid, editor, 'awaiting_approval', 'canceled', `Canceled by ${editor}`],
        [rejected.uid, founder, 'awaiting_approval', 'canceled', `Rejected by ${founder}: Wrong beneficiary`],
      ].sort(),
    );
    // The decision as a code and values too, for the audit log to word it in the reader's language.
    expect(
      audit
        .map((row) => [row.subjectUid, row.data?.noteCode, row.data?.noteParams])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [withdrawn.uid, 'canceled_by', { actor: editor }],
        [rejected.uid, 'rejected_by', { actor: founder, reason: 'Wrong beneficiary' }],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );

    // Once decided, neither approving nor calling it off again does anything.
    for (const action of ['cancel', 'approve']) {
      expect(
        errorOf(await scene.founderAsk('POST', `/rails/transactions/${withdrawn.uid}/${action}`, {})),
      ).toEqual({ status: 409, code: 'CONFLICT', message: TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE });
    }
    // The beneficiary is free again.
    const removed = await scene.ask('DELETE', `/rails/bank-beneficiaries/${scene.beneficiary.uid}`);
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('takes a threshold above 0 or null (approval off); 0 and a non-decimal are a 400 on the field', async () => {
    const scene = await arrange({ role: 'Editor' });
    for (const bad of ['0', '0.00', '-5', '1e3']) {
      const refused = await scene.founderAsk('PUT', '/rails/settings', { offRampApprovalThreshold: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('offRampApprovalThreshold');
    }
    // The answer says what GET says (as the database keeps it), not the amount as it was sent.
    const set = await scene.founderAsk('PUT', '/rails/settings', { offRampApprovalThreshold: '2500.5' });
    expect(set.json()).toEqual({ data: { offRampApprovalThreshold: '2500.50' } });
    expect((await scene.ask('GET', '/rails/settings')).json()).toEqual({
      data: { offRampApprovalThreshold: '2500.50' },
    });
    const whole = await scene.founderAsk('PUT', '/rails/settings', { offRampApprovalThreshold: '100' });
    expect(whole.json()).toEqual({ data: { offRampApprovalThreshold: '100.00' } });
    await scene.founderAsk('PUT', '/rails/settings', { offRampApprovalThreshold: null });
    expect((await scene.ask('GET', '/rails/settings')).json()).toEqual({
      data: { offRampApprovalThreshold: null },
    });
  });

  it('keeps a deleted counterparty on the transfers it took part in: named as it was, with no uid', async () => {
    const scene = await arrange();
    await scene.ask('PUT', '/rails/settings', { offRampApprovalThreshold: '100' });
    const onRampTo = await onRamp(scene, '250.00');
    await deliverAll(
      scene,
      await sandboxTransferHelper(scene.sandbox, onRampTo.providerReference ?? '', 'cancel'),
    );
    const offRampTo = await offRamp(scene, '500');
    expect((await scene.ask('POST', `/rails/transactions/${offRampTo.uid}/cancel`, {})).statusCode).toBe(200);
    for (const path of [
      `/rails/blockchain-wallets/${scene.wallet.uid}`,
      `/rails/bank-beneficiaries/${scene.beneficiary.uid}`,
    ]) {
      const deleted = await scene.ask('DELETE', path);
      expect(deleted.statusCode, deleted.body).toBe(204);
    }

    const wallet = { uid: null, name: 'Treasury', address: scene.wallet.address };
    const beneficiary = { uid: null, name: 'Fornecedor', accountKey: 'pagamentos@example.com' };
    expect(await detail(scene, onRampTo.uid)).toMatchObject({ wallet, bankBeneficiary: null });
    expect(await detail(scene, offRampTo.uid)).toMatchObject({ wallet: null, bankBeneficiary: beneficiary });
    const list = ZTransactionsResponse.parse(
      (await scene.ask('GET', '/rails/transactions?page=1&size=10')).json(),
    ).data;
    expect(list.find((row) => row.uid === onRampTo.uid)?.wallet).toEqual(wallet);
    expect(list.find((row) => row.uid === offRampTo.uid)?.bankBeneficiary).toEqual(beneficiary);
  });

  it('refuses to delete a counterparty a pending transfer uses', async () => {
    const scene = await arrange();
    await offRamp(scene);
    const response = await scene.ask('DELETE', `/rails/bank-beneficiaries/${scene.beneficiary.uid}`);
    expect(errorOf(response)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: COUNTERPARTY_IN_USE_MESSAGE,
    });
  });
});

describe('amounts', () => {
  /** Each quote request is a 400 VALIDATION whose message is the amount field's. */
  async function expectRefusedOnAmount(
    scene: Scene,
    cases: readonly (readonly ['on_ramp' | 'off_ramp', string, string])[],
  ) {
    for (const [type, amount, message] of cases) {
      const refused = await askQuote(scene, type, amount);
      expect(refused.statusCode, `${type} ${amount}`).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION',
        message,
        fields: { amount: message },
      });
    }
  }

  it('are quoted as typed or refused: more decimals than cents (on-ramp, deposit) or 6 (off-ramp) is a 400 on the field, and nothing is quoted', async () => {
    const scene = await arrange();
    await expectRefusedOnAmount(scene, [
      ['on_ramp', '1.234', FIAT_AMOUNT_DECIMALS_MESSAGE],
      ['on_ramp', '100.001', FIAT_AMOUNT_DECIMALS_MESSAGE],
      ['off_ramp', '10.1234567', STABLECOIN_AMOUNT_DECIMALS_MESSAGE],
      // More places than the ledger keeps are told the same, not the format.
      ['on_ramp', '1.123456789', FIAT_AMOUNT_DECIMALS_MESSAGE],
      ['off_ramp', '10.123456789', STABLECOIN_AMOUNT_DECIMALS_MESSAGE],
    ]);
    expect(await quotesHeld(scene)).toBe(0);

    // At the limit: the quote is of exactly that amount, and what arrives is it less the fee.
    const onRampQuote = await quote(scene, 'on_ramp', '100.05');
    expect(onRampQuote.sourceAmount).toBe('100.05');
    expect(
      new Decimal(onRampQuote.sourceAmount)
        .minus(onRampQuote.fee)
        .mul(onRampQuote.rate)
        .equals(onRampQuote.targetAmount),
    ).toBe(true);
    const offRampQuote = await quote(scene, 'off_ramp', '10.123456');
    expect(offRampQuote.sourceAmount).toBe('10.123456');
    expect(await quotesHeld(scene)).toBe(2);

    const deposit = await askDeposit(scene, '50.505');
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json().error.fields.amount).toBe(FIAT_AMOUNT_DECIMALS_MESSAGE);
    expect(await quotesHeld(scene)).toBe(2);
  });

  it("stay within the provider's limits per transfer (R$10.00 to R$500,000.00 here, both included): a 400 on the field, nothing quoted or held", async () => {
    const scene = await arrange();
    await expectRefusedOnAmount(scene, [
      ['on_ramp', '9.99', AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE],
      ['on_ramp', '500000.01', AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE],
      // An off-ramp is worth what the provider prices it at in fiat (testbrz is 1:1 with BRL here).
      ['off_ramp', '9.5', AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE],
      ['off_ramp', '600000', AMOUNT_ABOVE_PROVIDER_MAXIMUM_MESSAGE],
      // So small the provider cannot price it (its fee would take it all): the same field message,
      // not the provider's request line.
      ['off_ramp', '0.000001', AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE],
    ]);
    expect(await quotesHeld(scene)).toBe(0);
    expect((await quote(scene, 'on_ramp', '10')).sourceAmount).toBe('10.00');
    expect((await quote(scene, 'on_ramp', '500000')).sourceAmount).toBe('500000.00');
    expect((await quote(scene, 'off_ramp', '20')).sourceAmount).toBe('20.00');
    expect(await quotesHeld(scene)).toBe(3);
  });

  it('the sandbox provider refuses an amount it would have to round, as a provider does', async () => {
    const scene = await arrange();
    const adapter = countingAdapters(scene.sandbox).adapters({
      uid: scene.provider.uid,
      adapter: 'sandbox',
      adapterAccount: 'transfero',
    });
    if (!adapter) throw new Error('no adapter for the sandbox provider');
    for (const [type, amount] of [
      ['on_ramp', '1.234'],
      ['off_ramp', '1.1234567'],
    ] as const) {
      const refusal = await adapter
        .createQuote({ type, currency: 'BRL', network: 'polygon-amoy', amount }, randomUUID())
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refusal).toBeInstanceOf(ProviderError);
      expect((refusal as ProviderError).retryable).toBe(false);
      expect((refusal as ProviderError).message).toMatch(/decimal places/);
    }
  });
});

describe('deposit', () => {
  it('is an on-ramp with Transfero, BRL, testbrz and polygon-amoy fixed; a non-positive amount is refused', async () => {
    const scene = await arrange();
    for (const amount of ['0', '-50']) {
      const refused = await askDeposit(scene, amount);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.amount).toBe('Amount must be positive');
    }
    const created = await askDeposit(scene, '50');
    expect(created.statusCode, created.body).toBe(201);
    expect(ZTransferResponse.parse(created.json()).data).toMatchObject({
      type: 'deposit',
      sourceCurrency: 'BRL',
      targetCurrency: 'testbrz',
    });
  });

  it('to a wallet on another network is a 400 on the wallet, declared by the route, and nothing is quoted', async () => {
    const scene = await arrange();
    const [ethereum] = await scene.testApp.db
      .insert(registeredWallets)
      .values({
        organizationUid: scene.organization.uid,
        network: 'ethereum',
        address: '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
        name: 'Mainnet',
      })
      .returning();
    const refused = await askDeposit(scene, '50', ethereum?.uid);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION',
      messageCode: 'messages.targetWalletNetworkMismatch',
      fieldCodes: { targetWalletUid: { code: 'messages.targetWalletNetworkMismatch' } },
    });
    expect(await quotesHeld(scene)).toBe(0);
  });
});

describe('the Idempotency-Key contract', () => {
  it('400 without a key, replays with Idempotent-Replayed, 422 for another body, one transfer for 20 parallel requests', async () => {
    const scene = await arrange();
    const q = await quote(scene, 'on_ramp', '100');
    const body = { quoteUid: q.uid, walletUid: scene.wallet.uid };
    expect(errorOf(await scene.ask('POST', '/rails/on-ramps', body))).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
    });

    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        scene.ask('POST', '/rails/on-ramps', body, { 'idempotency-key': key }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const uids = new Set(
      answers.filter((a) => a.statusCode === 201).map((a) => (a.json().data as TTransfer).uid),
    );
    expect(uids.size).toBe(1);
    expect(await scene.testApp.db.select().from(transfers)).toHaveLength(1);

    const replay = await scene.ask('POST', '/rails/on-ramps', body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.uid).toBe([...uids][0]);

    const other = await scene.ask(
      'POST',
      '/rails/on-ramps',
      { ...body, walletUid: randomUUID() },
      { 'idempotency-key': key },
    );
    expect(errorOf(other)).toEqual({
      status: 422,
      code: 'UNPROCESSABLE',
      message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
    });
  });

  it('409 for a request still in flight (or cut off by a crash) says when to try again', async () => {
    const scene = await arrange();
    const q = await quote(scene, 'on_ramp', '100');
    const body = { quoteUid: q.uid, walletUid: scene.wallet.uid };
    const key = randomUUID();
    expect((await scene.ask('POST', '/rails/on-ramps', body, { 'idempotency-key': key })).statusCode).toBe(
      201,
    );
    // As a process that claimed the key and died would leave it: no answer, its lease 30 s on.
    await scene.testApp.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, lockedUntil: sql`now() + interval '30 seconds'` })
      .where(eq(idempotencyKeys.key, key));
    const again = await scene.ask('POST', '/rails/on-ramps', body, { 'idempotency-key': key });
    expect(errorOf(again)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
    });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });
});

describe('parallel transfers', () => {
  it("a new organization's first 20 on-ramps and off-ramps at once, each with its own key: all created once, the ledger balanced and its running balances exact", async () => {
    const scene = await arrange();
    const quotes = [];
    for (let index = 0; index < 20; index += 1) {
      quotes.push(await quote(scene, index % 2 === 0 ? 'on_ramp' : 'off_ramp', `${100 + index}.50`));
    }
    // On PostgreSQL these run side by side on the pool: an on-ramp's first posting and an
    // off-ramp's create the organization's ledger accounts, and move the same balances.
    const answers = await Promise.all(
      quotes.map((q) =>
        scene.ask(
          'POST',
          q.type === 'on_ramp' ? '/rails/on-ramps' : '/rails/off-ramps',
          q.type === 'on_ramp'
            ? { quoteUid: q.uid, walletUid: scene.wallet.uid }
            : { quoteUid: q.uid, bankBeneficiaryUid: scene.beneficiary.uid },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    expect(answers.map((answer) => (answer.statusCode === 201 ? 201 : answer.body))).toEqual(
      answers.map(() => 201),
    );
    const uids = new Set(answers.map((answer) => ZTransferResponse.parse(answer.json()).data.uid));
    expect(uids.size).toBe(20);
    await expectLedgerBalanced(scene);
    expect(await balanceMismatches(scene.testApp.db, scene.organization.uid)).toEqual([]);
    expect(await volumeMismatches(scene.testApp.db, scene.organization.uid)).toEqual([]);
  });
  it('new on-ramps of a wallet while the provider cancels others of it: every request answered, the ledger balanced and its running balances exact', async () => {
    const scene = await arrange();
    // Ten on-ramps to the wallet awaiting funds, and the provider's cancellation of each, not yet delivered.
    const cancellations: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const transfer = await onRamp(scene, `${200 + index}.00`);
      cancellations.push(
        ...(await sandboxTransferHelper(scene.sandbox, transfer.providerReference ?? '', 'cancel')),
      );
    }
    const quotes = [];
    for (let index = 0; index < 10; index += 1)
      quotes.push(await quote(scene, 'on_ramp', `${300 + index}.00`));
    // A cancellation archives its transfer's lines (moving the wallet's balances) and takes it out of
    // the awaiting-funds count; a new on-ramp enters that count and moves the same balances. Side by
    // side on PostgreSQL, the two must take those locks in one order.
    const answers = await Promise.all([
      ...cancellations.map((id) =>
        deliverSandboxEvent(scene.testApp, scene.provider.uid, sandboxEventBody(scene.sandbox, id)),
      ),
      ...quotes.map((q) =>
        scene.ask(
          'POST',
          '/rails/on-ramps',
          { quoteUid: q.uid, walletUid: scene.wallet.uid },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    ]);
    expect(answers.map((answer) => (answer.statusCode < 300 ? 'ok' : answer.body))).toEqual(
      answers.map(() => 'ok'),
    );
    const statuses = await scene.testApp.db
      .select({ status: transfers.status, n: sql<number>`count(*)::int` })
      .from(transfers)
      .where(eq(transfers.organizationUid, scene.organization.uid))
      .groupBy(transfers.status)
      .orderBy(transfers.status);
    expect(statuses).toEqual([
      { status: 'awaiting_funds', n: 10 },
      { status: 'canceled', n: 10 },
    ]);
    await expectLedgerBalanced(scene);
    expect(await balanceMismatches(scene.testApp.db, scene.organization.uid)).toEqual([]);
  });
  it.runIf(TEST_DATABASE_URL)(
    'on PostgreSQL, a cancellation and a new on-ramp of one wallet that each hold what the other needs next: neither deadlocks',
    async () => {
      const scene = await arrange();
      const { db } = scene.testApp;
      const first = await onRamp(scene, '200.00');
      const cancellation = await sandboxTransferHelper(
        scene.sandbox,
        first.providerReference ?? '',
        'cancel',
      );
      const next = await quote(scene, 'on_ramp', '300.00');
      const waitingForLocks = (count: number) =>
        eventually(
          `${count} requests waiting for a lock`,
          async () => {
            const result = (await db.execute(sql`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
              rows: { n: number }[];
            };
            return (result.rows[0]?.n ?? 0) >= count ? true : undefined;
          },
          10_000,
        );
      // A barrier on the organization's ledger accounts: the new on-ramp's lines wait at it (their
      // accounts' key check), after the on-ramp entered the awaiting-funds count.
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const barrier = db.transaction(async (tx) => {
        await tx.execute(
          sql`select uid from ledger_accounts where organization_uid = ${scene.organization.uid} for update`,
        );
        holding();
        await gate;
      });
      await held;
      const created = scene.ask(
        'POST',
        '/rails/on-ramps',
        { quoteUid: next.uid, walletUid: scene.wallet.uid },
        { 'idempotency-key': randomUUID() },
      );
      await waitingForLocks(1);
      // The provider cancels the first on-ramp meanwhile: it leaves the awaiting-funds count (where
      // the new one holds its place) and archives its lines (the wallet's balances).
      const canceled = Promise.all(
        cancellation.map((id) =>
          deliverSandboxEvent(scene.testApp, scene.provider.uid, sandboxEventBody(scene.sandbox, id)),
        ),
      );
      await waitingForLocks(2);
      release();
      await barrier;
      const answers = [await created, ...(await canceled)];
      expect(answers.map((answer) => (answer.statusCode < 300 ? 'ok' : answer.body))).toEqual(
        answers.map(() => 'ok'),
      );
      expect((await detail(scene, first.uid)).status).toBe('canceled');
      await expectLedgerBalanced(scene);
      expect(await balanceMismatches(db, scene.organization.uid)).toEqual([]);
    },
  );
});

describe('the transactions list', () => {
  it('pages newest first, filters, refuses bad paging with 400 and exports exactly the filtered set', async () => {
    const scene = await arrange();
    const first = await onRamp(scene, '100');
    const second = await offRamp(scene, '200');
    const third = await onRamp(scene, '300');
    const page = await scene.ask('GET', '/rails/transactions?page=1&size=2');
    expect(page.statusCode, page.body).toBe(200);
    const parsed = ZTransactionsResponse.parse(page.json());
    expect(parsed).toMatchObject({ page: 1, size: 2, total: 3, totalIsExact: true });
    expect(parsed.data.map((t) => t.uid)).toEqual([third.uid, second.uid]);
    // A row is the transfer's summary, exactly: the detail's fields the list shows, nothing more.
    const summaryOf = async (uid: string) =>
      ZTransferSummary.parse(
        ZTransferDetailResponse.parse((await scene.ask('GET', `/rails/transactions/${uid}`)).json()).data,
      );
    expect(page.json().data).toEqual([await summaryOf(third.uid), await summaryOf(second.uid)]);
    expect(page.json().data[1]).not.toHaveProperty('instructions');
    const next = ZTransactionsResponse.parse(
      (await scene.ask('GET', '/rails/transactions?page=2&size=2')).json(),
    );
    expect(next.data.map((t) => t.uid)).toEqual([first.uid]);
    const onRamps = ZTransactionsResponse.parse(
      (await scene.ask('GET', '/rails/transactions?type=on_ramp')).json(),
    );
    expect(onRamps.data.map((t) => t.uid)).toEqual([third.uid, first.uid]);
    // Year 0000 is a valid ISO date (and a JavaScript one) but no PostgreSQL date: the contract fuzzer's 500.
    for (const bad of [
      'page=0',
      'size=0',
      'size=101',
      'page=x',
      'status=nope',
      'from=0000-02-29',
      'to=0000-01-01',
    ]) {
      expect((await scene.ask('GET', `/rails/transactions?${bad}`)).statusCode, bad).toBe(400);
    }
    const yearZero = await scene.ask(
      'GET',
      `/organizations/${scene.organization.uid}/transactions/export.csv?from=0000-02-29`,
    );
    expect(yearZero.statusCode).toBe(400);
    const csv = await scene.ask(
      'GET',
      `/organizations/${scene.organization.uid}/transactions/export.csv?type=on_ramp`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^uid,created_at,type,status/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([third.uid, first.uid]);
    // Who each went to, as the transfer recorded them: an on-ramp's wallet, an off-ramp's beneficiary.
    expect(lines[0]).toMatch(/,counterparty_name,counterparty_account,payout_reference$/);
    expect(lines[1]?.split(',').slice(-3)).toEqual(['Treasury', scene.wallet.address, '']);
    const offRamps = await scene.ask(
      'GET',
      `/organizations/${scene.organization.uid}/transactions/export.csv?type=off_ramp`,
    );
    expect(offRamps.body.trim().split('\r\n')[1]?.split(',').slice(-3)).toEqual([
      'Fornecedor',
      'pagamentos@example.com',
      '',
    ]);

    // The last ISO day, whose end no ISO time holds: everything is before it, in the list and the CSV.
    const toTheEnd = await scene.ask('GET', '/rails/transactions?type=on_ramp&from=0001-01-01&to=9999-12-31');
    expect(toTheEnd.statusCode, toTheEnd.body).toBe(200);
    expect(ZTransactionsResponse.parse(toTheEnd.json()).data.map((t) => t.uid)).toEqual([
      third.uid,
      first.uid,
    ]);
    const csvToTheEnd = await scene.ask(
      'GET',
      `/organizations/${scene.organization.uid}/transactions/export.csv?type=on_ramp&to=9999-12-31`,
    );
    expect(csvToTheEnd.statusCode).toBe(200);
    expect(csvToTheEnd.body).toBe(csv.body);
  });
});
