import type { TRole } from '@dash/shared';
import type { THoldings, TWallet, TWalletSigner } from '@dash/shared/api';
import { USER as ME, refusal, renderPage, stubEventStream } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { WalletPage } from './WalletPage';

const BRUNO = '22222222-2222-4222-8222-222222222222';
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DEVICE_A = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const DEVICE_B = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const DEV_CHAIN = { id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true } as const;
const ARBITRUM = { id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false } as const;

const signer = (uid: string, firstName: string, ethAddress?: string): TWalletSigner => ({
  uid,
  firstName,
  lastName: 'Test',
  ethAddress,
  status: ethAddress ? 'Ready' : 'Pending',
});

/** The deployed Safe on the local Arbitrum Sepolia, read at block 77: 1,250.5 USDC and no MXNB. */
const HOLDINGS: THoldings = {
  networks: [
    {
      network: 'arbitrum-sepolia',
      chainId: 421614,
      local: true,
      status: 'watched',
      block: 77,
      checkedAt: '2026-11-22T10:00:00.000Z',
      statusSince: '2026-11-22T09:00:00.000Z',
    },
  ],
  wallets: [
    {
      kind: 'safe',
      uid: null,
      name: null,
      network: 'arbitrum-sepolia',
      address: ADDRESS,
      balances: [
        { symbol: 'USDC', amount: '1250.5' },
        { symbol: 'MXNB', amount: '0' },
      ],
    },
  ],
  reconciliation: [],
  incoming: [],
};

function renderWallet(
  wallet: TWallet,
  role: TRole = 'Admin',
  answer = () => new Response(JSON.stringify({ data: wallet }), { status: 200 }),
  holdings: () => THoldings = () => HOLDINGS,
) {
  const fetch = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
    String(url).endsWith('/holdings') ? Response.json({ data: holdings() }) : answer(),
  );
  vi.stubGlobal('fetch', fetch);
  renderPage(<WalletPage />, { role });
  return fetch;
}

// The first render loads Mantine and the page: slow on a busy machine, so give findBy* more time.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

/** Deploy Wallet, then the confirmation it asks for. */
async function deployAndConfirm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Deploy Wallet' }));
  fireEvent.click(screen.getByRole('button', { name: 'Confirm deployment' }));
}

describe('the wallet page', () => {
  it('shows a Viewer the signers but no control', async () => {
    renderWallet(
      { status: 'undeployed', chain: DEV_CHAIN, signers: [signer(BRUNO, 'Bruno', DEVICE_B)] },
      'Viewer',
    );
    await screen.findByRole('heading', { name: 'Initialize Wallet' });
    const table = screen.getByRole('table', { name: 'Signers' });
    expect(within(table).getByRole('row', { name: /Bruno Test/ }).textContent).toContain('Ready');
    expect(screen.queryByRole('link', { name: 'Add Signer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deploy Wallet' })).toBeNull();
    expect(screen.getByText('Only Admins can manage the wallet.')).toBeTruthy();
  });

  it('says No signer found. and explains why Deploy Wallet is disabled', async () => {
    renderWallet({ status: 'undeployed', chain: DEV_CHAIN, signers: [] });
    expect(await screen.findByText('No signer found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Signer' }).getAttribute('href')).toBe(
      '/org/acme/wallet/add-signer',
    );
    const deploy = screen.getByRole('button', { name: 'Deploy Wallet' });
    expect(deploy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Add at least one signer before deploying the wallet.')).toBeTruthy();
  });

  it('asks the current user, and only them, to provide a signing device while they are Pending', async () => {
    renderWallet({
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(ME.uid, 'Ana'), signer(BRUNO, 'Bruno')],
    });
    const card = await screen.findByRole('region', { name: 'Provide Signing Device' });
    expect(within(card).getByRole('link', { name: 'Set Signing Device' }).getAttribute('href')).toBe(
      '/org/acme/wallet/signing-device',
    );
    expect(screen.getByRole('button', { name: 'Deploy Wallet' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Waiting for: Ana Test and Bruno Test\./)).toBeTruthy();
  });

  it('hides the card from a signer who is Ready', async () => {
    renderWallet({
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno')],
    });
    await screen.findByRole('heading', { name: 'Initialize Wallet' });
    expect(screen.queryByRole('region', { name: 'Provide Signing Device' })).toBeNull();
  });

  it('offers quorums 1..n as "k out of n", with the n-of-n warning and the predicted address of the chosen quorum', async () => {
    renderWallet({
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno', DEVICE_B)],
      predictedAddresses: [
        { threshold: 1, address: DEVICE_A },
        { threshold: 2, address: ADDRESS },
      ],
    });
    const quorum = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Wallet signer quorum' });
    expect(quorum.selectedOptions[0]?.textContent).toBe('2 out of 2');
    expect(
      within(quorum)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 out of 2', '2 out of 2']);
    expect(screen.getByText('2 out of 2 policy')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Predicted address' })).getByText(ADDRESS)).toBeTruthy();
    // The chain is named by its id in the reader's language, not with the API's name.
    expect(screen.getByText('Arbitrum Sepolia (local)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deploy Wallet' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows Wallet Deploying with the hash of the dev chain transaction and the support hint', async () => {
    renderWallet({
      status: 'deploying',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      deployment: { txHash: `0x${'ab'.repeat(32)}`, requestedAt: new Date().toISOString() },
    });
    expect(await screen.findByRole('heading', { name: 'Wallet Deploying' })).toBeTruthy();
    expect(screen.getByText(/If it takes more than 10 minutes, please contact support\./)).toBeTruthy();
    expect(screen.getByText(`0x${'ab'.repeat(32)}`)).toBeTruthy();
    expect(screen.getByText(/on the local dev chain \(no block explorer\)/)).toBeTruthy();
  });

  it('links the transaction on Arbitrum, and asks to contact support after 10 minutes', async () => {
    const txHash = `0x${'cd'.repeat(32)}`;
    renderWallet({
      status: 'deploying',
      chain: ARBITRUM,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      deployment: {
        txHash,
        explorerUrl: `https://arbiscan.io/tx/${txHash}`,
        requestedAt: new Date(Date.now() - 11 * 60 * 1000).toISOString(),
      },
    });
    await screen.findByRole('heading', { name: 'Wallet Deploying' });
    expect(screen.getByRole('link', { name: txHash }).getAttribute('href')).toBe(
      `https://arbiscan.io/tx/${txHash}`,
    );
    expect(screen.getByText('This is taking more than 10 minutes')).toBeTruthy();
  });

  it('does not ask for support before 10 minutes', async () => {
    renderWallet({
      status: 'deploying',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      deployment: { requestedAt: new Date(Date.now() - 9 * 60 * 1000).toISOString() },
    });
    await screen.findByRole('heading', { name: 'Wallet Deploying' });
    expect(screen.queryByText('This is taking more than 10 minutes')).toBeNull();
    expect(screen.getByText(/Sending the transaction\./)).toBeTruthy();
  });

  it('links a deployed Arbitrum One wallet to Safe{Wallet}', async () => {
    renderWallet({
      status: 'deployed',
      chain: ARBITRUM,
      address: ADDRESS,
      threshold: 2,
      signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno', DEVICE_B)],
    });
    expect(await screen.findByRole('heading', { name: 'Your Wallet is Ready' })).toBeTruthy();
    expect(screen.getByRole('link', { name: `${ADDRESS} on Safe{Wallet}` }).getAttribute('href')).toBe(
      `https://app.safe.global/home?safe=arb1:${ADDRESS}`,
    );
    expect(screen.getByText('2 out of 2')).toBeTruthy();
  });

  it('says a deployed dev chain wallet has no external viewer', async () => {
    renderWallet({
      status: 'deployed',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
    });
    await screen.findByRole('heading', { name: 'Your Wallet is Ready' });
    expect(screen.queryByRole('link', { name: /Safe\{Wallet\}/ })).toBeNull();
    expect(screen.getByText(/local dev chain \(chain id 421614\): there is no external viewer/)).toBeTruthy();
  });

  it('shows why a deployment failed, with Retry for Admins only', async () => {
    const failed: TWallet = {
      status: 'failed',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      deployment: { error: 'The transaction reverted.' },
    };
    renderWallet(failed);
    expect(await screen.findByText('The transaction reverted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();

    cleanup();
    renderWallet(failed, 'Editor');
    expect(await screen.findByText('The transaction reverted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('An Admin of Acme can retry the deployment.')).toBeTruthy();
  });

  it('keeps an owner who left the organization among a deployed wallet’s signers, and the quorum k out of all owners', async () => {
    const CAROL = '33333333-3333-4333-8333-333333333333';
    const DEVICE_C = '0x1aD91ee08f21bE3dE0BA2ba6918E714dA6B45836';
    renderWallet({
      status: 'deployed',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 2,
      signers: [
        signer(ME.uid, 'Ana', DEVICE_A),
        { ...signer(BRUNO, 'Bruno', DEVICE_B), formerMember: true },
        signer(CAROL, 'Carol', DEVICE_C),
      ],
    });
    await screen.findByRole('heading', { name: 'Your Wallet is Ready' });
    expect(screen.getByText('2 out of 3')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Signers' });
    const bruno = within(table).getByRole('row', { name: /Bruno Test/ });
    expect(bruno.textContent).toContain('No longer a member');
    expect(bruno.textContent).toContain(DEVICE_B);
    expect(within(table).getByRole('row', { name: /Carol Test/ }).textContent).not.toContain(
      'No longer a member',
    );
  });

  it('keeps Deploy Wallet disabled while two signers share a signing device address, naming them', async () => {
    renderWallet({
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno', DEVICE_A.toLowerCase())],
    });
    const deploy = await screen.findByRole('button', { name: 'Deploy Wallet' });
    expect(deploy.hasAttribute('disabled')).toBe(true);
    const reason = screen.getByText(/Ana Test and Bruno Test use the same signing device address/);
    expect(deploy.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('offers Change signing device on the current user’s own row only, once they set one, before deployment', async () => {
    const CHANGE = 'Change signing device';
    const undeployed: TWallet = {
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno', DEVICE_B)],
    };
    // A Viewer signer: the action on their row, nothing on anyone else's.
    renderWallet(undeployed, 'Viewer');
    const table = await screen.findByRole('table', { name: 'Signers' });
    const mine = within(table).getByRole('row', { name: /Ana Test/ });
    expect(within(mine).getByRole('link', { name: CHANGE }).getAttribute('href')).toBe(
      '/org/acme/wallet/signing-device',
    );
    expect(within(table).getAllByRole('link', { name: CHANGE })).toHaveLength(1);
    expect(within(within(table).getByRole('row', { name: /Bruno Test/ })).queryByRole('link')).toBeNull();

    // An Admin signer: Change on their row beside Remove; only Remove on the others.
    cleanup();
    renderWallet(undeployed, 'Admin');
    const adminTable = await screen.findByRole('table', { name: 'Signers' });
    const adminRow = within(adminTable).getByRole('row', { name: /Ana Test/ });
    expect(within(adminRow).getByRole('link', { name: CHANGE })).toBeTruthy();
    expect(within(adminRow).getByRole('button', { name: 'Remove signer Ana Test' })).toBeTruthy();
    const brunoRow = within(adminTable).getByRole('row', { name: /Bruno Test/ });
    expect(within(brunoRow).queryByRole('link', { name: CHANGE })).toBeNull();
    expect(within(brunoRow).getByRole('button', { name: 'Remove signer Bruno Test' })).toBeTruthy();

    // Still Pending: the card asks for a device, there is none to change.
    cleanup();
    renderWallet(
      { ...undeployed, signers: [signer(ME.uid, 'Ana'), signer(BRUNO, 'Bruno', DEVICE_B)] },
      'Viewer',
    );
    await screen.findByRole('region', { name: 'Provide Signing Device' });
    expect(screen.queryByRole('link', { name: CHANGE })).toBeNull();

    // Deployment requested or done: the owners are final.
    for (const status of ['deploying', 'failed', 'deployed'] as const) {
      cleanup();
      renderWallet({ ...undeployed, status, address: ADDRESS, threshold: 1 }, 'Admin');
      await screen.findByRole('table', { name: 'Signers' });
      expect(screen.queryByRole('link', { name: CHANGE }), status).toBeNull();
    }
  });

  it('tells a signer whose address another signer uses, whatever their role, with the way out', async () => {
    const CAROL = '33333333-3333-4333-8333-333333333333';
    const clash: TWallet = {
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [
        signer(BRUNO, 'Bruno', DEVICE_A),
        signer(ME.uid, 'Ana', DEVICE_A.toLowerCase()),
        signer(CAROL, 'Carol', DEVICE_B),
      ],
    };
    renderWallet(clash, 'Viewer');
    const notice = await screen.findByRole('alert', {
      name: 'Another signer uses your signing device address',
    });
    expect(notice.textContent).toContain(
      `You and Bruno Test use the same signing device address (${DEVICE_A.toLowerCase()}).`,
    );
    expect(notice.textContent).toContain('until one of you sets another signing device');
    expect(within(notice).getByRole('link', { name: 'Change signing device' }).getAttribute('href')).toBe(
      '/org/acme/wallet/signing-device',
    );

    // A signer outside the clash, or a member who signs nothing, is not told it is theirs to fix.
    for (const me of [signer(ME.uid, 'Ana', DEVICE_B), undefined]) {
      cleanup();
      renderWallet(
        {
          ...clash,
          signers: [signer(BRUNO, 'Bruno', DEVICE_A), signer(CAROL, 'Carol', DEVICE_A), ...(me ? [me] : [])],
        },
        'Viewer',
      );
      await screen.findByRole('table', { name: 'Signers' });
      expect(
        screen.queryByRole('alert', { name: 'Another signer uses your signing device address' }),
      ).toBeNull();
    }
  });

  it('advises a single signer to add signers, 1 out of 1 being the only quorum', async () => {
    renderWallet({ status: 'undeployed', chain: DEV_CHAIN, signers: [signer(ME.uid, 'Ana', DEVICE_A)] });
    expect(await screen.findByText('1 out of 1 policy')).toBeTruthy();
    expect(screen.getByText(/Add more signers before deploying/)).toBeTruthy();
    expect(screen.queryByText(/Use a quorum above one/)).toBeNull();
  });

  it('deploys the owners it shows; when the signers changed meanwhile it says so and shows them anew', async () => {
    const shown: TWallet = {
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
    };
    const now: TWallet = {
      ...shown,
      signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno', DEVICE_B)],
    };
    const deployBodies: unknown[] = [];
    let current = shown;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/wallet/deploy')) {
          deployBodies.push(JSON.parse(String(init?.body)));
          current = now;
          const message = 'The signers changed since you looked; review them and deploy again';
          return Response.json(
            { error: { code: 'CONFLICT', message, fields: { owners: message } } },
            { status: 409 },
          );
        }
        return Response.json({ data: current });
      }),
    );
    renderPage(<WalletPage />, { role: 'Admin' });
    await deployAndConfirm();

    expect(
      await screen.findByText('The signers changed since you looked; review them and deploy again'),
    ).toBeTruthy();
    expect(deployBodies).toEqual([{ threshold: 1, owners: [DEVICE_A] }]);
    // The wallet was read again: Bruno, added meanwhile, is there, and the notice stays.
    expect(
      await within(screen.getByRole('table', { name: 'Signers' })).findByText('Bruno Test'),
    ).toBeTruthy();
    expect(
      screen.getByText('The signers changed since you looked; review them and deploy again'),
    ).toBeTruthy();
  });

  it('shows a rule the signers break as the API words it, not as a failure to try again later', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/wallet/deploy')) {
          const message = 'This address is reserved by the Safe contract';
          return Response.json(
            { error: { code: 'VALIDATION', message, fields: { owners: message } } },
            { status: 400 },
          );
        }
        return Response.json({
          data: { status: 'undeployed', chain: DEV_CHAIN, signers: [signer(ME.uid, 'Ana', DEVICE_A)] },
        });
      }),
    );
    renderPage(<WalletPage />, { role: 'Admin' });
    await deployAndConfirm();
    expect(await screen.findByText('This address is reserved by the Safe contract')).toBeTruthy();
    expect(screen.queryByText(/Please try again later/)).toBeNull();
  });

  it('takes the keyboard to the quorum when the API refuses it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/wallet/deploy'))
          return refusal({ threshold: 'The quorum cannot be more than the number of signers' });
        return Response.json({
          data: { status: 'undeployed', chain: DEV_CHAIN, signers: [signer(ME.uid, 'Ana', DEVICE_A)] },
        });
      }),
    );
    renderPage(<WalletPage />, { role: 'Admin' });
    const deploy = await screen.findByRole('button', { name: 'Deploy Wallet' });
    deploy.focus();
    fireEvent.click(deploy);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deployment' }));
    // The quorum's input (Mantine marks a form field's input with its path).
    await waitFor(() => expect(document.activeElement?.getAttribute('data-path')).toBe('threshold'));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
  });

  it('says why a deployment failed in words, with the chain’s own words as the detail', async () => {
    renderWallet({
      status: 'failed',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      deployment: { error: 'The chain refused the deployment: GS013', errorCode: 'rejected' },
    });
    expect(await screen.findByText('The blockchain refused the deployment.')).toBeTruthy();
    expect(screen.getByText('The chain refused the deployment: GS013')).toBeTruthy();
  });

  it('asks before deploying (it is final), with the quorum in words; Cancel takes the question back', async () => {
    const deployBodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/wallet/deploy')) {
          deployBodies.push(JSON.parse(String(init?.body)));
          return Response.json({ data: { status: 'deploying', chain: DEV_CHAIN, signers: [] } });
        }
        return Response.json({
          data: {
            status: 'undeployed',
            chain: DEV_CHAIN,
            signers: [signer(ME.uid, 'Ana', DEVICE_A), signer(BRUNO, 'Bruno', DEVICE_B)],
          },
        });
      }),
    );
    renderPage(<WalletPage />, { role: 'Admin' });
    const deploy = await screen.findByRole('button', { name: 'Deploy Wallet' });
    deploy.focus();
    fireEvent.click(deploy);
    const confirm = screen.getByRole('button', { name: 'Confirm deployment' });
    expect(document.activeElement).toBe(confirm);
    expect(screen.getByText(/^Deploy the wallet with a quorum of 2 out of 2\?/)).toBeTruthy();
    expect(deployBodies).toEqual([]);
    // Cancel: the question goes, the keyboard is back on Deploy Wallet.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Confirm deployment' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deploy Wallet' }));
    // Asked again, then confirmed: one request, with the quorum and owners shown.
    fireEvent.click(screen.getByRole('button', { name: 'Deploy Wallet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deployment' }));
    await waitFor(() => expect(deployBodies).toEqual([{ threshold: 2, owners: [DEVICE_A, DEVICE_B] }]));
  });

  it('moves focus to the confirming button on Remove, and back to Remove on Cancel', async () => {
    renderWallet({ status: 'undeployed', chain: DEV_CHAIN, signers: [signer(BRUNO, 'Bruno')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove signer Bruno Test' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm removing Bruno Test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove signer Bruno Test' }));
  });

  it('shows the catalogue message when the wallet cannot be loaded', async () => {
    renderWallet({ status: 'undeployed', chain: DEV_CHAIN, signers: [] }, 'Admin', () =>
      Response.json({ error: { code: 'FORBIDDEN', message: 'No access' } }, { status: 403 }),
    );
    expect(await screen.findByText('Failed to fetch wallet. Please try again later.')).toBeTruthy();
  });

  it('shows what a deployed Safe holds of each token, on the local chain, and reads it again when told', async () => {
    const stream = stubEventStream();
    let holdings = HOLDINGS;
    const fetch = renderWallet(
      {
        status: 'deployed',
        chain: DEV_CHAIN,
        address: ADDRESS,
        threshold: 1,
        signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      },
      'Viewer',
      undefined,
      () => holdings,
    );
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const table = await within(balances).findByRole('table', { name: 'Balances' });
    expect(within(table).getByRole('row', { name: /USDC/ }).textContent).toContain('1,250.50 USDC');
    expect(within(table).getByRole('row', { name: /MXNB/ }).textContent).toContain('0.00 MXNB');
    expect(within(balances).getByText(/On Arbitrum Sepolia \(local\) at block 77/)).toBeTruthy();

    holdings = {
      ...HOLDINGS,
      networks: [{ ...(HOLDINGS.networks[0] as THoldings['networks'][number]), block: 78 }],
      wallets: [
        {
          ...(HOLDINGS.wallets[0] as THoldings['wallets'][number]),
          balances: [
            { symbol: 'USDC', amount: '1300' },
            { symbol: 'MXNB', amount: '0' },
          ],
        },
      ],
    };
    stream.send({ type: 'holdings.updated', network: 'arbitrum-sepolia' });
    expect(await within(balances).findByText('1,300.00 USDC')).toBeTruthy();
    expect(within(balances).getByText(/at block 78/)).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/holdings'))).toHaveLength(2);
  });

  it('says the network is unreachable or not watched instead of an amount it cannot know', async () => {
    const deployed: TWallet = {
      status: 'deployed',
      chain: ARBITRUM,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
    };
    const network = {
      ...(HOLDINGS.networks[0] as THoldings['networks'][number]),
      network: 'arbitrum-one' as const,
      chainId: 42161,
      local: false,
    };
    const safe = {
      ...(HOLDINGS.wallets[0] as THoldings['wallets'][number]),
      network: 'arbitrum-one' as const,
    };
    renderWallet(deployed, 'Admin', undefined, () => ({
      ...HOLDINGS,
      networks: [{ ...network, status: 'unreachable' }],
      wallets: [safe],
    }));
    let balances = await screen.findByRole('region', { name: 'Balances' });
    expect(await within(balances).findByText(/Arbitrum One has not answered since/)).toBeTruthy();
    expect(within(balances).getAllByText('Network unreachable')).toHaveLength(2);
    expect(within(balances).queryByText(/1,250\.50/)).toBeNull();

    cleanup();
    renderWallet(deployed, 'Admin', undefined, () => ({
      ...HOLDINGS,
      networks: [{ ...network, status: 'unwatched', block: null, checkedAt: null, statusSince: null }],
      wallets: [{ ...safe, balances: [{ symbol: 'USDC', amount: null }] }],
    }));
    balances = await screen.findByRole('region', { name: 'Balances' });
    expect(await within(balances).findByText(/This installation does not watch Arbitrum One/)).toBeTruthy();
    expect(within(balances).getByRole('row', { name: /USDC/ }).textContent).toContain('Not watched');
  });

  it('shows no balances before the wallet is deployed', async () => {
    const fetch = renderWallet({
      status: 'undeployed',
      chain: DEV_CHAIN,
      signers: [signer(BRUNO, 'Bruno', DEVICE_B)],
    });
    await screen.findByRole('heading', { name: 'Initialize Wallet' });
    expect(screen.queryByRole('region', { name: 'Balances' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/holdings'))).toBe(false);
  });

  it('lists the networks the Safe is on; an Admin deploys it on Polygon Amoy, then sees it deploying at the same address', async () => {
    const AMOY = { id: 80002, name: 'Polygon Amoy (local)', key: 'dev', isDevChain: true } as const;
    const first = {
      network: 'arbitrum-sepolia' as const,
      chain: DEV_CHAIN,
      status: 'deployed' as const,
      address: ADDRESS,
      deployment: { txHash: `0x${'ab'.repeat(32)}` },
    };
    const deployed: TWallet = {
      status: 'deployed',
      chain: DEV_CHAIN,
      address: ADDRESS,
      threshold: 1,
      signers: [signer(ME.uid, 'Ana', DEVICE_A)],
      networks: [first],
      deployableNetworks: [{ network: 'polygon-amoy', chain: AMOY }],
    };
    const deploying: TWallet = {
      ...deployed,
      networks: [
        first,
        { network: 'polygon-amoy', chain: AMOY, status: 'deploying', address: ADDRESS, deployment: {} },
      ],
      deployableNetworks: [],
    };
    let current = deployed;
    const fetch = renderWallet(deployed, 'Admin', () => Response.json({ data: current }));
    const networks = await screen.findByRole('region', { name: 'Networks' });
    expect(within(networks).getByRole('row', { name: /Arbitrum Sepolia \(local\)/ }).textContent).toContain(
      'Deployed',
    );

    current = deploying;
    fireEvent.click(within(networks).getByRole('button', { name: 'Deploy on Polygon Amoy (local)' }));
    const amoyRow = await within(networks).findByRole('row', { name: /Polygon Amoy \(local\)/ });
    expect(amoyRow.textContent).toContain('Deploying');
    expect(amoyRow.textContent).toContain(ADDRESS);
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/wallet/deployments')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ network: 'polygon-amoy' });
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(networks).queryByRole('button', { name: /Deploy on/ })).toBeNull();

    cleanup();
    renderWallet(deployed, 'Editor');
    const asEditor = await screen.findByRole('region', { name: 'Networks' });
    expect(within(asEditor).queryByRole('button', { name: /Deploy on/ })).toBeNull();
    expect(
      within(asEditor).getByText('An Admin of Acme can deploy the wallet on other networks.'),
    ).toBeTruthy();
  });
});
