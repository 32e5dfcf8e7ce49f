import { setLocale } from '@dash/shared';
import type { TTransfer, TTransferDetail, TTransferEvent } from '@dash/shared/api';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { renderPage, USER } from '@dash/shared/test';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { transferFixture } from '../../../test/transfers';
import TransactionPage from './TransactionPage';

const PATH = '/org/:org/rails/transactions/:transaction';
const OTHER_MEMBER = { uid: '55555555-5555-4555-8555-555555555555', email: 'bruno@example.com' };

/** An off-ramp above the threshold, waiting for a second member; created by `createdBy`. */
function waiting(createdBy: { uid: string; email: string }): TTransferDetail {
  return {
    ...transferFixture(1, {
      type: 'off_ramp',
      status: 'awaiting_approval',
      sourceCurrency: 'testbrz',
      sourceAmount: '1500.00',
      targetCurrency: 'BRL',
      targetAmount: '1492.50',
      providerReference: null,
      wallet: null,
      bankBeneficiary: {
        uid: '66666666-6666-4666-8666-666666666666',
        name: 'Fornecedor',
        accountKey: 'a@b.co',
      },
      approval: { required: true, approvedBy: null },
      createdBy,
    }),
    events: [
      {
        from: null,
        to: 'awaiting_approval',
        source: 'user',
        note: null,
        noteCode: null,
        noteParams: null,
        at: '2026-11-20T12:00:00.000Z',
      },
    ],
  };
}

const CONFLICT = {
  error: { code: 'CONFLICT', message: 'This transfer is not waiting for an approval.' },
};

/**
 * Serves the transfer's detail, and answers POST …/cancel with it canceled and POST …/approve with it
 * awaiting funds; records the POSTs (their bodies, and the approvals). With `decidedElsewhere`, every
 * decision is a 409 and the detail turns canceled, as when another member decided first.
 */
function serve(transfer: TTransferDetail, { decidedElsewhere = false } = {}) {
  const posted: unknown[] = [];
  const approvals: string[] = [];
  let current = transfer;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST' && decidedElsewhere) {
        current = { ...current, status: 'canceled', failureReason: 'Canceled by bruno@example.com' };
        return new Response(JSON.stringify(CONFLICT), { status: 409 });
      }
      if (init?.method === 'POST' && input.endsWith(`/rails/transactions/${transfer.uid}/approve`)) {
        approvals.push(input);
        const approved: TTransfer = { ...current, status: 'awaiting_funds' };
        current = { ...current, ...approved };
        // Answered a little later, as over a network: a second click lands before it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Response(JSON.stringify({ data: approved }), { status: 200 });
      }
      if (init?.method === 'POST' && input.endsWith(`/rails/transactions/${transfer.uid}/cancel`)) {
        posted.push(JSON.parse(String(init.body)));
        const canceled: TTransfer = {
          ...current,
          status: 'canceled',
          failureReason: 'Rejected by ana@example.com',
        };
        current = { ...current, ...canceled };
        return new Response(JSON.stringify({ data: canceled }), { status: 200 });
      }
      if (input.includes(`/rails/transactions/${transfer.uid}`))
        return new Response(JSON.stringify({ data: current }), { status: 200 });
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
        status: 404,
      });
    }),
  );
  return { posted, approvals };
}

const open = (transfer: TTransferDetail, role: 'Admin' | 'Editor' | 'Viewer' = 'Admin') =>
  renderPage(<TransactionPage />, { url: `/org/acme/rails/transactions/${transfer.uid}`, path: PATH, role });

const toastTitles = () => notificationsStore.getState().notifications.map((toast) => toast.title);
const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message);
/** Where a decision leaves focus: the transfer's status, which says what it is now. */
const status = () => screen.getByRole('group', { name: 'Status' });

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => cleanNotifications());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an off-ramp waiting for approval', () => {
  it('is approved or rejected by another member, withdrawn by its creator, and left alone by a Viewer', async () => {
    serve(waiting(OTHER_MEMBER));
    open(waiting(OTHER_MEMBER));
    expect(await screen.findByRole('button', { name: 'Approve transfer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel off-ramp' })).toBeNull();
    cleanup();

    const own = waiting({ uid: USER.uid, email: USER.email });
    serve(own);
    open(own, 'Editor');
    expect(await screen.findByRole('button', { name: 'Cancel off-ramp' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    cleanup();

    serve(waiting(OTHER_MEMBER));
    open(waiting(OTHER_MEMBER), 'Viewer');
    expect(await screen.findByText("Waiting for a second member's approval")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('is rejected with its reason once the reason fits; an overlong one is the field message and sends nothing', async () => {
    const { posted } = serve(waiting(OTHER_MEMBER));
    open(waiting(OTHER_MEMBER));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this off-ramp?' });
    expect(within(dialog).getByText(/its 1,500\.00 testbrz are no longer held/)).toBeTruthy();
    // Its close button is named, and its header is not a second banner landmark of the page.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(dialog).queryByRole('banner')).toBeNull();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject off-ramp' });

    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    confirm.focus();
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Keep the reason to 500 characters or fewer.')).toBeTruthy();
    expect(posted).toEqual([]);
    // The keyboard is taken to the field in error, which says so.
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(reason, { target: { value: '  Wrong beneficiary ' } });
    confirm.focus();
    fireEvent.click(confirm);
    await waitFor(() => expect(posted).toEqual([{ reason: 'Wrong beneficiary' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Said, and focus is on the status, not dropped to the page's body with the buttons it left.
    expect(toastMessages()).toEqual(['Off-ramp rejected']);
    await waitFor(() => expect(document.activeElement).toBe(status()));
    // The timeline names who made it.
    expect(
      within(screen.getByRole('table', { name: 'Timeline' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toContain('2026/11/20 12:00:00 UTCAwaiting approvalbruno@example.com');
    // The page shows the transfer as it now is: canceled, with who called it off, and no decision left.
    expect(await screen.findByText('Rejected by ana@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull();
    expect(screen.queryByText('Waiting for a second member')).toBeNull();
  });
});

describe('a decision on an off-ramp waiting for approval', () => {
  it('is sent once for a double-clicked Approve', async () => {
    const { approvals } = serve(waiting(OTHER_MEMBER));
    open(waiting(OTHER_MEMBER));
    const approve = await screen.findByRole('button', { name: 'Approve transfer' });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull());
    expect(approvals).toHaveLength(1);
    expect(toastMessages()).toEqual(['Off-ramp approved']);
  });

  it('approved: says so, and focus goes from the gone Approve button to the status', async () => {
    serve(waiting(OTHER_MEMBER));
    open(waiting(OTHER_MEMBER));
    const approve = await screen.findByRole('button', { name: 'Approve transfer' });
    approve.focus();
    fireEvent.click(approve);
    await waitFor(() => expect(toastMessages()).toEqual(['Off-ramp approved']));
    expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull();
    expect(within(status()).getByText('Awaiting funds')).toBeTruthy();
    expect(document.activeElement).toBe(status());
  });

  it('withdrawn by its creator: says so, and focus goes to the status', async () => {
    const own = waiting({ uid: USER.uid, email: USER.email });
    serve(own);
    open(own, 'Editor');
    const withdraw = await screen.findByRole('button', { name: 'Cancel off-ramp' });
    withdraw.focus();
    fireEvent.click(withdraw);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this off-ramp?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel off-ramp' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMessages()).toEqual(['Off-ramp canceled']);
    expect(screen.queryByRole('button', { name: 'Cancel off-ramp' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status()));
  });

  it('refused because another member decided first: says so (no "try again"), closes the dialog, shows the transfer as it is', async () => {
    serve(waiting(OTHER_MEMBER), { decidedElsewhere: true });
    open(waiting(OTHER_MEMBER));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this off-ramp?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject off-ramp' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(toastTitles()).toEqual([
        'Another member decided on this transfer first: it shows as it is now.',
      ]),
    );
    expect(await screen.findByText('Canceled by bruno@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve transfer' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status()));
  });
});

describe('a transfer whose counterparty was deleted since', () => {
  it('still names it as it was, and says it is no longer registered', async () => {
    const transfer = waiting(OTHER_MEMBER);
    const gone = { ...transfer, bankBeneficiary: { uid: null, name: 'Fornecedor', accountKey: 'a@b.co' } };
    serve(gone);
    open(gone);
    expect(await screen.findByText(/Fornecedor \(a@b\.co\)/)).toBeTruthy();
    expect(screen.getByText('· no longer registered')).toBeTruthy();
    cleanup();
    serve(transfer);
    open(transfer);
    expect(await screen.findByText(/Fornecedor \(a@b\.co\)/)).toBeTruthy();
    expect(screen.queryByText('· no longer registered')).toBeNull();
  });
});

describe("a member's decision in the reader's language", () => {
  // Back to English for the other tests, whatever order they run in (the page gone first: nothing
  // rendered hears of the switch).
  afterEach(async () => {
    cleanup();
    await setLocale('en', { remember: false });
  });
  const ANA = { uid: USER.uid, email: 'ana@example.com' };
  /** The member's step of the timeline, as the API answers it (code and values beside the English text). */
  const decision = (
    to: TTransferEvent['to'],
    note: string,
    code: TTransferEvent['noteCode'],
    params: TTransferEvent['noteParams'],
  ): TTransferEvent => ({
    from: 'awaiting_approval',
    to,
    source: 'user',
    note,
    noteCode: code,
    noteParams: params,
    at: '2026-11-20T12:07:00.000Z',
  });
  /** The transfer's page in Brazilian Portuguese: the banner saying why it stopped, and the timeline's rows. */
  async function openInPortuguese(transfer: TTransferDetail) {
    serve(transfer);
    // The language first, then the page, waited for at once: awaiting renderPage's `locale` would let
    // the stubbed answer land between the render and the wait, outside act.
    await act(() => setLocale('pt-BR', { remember: false }));
    open(transfer);
    const timeline = await screen.findByRole('table', { name: 'Histórico' });
    return {
      banner: screen.queryByRole('alert')?.textContent ?? null,
      rows: within(timeline)
        .getAllByRole('row')
        .map((row) => row.textContent),
    };
  }

  it('says an approval in Brazilian Portuguese, and who approved it', async () => {
    const transfer = waiting(ANA);
    const page = await openInPortuguese({
      ...transfer,
      status: 'awaiting_funds',
      approval: { required: true, approvedBy: OTHER_MEMBER },
      events: [
        ...transfer.events,
        decision('awaiting_funds', 'Approved by bruno@example.com', 'approved_by', {
          actor: 'bruno@example.com',
        }),
      ],
    });
    expect(page.rows).toContain(
      '2026/11/20 12:07:00 UTCAguardando fundosbruno@example.comAprovada por bruno@example.com',
    );
    expect(page.banner).toBeNull();
    expect(screen.queryByText(/Approved by/)).toBeNull();
  });

  it('says a rejection and its reason in Brazilian Portuguese, on the transfer and in its timeline', async () => {
    const transfer = waiting(ANA);
    const text = 'Rejected by bruno@example.com: Beneficiário errado';
    const params = { actor: 'bruno@example.com', reason: 'Beneficiário errado' };
    const page = await openInPortuguese({
      ...transfer,
      status: 'canceled',
      failureReason: text,
      failureReasonCode: 'rejected_by',
      failureReasonParams: params,
      events: [...transfer.events, decision('canceled', text, 'rejected_by', params)],
    });
    expect(page.banner).toBe('CanceladaRejeitada por bruno@example.com: Beneficiário errado');
    expect(page.rows).toContain(
      '2026/11/20 12:07:00 UTCCanceladabruno@example.comRejeitada por bruno@example.com: Beneficiário errado',
    );
    expect(screen.queryByText(/Rejected by/)).toBeNull();
  });

  it('shows a decision written before the codes as the API worded it (English)', async () => {
    const transfer = waiting(ANA);
    const text = 'Rejected by bruno@example.com: Wrong beneficiary';
    const page = await openInPortuguese({
      ...transfer,
      status: 'canceled',
      failureReason: text,
      failureReasonCode: null,
      failureReasonParams: null,
      events: [...transfer.events, decision('canceled', text, null, null)],
    });
    expect(page.banner).toBe(`Cancelada${text}`);
    expect(page.rows).toContain(`2026/11/20 12:07:00 UTCCanceladaMembro${text}`);
  });

  it('shows a reason whose code this page does not know (an API newer than the page) as the API worded it (English)', async () => {
    const transfer = waiting(ANA);
    const text = 'The provider closed the account';
    // Sent as a newer API would: a code the contract this page was built with does not list.
    const unknown = 'provider_account_closed' as NonNullable<TTransferDetail['failureReasonCode']>;
    const page = await openInPortuguese({
      ...transfer,
      status: 'failed',
      failureReason: text,
      failureReasonCode: unknown,
      failureReasonParams: {},
      events: [...transfer.events, decision('failed', text, unknown, {})],
    });
    expect(page.banner).toBe(`Falhou${text}`);
    expect(page.rows.some((row) => row.includes(text))).toBe(true);
  });

  it("shows a member's decision that came without its member as the API wrote it, by a member", async () => {
    const transfer = waiting(ANA);
    const text = 'Rejected by bruno@example.com';
    const page = await openInPortuguese({
      ...transfer,
      status: 'canceled',
      failureReason: text,
      failureReasonCode: 'rejected_by',
      failureReasonParams: {},
      events: [...transfer.events, decision('canceled', text, 'rejected_by', {})],
    });
    expect(page.banner).toBe(`Cancelada${text}`);
    expect(page.rows).toContain(`2026/11/20 12:07:00 UTCCanceladaMembro${text}`);
  });

  /** An on-ramp the API failed itself before the provider knew of it: its reason on the transfer and its step. */
  function failedByTheApi(
    text: string,
    code: NonNullable<TTransferDetail['failureReasonCode']>,
    params: NonNullable<TTransferEvent['noteParams']>,
  ): TTransferDetail {
    const transfer = transferFixture(2, {
      status: 'failed',
      providerReference: null,
      failureReason: text,
      failureReasonCode: code,
      failureReasonParams: params,
    });
    return {
      ...transfer,
      events: [
        {
          from: null,
          to: 'awaiting_funds',
          source: 'user',
          note: null,
          noteCode: null,
          noteParams: null,
          at: '2026-11-20T12:00:00.000Z',
        },
        {
          from: 'awaiting_funds',
          to: 'failed',
          source: 'system',
          note: text,
          noteCode: code,
          noteParams: params,
          at: '2026-11-20T12:01:00.000Z',
        },
      ],
    };
  }

  it("says the provider's refusal in Brazilian Portuguese with the provider's own words, by the system", async () => {
    const reason = 'POST /v1/transfers answered 422: Chave Pix inválida';
    const page = await openInPortuguese(
      failedByTheApi(`The provider refused the transfer: ${reason}`, 'provider_refused', { reason }),
    );
    expect(page.banner).toBe(`FalhouO provedor recusou a transferência: ${reason}`);
    expect(page.rows).toContain(
      `2026/11/20 12:01:00 UTCFalhouSistemaO provedor recusou a transferência: ${reason}`,
    );
    expect(screen.queryByText(/refused/)).toBeNull();
  });

  it('says the reasons without values in Brazilian Portuguese: no adapter for the provider, the provider never reached', async () => {
    const unavailable = await openInPortuguese(
      failedByTheApi('This provider cannot be reached from this installation.', 'provider_unavailable', {}),
    );
    const worded = 'Não é possível conectar a este provedor a partir desta instalação.';
    expect(unavailable.banner).toBe(`Falhou${worded}`);
    expect(unavailable.rows).toContain(`2026/11/20 12:01:00 UTCFalhouSistema${worded}`);
    cleanup();
    const unreachable = await openInPortuguese(
      failedByTheApi(
        'We could not reach the provider. Nothing was moved; start again.',
        'provider_unreachable',
        {},
      ),
    );
    const again = 'Não foi possível conectar ao provedor. Nenhum valor foi movimentado; comece de novo.';
    expect(unreachable.banner).toBe(`Falhou${again}`);
    expect(unreachable.rows).toContain(`2026/11/20 12:01:00 UTCFalhouSistema${again}`);
  });
});

describe('a link to a transaction the organization does not have', () => {
  /** Answers the transaction's GET as the API does for an unknown id (404) or a malformed one (400). */
  function answer(status: 404 | 400) {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        const error =
          status === 404
            ? { code: 'NOT_FOUND', message: 'Transaction not found' }
            : { code: 'VALIDATION', message: 'Invalid transaction id' };
        return new Response(JSON.stringify({ error }), { status });
      }),
    );
    return asked;
  }

  it.each([404, 400] as const)(
    '(answered %i) says it is not there, with the way back to the list and no retry',
    async (status) => {
      const asked = answer(status);
      await renderPage(<TransactionPage />, {
        url: '/org/acme/rails/transactions/not-a-transaction',
        path: PATH,
        locale: 'pt-BR',
      });
      expect(await screen.findByRole('heading', { name: 'Transação não encontrada' })).toBeTruthy();
      expect(screen.getByText(/o link pode estar errado ou ser de outra organização/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Voltar para as transações' }).getAttribute('href')).toBe(
        '/org/acme/rails/transactions',
      );
      expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
      expect(asked).toHaveLength(1);
    },
  );
});

describe('a transfer on chain', () => {
  const HASH = `0x${'ab'.repeat(32)}`;
  const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  function held(review: TTransfer['review']): TTransferDetail {
    return {
      ...transferFixture(3, { status: 'payment_submitted', txHash: HASH, review }),
      events: [],
    };
  }

  it('says why a delivery is held in review, in the reader’s language, with the chain’s facts as they are', async () => {
    const transfer = held({
      code: 'delivery_mismatch',
      params: {
        network: 'polygon-amoy',
        txHash: HASH,
        symbol: 'testbrz',
        expected: `994.00 testbrz → ${WALLET}`,
        found: `993.5 testbrz → ${WALLET}`,
      },
      message: 'The English text',
    });
    serve(transfer);
    await renderPage(<TransactionPage />, {
      url: `/org/acme/rails/transactions/${transfer.uid}`,
      path: PATH,
      locale: 'pt-BR',
    });
    expect(await screen.findByText('Em revisão: a rede não confirma esta entrega')).toBeTruthy();
    expect(
      screen.getByText(
        `A entrega ${HASH} do provedor na Polygon Amoy não envia 994.00 testbrz → ${WALLET}; a rede mostra 993.5 testbrz → ${WALLET}.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The English text')).toBeNull();
  });

  it('names a transaction on a local chain without linking it to a public explorer', async () => {
    const transfer = { ...held(undefined), status: 'completed' as const, localChain: true };
    serve(transfer);
    await open(transfer);
    expect(await screen.findByText(`${HASH} (local chain: no public explorer)`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: HASH })).toBeNull();
  });

  it('links a transaction on a public network to its explorer', async () => {
    const transfer = { ...held(undefined), status: 'completed' as const };
    serve(transfer);
    await open(transfer);
    expect((await screen.findByRole('link', { name: HASH })).getAttribute('href')).toBe(
      `https://amoy.polygonscan.com/tx/${HASH}`,
    );
  });

  it('shows a review whose code it does not know as the API worded it', async () => {
    const transfer = held({
      code: null,
      params: { network: 'polygon-amoy' },
      message: 'A reason from a newer API.',
    });
    serve(transfer);
    await open(transfer);
    expect(await screen.findByText('In review: the chain does not confirm this delivery')).toBeTruthy();
    expect(screen.getByText('A reason from a newer API.')).toBeTruthy();
  });

  it('gives an off-ramp’s deposit as an EIP-681 payment request, as text, QR code and wallet link', async () => {
    const uri = `ethereum:0x17e91224c30c5b0B13ba2ef1E84FE880Cb902352@80002/transfer?address=${WALLET}&uint256=1500000000000000000000`;
    const transfer: TTransferDetail = {
      ...transferFixture(4, {
        type: 'off_ramp',
        status: 'awaiting_funds',
        sourceCurrency: 'testbrz',
        sourceAmount: '1500.00',
        targetCurrency: 'BRL',
        instructions: {
          kind: 'crypto',
          network: 'polygon-amoy',
          address: WALLET,
          amount: '1500.00',
          symbol: 'testbrz',
          memo: null,
          paymentUri: uri,
        },
      }),
      events: [],
    };
    serve(transfer);
    await open(transfer);
    expect((await screen.findByLabelText('Payment request (EIP-681)')).textContent).toBe(uri);
    expect(await screen.findByAltText('QR code of the payment request')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in a wallet' }).getAttribute('href')).toBe(uri);
  });
});
