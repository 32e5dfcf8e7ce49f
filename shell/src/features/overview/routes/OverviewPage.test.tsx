import type { TApprovalStatus } from '@dash/shared';
import type { THoldings, TOverview, TTransfer } from '@dash/shared/api';
import { ORGANIZATION, renderPage, stubEventStream } from '@dash/shared/test';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverviewPage } from './OverviewPage';

const ORG_UID = ORGANIZATION.uid;
const WALLET_UID = '44444444-4444-4444-8444-444444444444';
const TRANSFER_UID = '55555555-5555-4555-8555-555555555555';
const PROVIDER_UID = '66666666-6666-4666-8666-666666666666';

const EMPTY: TOverview = {
  kyb: { status: 'NotStarted', decisionNote: null },
  providerAccounts: [],
  wallet: { status: 'undeployed', address: null, threshold: null, signers: 0, readySigners: 0 },
  balances: { byCurrency: [], byWallet: [] },
  waiting: { approvals: 0, signatures: 0, unreadConversations: 0, invitations: 0 },
  latestTransactions: [],
  volume: { from: '2026-10-24', to: '2026-11-22', points: [] },
  checklist: {
    kybApproved: false,
    providerAccountActive: false,
    walletRegistered: true,
    firstDeposit: false,
    teammateInvited: false,
  },
  hasTransfers: false,
  generatedAt: '2026-11-22T10:00:00.000Z',
};

const TRANSFER: TTransfer = {
  uid: TRANSFER_UID,
  type: 'deposit',
  status: 'completed',
  provider: { uid: PROVIDER_UID, name: 'Transfero' },
  network: 'polygon-amoy',
  sourceCurrency: 'BRL',
  sourceAmount: '25000.00',
  targetCurrency: 'testbrz',
  targetAmount: '24873.50',
  rate: '1.00',
  fee: '126.50',
  feeCurrency: 'BRL',
  fiatCurrency: 'BRL',
  wallet: { uid: WALLET_UID, name: 'Treasury', address: '0xabc' },
  bankBeneficiary: null,
  instructions: null,
  providerReference: null,
  txHash: null,
  payoutReference: null,
  failureReason: null,
  approval: { required: false, approvedBy: null },
  createdBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:30:00.000Z',
};

const FULL: TOverview = {
  ...EMPTY,
  kyb: { status: 'Approved', decisionNote: null },
  providerAccounts: [{ provider: { uid: PROVIDER_UID, name: 'Transfero' }, status: 'Active', reason: null }],
  wallet: {
    status: 'deployed',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    threshold: 2,
    signers: 3,
    readySigners: 3,
  },
  balances: {
    byCurrency: [{ currency: 'testbrz', fiatCurrency: 'BRL', posted: '24873.5', pending: '0' }],
    byWallet: [
      {
        wallet: { uid: WALLET_UID, name: 'Treasury', address: '0xabc', network: 'polygon-amoy' },
        deletedWallets: false,
        safe: false,
        currency: 'testbrz',
        posted: '24873.5',
        pending: '0',
      },
      { wallet: null, deletedWallets: true, safe: false, currency: 'testbrz', posted: '300', pending: '0' },
      { wallet: null, deletedWallets: false, safe: false, currency: 'testbrz', posted: '-300', pending: '0' },
    ],
  },
  waiting: { approvals: 2, signatures: 3, unreadConversations: 1, invitations: 0 },
  latestTransactions: [TRANSFER],
  volume: {
    from: '2026-10-24',
    to: '2026-11-22',
    points: [{ day: '2026-11-20', type: 'deposit', currency: 'BRL', amount: '25000', count: 1 }],
  },
  checklist: { ...EMPTY.checklist, kybApproved: true, providerAccountActive: true, firstDeposit: true },
  hasTransfers: true,
};

/** The chain agrees with the ledger: what the balances card shows when nothing is told otherwise. */
const HOLDINGS: THoldings = {
  networks: [
    {
      network: 'polygon-amoy',
      chainId: 80002,
      local: true,
      status: 'watched',
      block: 1204,
      checkedAt: '2026-11-22T10:00:00.000Z',
      statusSince: '2026-11-22T09:00:00.000Z',
    },
  ],
  wallets: [
    {
      kind: 'registered',
      uid: WALLET_UID,
      name: 'Treasury',
      network: 'polygon-amoy',
      address: '0xabc',
      balances: [{ symbol: 'testbrz', amount: '24873.5' }],
    },
  ],
  reconciliation: [],
  incoming: [],
};

function renderOverview(
  answer: () => Promise<Response>,
  approvalStatus: TApprovalStatus = 'Approved',
  holdings: () => THoldings = () => HOLDINGS,
) {
  const fetch = vi.fn((input: RequestInfo | URL) =>
    String(input).endsWith('/holdings') ? Promise.resolve(Response.json({ data: holdings() })) : answer(),
  );
  vi.stubGlobal('fetch', fetch);
  renderPage(<OverviewPage />, { role: 'Editor', organization: { approvalStatus } });
  return fetch;
}

const answering = (overview: TOverview) => async () =>
  new Response(JSON.stringify({ data: overview }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('the overview page', () => {
  it('shows skeleton cards while the overview loads, from one request', async () => {
    const fetch = renderOverview(() => new Promise<Response>(() => {}));
    expect((await screen.findByLabelText('Loading the overview')).getAttribute('aria-busy')).toBe('true');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/v0/organizations/${ORG_UID}/overview`);
  });

  it('gives an empty organization the checklist instead of empty cards, each step linking and ticked when done', async () => {
    renderOverview(answering(EMPTY), 'Pending');
    const checklist = await screen.findByRole('list', { name: 'Get started' });
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Get your organization approved (KYB)',
      'Open an account with a provider',
      'Register a blockchain wallet',
      'Make your first deposit',
      'Invite a teammate',
    ]);
    expect(within(steps[2] as HTMLElement).getByText('Done')).toBeTruthy();
    expect(within(steps[0] as HTMLElement).getByText('To do')).toBeTruthy();
    expect(
      within(steps[3] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/org/acme/deposit');
    expect(
      within(steps[4] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/org/acme/settings?tab=members');
    expect(screen.getByText('1 of 5 done')).toBeTruthy();
    const kyb = screen.getByRole('region', { name: 'Verification status' });
    expect(within(kyb).getByRole('heading', { name: 'Complete KYB' })).toBeTruthy();
    expect(within(kyb).getByRole('link', { name: 'Complete the KYB application' }).getAttribute('href')).toBe(
      '/org/acme/kyb',
    );
    expect(screen.queryByRole('region', { name: 'Balances' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Latest transactions' })).toBeNull();
  });

  it('links every figure of an organization with money to where it comes from', async () => {
    renderOverview(answering(FULL));
    const balances = await screen.findByRole('region', { name: 'Balances' });
    expect(
      within(balances)
        .getByRole('link', { name: /transactions in BRL/ })
        .getAttribute('href'),
    ).toBe('/org/acme/rails/transactions?currency=BRL');
    expect(
      within(balances)
        .getByRole('link', { name: /registered wallets/ })
        .getAttribute('href'),
    ).toBe('/org/acme/rails/blockchain-wallets');
    expect(within(balances).getAllByText('24,873.50 testbrz').length).toBeGreaterThan(0);
    // What went to wallets deleted since is theirs, not the off-ramps'.
    const rowOf = (label: string) => within(balances).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(within(rowOf('Deleted wallets')).getByRole('link').getAttribute('href')).toBe(
      '/org/acme/rails/transactions',
    );
    expect(within(rowOf('Deleted wallets')).getByRole('link').textContent).toBe('300.00 testbrz');
    expect(
      within(rowOf('Not tied to a wallet'))
        .getByRole('link', { name: /off-ramp transactions/ })
        .getAttribute('href'),
    ).toBe('/org/acme/rails/transactions?type=off_ramp');

    expect(hrefOf('2 transfers wait for your approval')).toBe('/org/acme/rails/transactions?waitingFor=me');
    expect(hrefOf('1 conversation with unread messages')).toBe('/org/acme/messages');
    expect(hrefOf('3 wallet transactions wait for your signature')).toBe('/org/acme/wallet');
    expect(screen.queryByText(/invitation/)).toBeNull();

    const latest = screen.getByRole('region', { name: 'Latest transactions' });
    expect(
      within(latest)
        .getByRole('link', { name: /^Open the Deposit of/ })
        .getAttribute('href'),
    ).toBe(`/org/acme/rails/transactions/${TRANSFER_UID}`);
    expect(within(latest).getByText('Completed')).toBeTruthy();
    expect(hrefOf('Open the wallet')).toBe('/org/acme/wallet');
    expect(screen.getByText('Deployed')).toBeTruthy();
    expect(hrefOf('Move money')).toBe(`/org/acme/rails/on-ramp?providerUid=${PROVIDER_UID}`);

    const volume = screen.getByRole('region', { name: 'Volume, last 30 days' });
    expect(
      await within(volume).findByRole('img', { name: /Daily volume in BRL .*Deposit R\$25,000\.00/ }),
    ).toBeTruthy();
    expect(
      within(volume)
        .getByRole('link', { name: /Deposit transactions in BRL/ })
        .getAttribute('href'),
    ).toBe(
      '/org/acme/rails/transactions?type=deposit&currency=BRL&status=completed&from=2026-10-24&to=2026-11-22',
    );
    expect(screen.queryByRole('list', { name: 'Get started' })).toBeNull();
  });

  it('shows the chain’s amount beside each wallet’s ledger balance, and names a wallet and token where they differ', async () => {
    const stream = stubEventStream();
    let holdings: THoldings = {
      ...HOLDINGS,
      wallets: [
        {
          ...(HOLDINGS.wallets[0] as THoldings['wallets'][number]),
          balances: [{ symbol: 'testbrz', amount: '24000' }],
        },
      ],
      reconciliation: [
        {
          kind: 'registered',
          walletUid: WALLET_UID,
          name: 'Treasury',
          network: 'polygon-amoy',
          address: '0xabc',
          symbol: 'testbrz',
          ledger: '24873.5',
          chain: '24000',
          difference: '-873.5',
          block: 1204,
        },
      ],
    };
    const fetch = renderOverview(answering(FULL), 'Approved', () => holdings);
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const wallets = within(balances).getByRole('table', { name: 'Per wallet' });
    const treasury = within(wallets).getByRole('row', { name: /^Treasury/ });
    expect(within(wallets).getByRole('columnheader', { name: 'On chain' })).toBeTruthy();
    expect(await within(treasury).findByText(/24,000\.00 testbrz/)).toBeTruthy();
    expect(treasury.textContent).toContain('(local)');
    const differences = within(balances).getByRole('table', { name: 'Ledger and chain' });
    const row = within(differences).getByRole('row', { name: /Treasury · testbrz/ });
    expect(row.textContent).toContain('24,873.50 testbrz');
    expect(row.textContent).toContain('24,000.00 testbrz');
    expect(row.textContent).toContain('-873.50 testbrz');
    expect(row.textContent).toContain('at block 1,204');

    // The watcher saw the wallet catch up: the page reads the holdings again and they agree.
    holdings = HOLDINGS;
    const asked = fetch.mock.calls.length;
    stream.send({ type: 'holdings.updated', network: 'polygon-amoy' });
    expect(
      await within(balances).findByText(
        'The ledger and the chain agree for the Safe and every registered wallet on a watched network.',
      ),
    ).toBeTruthy();
    expect(fetch.mock.calls.slice(asked).map(([url]) => String(url))).toEqual([
      `/api/v0/organizations/${ORG_UID}/holdings`,
    ]);
    expect(within(treasury).getAllByRole('cell').at(-1)?.textContent).toBe('24,873.50 testbrz (local)');
    expect(within(balances).queryByRole('table', { name: 'Ledger and chain' })).toBeNull();
  });

  it('says what the chain cannot tell instead of an amount', async () => {
    const network = HOLDINGS.networks[0] as THoldings['networks'][number];
    for (const [status, words] of [
      ['unreachable', 'Network unreachable'],
      ['unwatched', 'Not watched'],
    ] as const) {
      cleanup();
      renderOverview(answering(FULL), 'Approved', () => ({
        ...HOLDINGS,
        networks: [{ ...network, status, ...(status === 'unwatched' ? { local: false, block: null } : {}) }],
      }));
      const wallets = await screen.findByRole('table', { name: 'Per wallet' });
      const treasury = within(wallets).getByRole('row', { name: /^Treasury/ });
      expect(await within(treasury).findByText(words)).toBeTruthy();
      expect(within(treasury).queryByText(/\(local\)/)).toBeNull();
    }
  });

  it('shows the Safe’s ledger balance beside its chain amount, and the tokens received on chain, each listed', async () => {
    const safe = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const network = HOLDINGS.networks[0] as THoldings['networks'][number];
    renderOverview(
      answering({
        ...FULL,
        balances: {
          byCurrency: [{ currency: 'testbrz', fiatCurrency: null, posted: '40', pending: '0' }],
          byWallet: [
            {
              wallet: null,
              deletedWallets: false,
              safe: true,
              currency: 'testbrz',
              posted: '40',
              pending: '0',
            },
          ],
        },
      }),
      'Approved',
      () => ({
        ...HOLDINGS,
        wallets: [
          {
            kind: 'safe',
            uid: null,
            name: null,
            network: network.network,
            address: safe,
            balances: [{ symbol: 'testbrz', amount: '40' }],
          },
        ],
        incoming: [
          {
            uid: '99999999-9999-4999-8999-999999999999',
            kind: 'safe',
            walletUid: null,
            name: null,
            network: network.network,
            from: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
            to: safe,
            symbol: 'testbrz',
            amount: '40',
            txHash: `0x${'ab'.repeat(32)}`,
            block: 1300,
            bookedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    );
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const currencies = within(balances).getByRole('table', { name: 'Balances' });
    expect(within(currencies).getByRole('row', { name: /testbrz received on chain/ })).toBeTruthy();
    expect(
      within(currencies).getByRole('link', { name: '40.00 testbrz: incoming deposits' }).getAttribute('href'),
    ).toContain('#overview-incoming');
    const wallets = within(balances).getByRole('table', { name: 'Per wallet' });
    const row = within(wallets).getByRole('row', { name: /^Safe/ });
    expect(await within(row).findByText(/40\.00 testbrz/, { selector: 'td:last-child' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: '40.00 testbrz: the Safe' }).getAttribute('href')).toBe(
      '/org/acme/wallet',
    );
    const incoming = await within(balances).findByRole('table', { name: 'Incoming deposits' });
    const deposit = within(incoming).getAllByRole('row')[1] as HTMLElement;
    expect(deposit.textContent).toContain('Safe');
    expect(deposit.textContent).toContain('0x90F7…b906');
    expect(deposit.textContent).toContain('40.00 testbrz');
    expect(deposit.textContent).toContain('block 1,300');
    // A local chain's transaction links to no public explorer.
    expect(within(incoming).queryByRole('link')).toBeNull();
  });
});
