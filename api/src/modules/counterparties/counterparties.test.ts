import {
  BANK_BENEFICIARY_NOT_FOUND_MESSAGE,
  CLABE_DUPLICATE_MESSAGE,
  CLABE_MESSAGES,
  INVALID_CLABE,
  INVALID_EVM_ADDRESS,
  INVALID_SOLANA_ADDRESS,
  NAME_REQUIRED,
  PERMISSION_DENIED_MESSAGE,
  PIX_KEY_DUPLICATE_MESSAGE,
  PIX_KEY_MESSAGES,
  REGISTERED_WALLET_DUPLICATE_MESSAGE,
  REGISTERED_WALLET_NOT_FOUND_MESSAGE,
  type TOrganization,
  ZBankBeneficiariesResponse,
  ZBankBeneficiaryResponse,
  ZERO_ADDRESS,
  ZERO_ADDRESS_MESSAGE,
  ZMexicanBanksResponse,
  ZMexicanCitiesResponse,
  ZNetworksResponse,
  ZRegisteredWalletResponse,
  ZRegisteredWalletsResponse,
} from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { bankBeneficiaries, registeredWallets } from '../../db/schema';
import { ORGANIZATION_NOT_APPROVED_MESSAGE } from '../../http/guards';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, englishOfCoded, errorOf } from '../../test/http';
import { approveOrganization } from '../../test/providers';
import { auditTrail } from '../audit/index';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = 'So11111111111111111111111111111111111111112';
const CLABE = '002010077777777771';

async function approve(testApp: TestApp, organization: TOrganization): Promise<void> {
  await approveOrganization(testApp.db, organization.uid);
}

/** An approved organization, its Admin and helpers that call the API as them. */
async function arrange() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  await approve(testApp, organization);
  const as =
    (cookie: string, org = organization.uid) =>
    (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      call(testApp.app, method, path, { cookie, organization: org, ...(body === undefined ? {} : { body }) });
  return { testApp, admin, organization, as, asAdmin: as(admin.cookie) };
}

describe('registered blockchain wallets', () => {
  it('marks a wallet on a network this installation runs as a dev chain', async () => {
    const testApp = await createTestApp({
      chains: {
        networks: [{ network: 'polygon-amoy', chainId: 80002, rpcUrl: 'http://127.0.0.1:9', local: true }],
        confirmations: 1,
        pollMs: 1000,
      },
    });
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    await approve(testApp, organization);
    const asAdmin = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call(testApp.app, method, path, {
        cookie: admin.cookie,
        organization: organization.uid,
        ...(body === undefined ? {} : { body }),
      });
    for (const network of ['polygon-amoy', 'ethereum']) {
      const added = await asAdmin('POST', '/rails/blockchain-wallets', {
        network,
        address: CHECKSUMMED,
        name: network,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const listed = ZRegisteredWalletsResponse.parse(
      (await asAdmin('GET', '/rails/blockchain-wallets')).json(),
    ).data;
    expect(listed.map((wallet) => [wallet.network, wallet.localChain ?? false])).toEqual([
      ['ethereum', false],
      ['polygon-amoy', true],
    ]);
  });

  it('adds, lists, renames and deletes wallets, recording every change for the audit log', async () => {
    const { testApp, admin, organization, asAdmin } = await arrange();

    const evm = await asAdmin('POST', '/rails/blockchain-wallets', {
      network: 'ethereum',
      address: CHECKSUMMED.toLowerCase(),
      name: ' Treasury ',
      remark: 'Cold storage',
    });
    expect(evm.statusCode, evm.body).toBe(201);
    const created = ZRegisteredWalletResponse.parse(evm.json()).data;
    expect(created).toMatchObject({
      network: 'ethereum',
      address: CHECKSUMMED,
      name: 'Treasury',
      remark: 'Cold storage',
    });
    const solana = await asAdmin('POST', '/rails/blockchain-wallets', {
      network: 'solana',
      address: SOLANA,
      name: 'Ops',
    });
    expect(solana.statusCode, solana.body).toBe(201);
    expect(solana.json().data).toMatchObject({ address: SOLANA, remark: null });

    const listed = ZRegisteredWalletsResponse.parse(
      (await asAdmin('GET', '/rails/blockchain-wallets')).json(),
    ).data;
    expect(listed.map((wallet) => wallet.name)).toEqual(['Ops', 'Treasury']);
    // No dev chain watched in this test: no wallet is marked local.
    expect(listed.some((wallet) => wallet.localChain)).toBe(false);

    const renamed = await asAdmin('PATCH', `/rails/blockchain-wallets/${created.uid}`, {
      name: 'Main',
      remark: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Main', remark: null, address: CHECKSUMMED });

    const keptRemark = await asAdmin('PATCH', `/rails/blockchain-wallets/${solana.json().data.uid}`, {
      name: 'Ops 2',
    });
    expect(keptRemark.json().data).toMatchObject({ name: 'Ops 2', remark: null });
    const withRemark = await asAdmin('PATCH', `/rails/blockchain-wallets/${created.uid}`, {
      name: 'Main',
      remark: 'Hot',
    });
    expect(
      (await asAdmin('PATCH', `/rails/blockchain-wallets/${created.uid}`, { name: 'Main' })).json().data
        .remark,
    ).toBe('Hot');
    expect(withRemark.statusCode).toBe(200);

    expect((await asAdmin('DELETE', `/rails/blockchain-wallets/${created.uid}`)).statusCode).toBe(204);
    const after = (await asAdmin('GET', '/rails/blockchain-wallets')).json().data;
    expect(after).toHaveLength(1);

    const trail = await auditTrail(testApp.db, {
      organizationUid: organization.uid,
      subjectType: 'registered_wallet',
      subjectUid: created.uid,
    });
    expect(trail.map((entry) => [entry.action, entry.actor])).toEqual([
      ['registered_wallet.created', admin.email],
      ['registered_wallet.updated', admin.email],
      ['registered_wallet.updated', admin.email],
      ['registered_wallet.deleted', admin.email],
    ]);
    expect(trail[1]?.data).toEqual({
      name: { from: 'Treasury', to: 'Main' },
      remark: { from: 'Cold storage', to: null },
    });
  });

  it('refuses the same network and address twice in one organization, however it is spelled', async () => {
    const { testApp, as, asAdmin } = await arrange();
    const add = (ask: typeof asAdmin, network: string, address: string) =>
      ask('POST', '/rails/blockchain-wallets', { network, address, name: 'Wallet' });

    expect((await add(asAdmin, 'ethereum', CHECKSUMMED)).statusCode).toBe(201);
    const duplicate = await add(asAdmin, 'ethereum', CHECKSUMMED.toLowerCase());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      requestId: duplicate.headers['x-request-id'],
      code: 'CONFLICT',
      message: REGISTERED_WALLET_DUPLICATE_MESSAGE,
      messageCode: 'messages.registeredWalletDuplicate',
      fields: { address: REGISTERED_WALLET_DUPLICATE_MESSAGE },
      fieldCodes: { address: { code: 'messages.registeredWalletDuplicate' } },
    });
    // Another network, or another organization, may hold the same address.
    expect((await add(asAdmin, 'polygon', CHECKSUMMED)).statusCode).toBe(201);
    const other = await signInUser(testApp.app);
    const otherOrganization = await createOrganization(testApp, other.cookie);
    await approve(testApp, otherOrganization);
    expect((await add(as(other.cookie, otherOrganization.uid), 'ethereum', CHECKSUMMED)).statusCode).toBe(
      201,
    );
    expect(await testApp.db.select().from(registeredWallets)).toHaveLength(3);
  });

  it.each([
    [{ network: 'ethereum', address: '0x1234', name: 'W' }, { address: INVALID_EVM_ADDRESS }],
    [{ network: 'arbitrum-one', address: ZERO_ADDRESS, name: 'W' }, { address: ZERO_ADDRESS_MESSAGE }],
    [{ network: 'solana', address: '1'.repeat(34), name: 'W' }, { address: INVALID_SOLANA_ADDRESS }],
    [{ network: 'solana', address: SOLANA, name: '' }, { name: NAME_REQUIRED }],
    [
      { network: 'base', address: CHECKSUMMED, name: 'W' },
      { network: 'Choose one of the supported networks' },
    ],
    [{ network: 'ethereum', address: CHECKSUMMED, name: 'W', extra: 1 }, { extra: 'Unknown field' }],
  ])('answers bad input %j with 400 and the message under its field', async (body, fields) => {
    const { testApp, asAdmin } = await arrange();
    const response = await asAdmin('POST', '/rails/blockchain-wallets', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields });
    expect(await testApp.db.select().from(registeredWallets)).toEqual([]);
  });

  it("answers 404 for another organization's wallet and leaves it alone", async () => {
    const { testApp, as, asAdmin } = await arrange();
    const other = await signInUser(testApp.app);
    const otherOrganization = await createOrganization(testApp, other.cookie);
    await approve(testApp, otherOrganization);
    const theirs = ZRegisteredWalletResponse.parse(
      (
        await as(other.cookie, otherOrganization.uid)('POST', '/rails/blockchain-wallets', {
          network: 'solana',
          address: SOLANA,
          name: 'Theirs',
        })
      ).json(),
    ).data;

    for (const response of [
      await asAdmin('PATCH', `/rails/blockchain-wallets/${theirs.uid}`, { name: 'Mine now' }),
      await asAdmin('DELETE', `/rails/blockchain-wallets/${theirs.uid}`),
    ]) {
      expect(errorOf(response)).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: REGISTERED_WALLET_NOT_FOUND_MESSAGE,
      });
    }
    const [row] = await testApp.db.select().from(registeredWallets);
    expect(row?.name).toBe('Theirs');
  });

  it('lets Viewers read but not change; Editors change', async () => {
    const { testApp, organization, as, asAdmin } = await arrange();
    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const wallet = { network: 'gnosis', address: CHECKSUMMED, name: 'W' };

    expect(errorOf(await as(viewer.cookie)('POST', '/rails/blockchain-wallets', wallet))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['rails.write'],
    });
    const created = await as(editor.cookie)('POST', '/rails/blockchain-wallets', wallet);
    expect(created.statusCode).toBe(201);
    const uid = created.json().data.uid;
    expect((await as(viewer.cookie)('GET', '/rails/blockchain-wallets')).json().data).toHaveLength(1);
    expect((await as(viewer.cookie)('DELETE', `/rails/blockchain-wallets/${uid}`)).statusCode).toBe(403);
    expect(
      (await as(editor.cookie)('PATCH', `/rails/blockchain-wallets/${uid}`, { name: 'X' })).statusCode,
    ).toBe(200);
    expect((await asAdmin('GET', '/rails/blockchain-wallets')).json().data[0].name).toBe('X');
  });
});

describe('bank beneficiaries', () => {
  it('adds a CLABE and a Pix key of each kind, stored normalized, and lists them', async () => {
    const { testApp, organization, asAdmin } = await arrange();
    const add = (body: Record<string, unknown>) => asAdmin('POST', '/rails/bank-beneficiaries', body);

    const clabe = await add({
      type: 'Clabe',
      name: 'Proveedor MX',
      bankAccountNumber: '002 010 077777777771',
    });
    expect(clabe.statusCode, clabe.body).toBe(201);
    expect(ZBankBeneficiaryResponse.parse(clabe.json()).data).toMatchObject({
      type: 'Clabe',
      bankAccountNumber: CLABE,
    });
    const keys: Array<[string, string, string]> = [
      ['cpf', '123.456.789-09', '12345678909'],
      ['cnpj', '11.222.333/0001-81', '11222333000181'],
      ['phone', '+55 11 98765-4321', '+5511987654321'],
      ['email', 'Pagamentos@Example.COM', 'pagamentos@example.com'],
      ['random', '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d'],
    ];
    for (const [pixKeyType, pixKey, stored] of keys) {
      const response = await add({ type: 'PixKey', name: `Pix ${pixKeyType}`, pixKeyType, pixKey });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        type: 'PixKey',
        pixKeyType,
        pixKey: stored,
        remark: null,
      });
    }

    const listed = ZBankBeneficiariesResponse.parse(
      (await asAdmin('GET', '/rails/bank-beneficiaries')).json(),
    ).data;
    expect(listed).toHaveLength(6);
    const rows = await testApp.db.select().from(bankBeneficiaries);
    expect(rows.map((row) => row.accountKey).sort()).toEqual(
      [CLABE, ...keys.map(([, , stored]) => stored)].sort(),
    );

    const uid = listed[0]?.uid ?? '';
    expect(
      (
        await asAdmin('PATCH', `/rails/bank-beneficiaries/${uid}`, { name: 'Renamed', remark: 'Net 30' })
      ).json().data,
    ).toMatchObject({ name: 'Renamed', remark: 'Net 30' });
    expect((await asAdmin('DELETE', `/rails/bank-beneficiaries/${uid}`)).statusCode).toBe(204);
    const trail = await auditTrail(testApp.db, {
      organizationUid: organization.uid,
      subjectType: 'bank_beneficiary',
      subjectUid: uid,
    });
    expect(trail.map((entry) => entry.action)).toEqual([
      'bank_beneficiary.created',
      'bank_beneficiary.updated',
      'bank_beneficiary.deleted',
    ]);
  });

  it('refuses a duplicate CLABE and a duplicate Pix key however it is written', async () => {
    const { asAdmin } = await arrange();
    const add = (body: Record<string, unknown>) =>
      asAdmin('POST', '/rails/bank-beneficiaries', { name: 'B', ...body });

    expect((await add({ type: 'Clabe', bankAccountNumber: CLABE })).statusCode).toBe(201);
    const spaced = await add({ type: 'Clabe', bankAccountNumber: `${CLABE.slice(0, 3)} ${CLABE.slice(3)}` });
    expect(spaced.json().error).toEqual({
      code: 'CONFLICT',
      message: CLABE_DUPLICATE_MESSAGE,
      messageCode: 'messages.clabeDuplicate',
      fields: { bankAccountNumber: CLABE_DUPLICATE_MESSAGE },
      fieldCodes: { bankAccountNumber: { code: 'messages.clabeDuplicate' } },
      requestId: spaced.headers['x-request-id'],
    });
    expect((await add({ type: 'PixKey', pixKeyType: 'email', pixKey: 'a@example.com' })).statusCode).toBe(
      201,
    );
    const duplicate = await add({ type: 'PixKey', pixKeyType: 'email', pixKey: ' A@EXAMPLE.com' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ pixKey: PIX_KEY_DUPLICATE_MESSAGE });
  });

  it.each([
    [
      { type: 'Clabe', bankAccountNumber: '002010077777777772' },
      INVALID_CLABE,
      { bankAccountNumber: CLABE_MESSAGES.checksum },
    ],
    [
      { type: 'Clabe', bankAccountNumber: '12345' },
      INVALID_CLABE,
      { bankAccountNumber: CLABE_MESSAGES.length },
    ],
    // Checksum and city are valid; 999 is clabe-validator's placeholder entry ('N/A'), not a bank.
    [
      { type: 'Clabe', bankAccountNumber: '999180001234567899' },
      INVALID_CLABE,
      { bankAccountNumber: CLABE_MESSAGES.bank },
    ],
    [
      { type: 'PixKey', pixKeyType: 'cpf', pixKey: '123' },
      PIX_KEY_MESSAGES.cpf,
      { pixKey: PIX_KEY_MESSAGES.cpf },
    ],
    [
      { type: 'PixKey', pixKeyType: 'phone', pixKey: '11987654321' },
      PIX_KEY_MESSAGES.phone,
      { pixKey: PIX_KEY_MESSAGES.phone },
    ],
    [
      { type: 'PixKey', pixKeyType: 'email', pixKey: 'nope' },
      PIX_KEY_MESSAGES.email,
      { pixKey: PIX_KEY_MESSAGES.email },
    ],
    [
      { type: 'PixKey', pixKeyType: 'random', pixKey: 'nope' },
      PIX_KEY_MESSAGES.random,
      { pixKey: PIX_KEY_MESSAGES.random },
    ],
    [
      { type: 'Iban', bankAccountNumber: CLABE },
      'Choose Clabe or PixKey',
      { type: 'Choose Clabe or PixKey' },
    ],
  ])('answers bad input %j with 400, its message and fields', async (body, message, fields) => {
    const { testApp, asAdmin } = await arrange();
    const response = await asAdmin('POST', '/rails/bank-beneficiaries', { name: 'B', ...body });
    expect(response.statusCode).toBe(400);
    expect(englishOfCoded(response.json().error)).toEqual({
      code: 'VALIDATION',
      message,
      fields,
      requestId: response.headers['x-request-id'],
    });
    expect(await testApp.db.select().from(bankBeneficiaries)).toEqual([]);
  });

  it("answers 404 for another organization's beneficiary", async () => {
    const { testApp, as, asAdmin } = await arrange();
    const other = await signInUser(testApp.app);
    const otherOrganization = await createOrganization(testApp, other.cookie);
    await approve(testApp, otherOrganization);
    const theirs = (
      await as(other.cookie, otherOrganization.uid)('POST', '/rails/bank-beneficiaries', {
        type: 'Clabe',
        name: 'Theirs',
        bankAccountNumber: CLABE,
      })
    ).json().data;
    expect(errorOf(await asAdmin('DELETE', `/rails/bank-beneficiaries/${theirs.uid}`))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: BANK_BENEFICIARY_NOT_FOUND_MESSAGE,
    });
    expect(await testApp.db.select().from(bankBeneficiaries)).toHaveLength(1);
  });
});

describe('an organization that is not Approved', () => {
  it('gets 403 with the approval message on every counterparty endpoint', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const pending = await createOrganization(testApp, admin.cookie);
    const ask = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call(testApp.app, method, path, {
        cookie: admin.cookie,
        organization: pending.uid,
        ...(body ? { body } : {}),
      });

    for (const response of [
      await ask('GET', '/rails/blockchain-wallets'),
      await ask('POST', '/rails/blockchain-wallets', { network: 'solana', address: SOLANA, name: 'W' }),
      await ask('GET', '/rails/bank-beneficiaries'),
      await ask('POST', '/rails/bank-beneficiaries', { type: 'Clabe', name: 'B', bankAccountNumber: CLABE }),
    ]) {
      expect(errorOf(response)).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: ORGANIZATION_NOT_APPROVED_MESSAGE,
      });
    }
  });
});

describe('reference data', () => {
  it('serves networks, Mexican banks and cities to signed-in users with a long cache and an ETag', async () => {
    const { testApp, admin } = await arrange();
    const networks = await call(testApp.app, 'GET', '/rails/networks', { cookie: admin.cookie });
    expect(networks.statusCode).toBe(200);
    expect(ZNetworksResponse.parse(networks.json()).data).toHaveLength(24);
    expect(networks.headers['cache-control']).toBe('private, max-age=86400');
    const etag = String(networks.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await call(testApp.app, 'GET', '/rails/networks', {
      cookie: admin.cookie,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const banks = ZMexicanBanksResponse.parse(
      (await call(testApp.app, 'GET', '/rails/mexican-banks', { cookie: admin.cookie })).json(),
    );
    expect(banks.data).toContainEqual({ id: 2, tag: 'BANAMEX', name: 'Banco Nacional de México' });
    expect(banks.data.map((bank) => bank.id)).not.toContain(999);
    const cities = ZMexicanCitiesResponse.parse(
      (await call(testApp.app, 'GET', '/rails/mexican-cities', { cookie: admin.cookie })).json(),
    );
    expect(cities.data).toContainEqual({ id: 10, name: 'Aguascalientes', code: 'MX-AGU' });

    const anonymous = await call(testApp.app, 'GET', '/rails/mexican-banks');
    expect(errorOf(anonymous)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});
