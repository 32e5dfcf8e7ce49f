import { setLocale } from '@dash/shared';
import type { TCatalogueProvider, TProviderAccount, TQuote, TRegisteredWallet } from '@dash/shared/api';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { PROVIDER, PROVIDER_UID, renderPage } from '@dash/shared/test';
import { transferFixture } from '../../../test/transfers';
import DepositForm from '../../deposit/routes/DepositForm';
import { RampPage } from './RampPage';

/** What a native select shows: its chosen option's text. */
const shown = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;

const WALLET_UID = '44444444-4444-4444-8444-444444444444';
const dates = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
/** The provider with its BRL fee and limits per transfer (R$10.00 to R$500,000.00). */
const PROVIDER_WITH_LIMITS: TCatalogueProvider = {
  ...PROVIDER,
  fees: [
    { currency: 'BRL', percentageFee: '0.50', fixedFee: '1.00', minAmount: '10.00', maxAmount: '500000.00' },
  ],
};
const ACCOUNT: TProviderAccount = {
  uid: '55555555-5555-4555-8555-555555555555',
  provider: { uid: PROVIDER_UID, name: 'Transfero', logoUrl: null },
  status: 'Active',
  reason: null,
  requirements: [],
  externalId: 'acc_1',
  ...dates,
};
const WALLET: TRegisteredWallet = {
  uid: WALLET_UID,
  network: 'polygon-amoy',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  name: 'Treasury',
  remark: null,
  ...dates,
};

interface Posted {
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

/**
 * The API as the on-ramp page sees it: each quote lives `quoteSeconds`; the first POST rails/on-ramps
 * answers `firstOnRamp` (a failure to retry), the next ones 201.
 */
function serve({
  quoteSeconds,
  firstOnRamp,
  provider = PROVIDER,
  quoteRefusal,
  accounts = [ACCOUNT],
  wallets = [WALLET],
}: {
  quoteSeconds: number;
  firstOnRamp: number;
  provider?: TCatalogueProvider;
  accounts?: TProviderAccount[];
  wallets?: TRegisteredWallet[];
  /** The message of a 400 on `amount` that every quote gets. */
  quoteRefusal?: string;
}) {
  const posted: Posted[] = [];
  let quotes = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/api/v0/', '');
      const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status });
      if (init.method !== 'POST') {
        if (path === 'providers') return json([provider]);
        if (path === 'provider-accounts') return json(accounts);
        if (path === 'rails/blockchain-wallets') return json(wallets);
        return json([]);
      }
      const headers = new Headers(init.headers);
      posted.push({
        path,
        body: JSON.parse(String(init.body)),
        idempotencyKey: headers.get('idempotency-key'),
      });
      if (path === 'rails/quotes' && quoteRefusal) {
        return new Response(
          JSON.stringify({
            error: { code: 'VALIDATION', message: quoteRefusal, fields: { amount: quoteRefusal } },
          }),
          { status: 400 },
        );
      }
      if (path === 'rails/quotes') {
        quotes += 1;
        const quote: TQuote = {
          uid: `66666666-6666-4666-8666-${String(quotes).padStart(12, '0')}`,
          providerUid: PROVIDER_UID,
          type: 'on_ramp',
          network: 'polygon-amoy',
          sourceCurrency: 'BRL',
          sourceAmount: '250.00',
          targetCurrency: 'testbrz',
          targetAmount: '247.50',
          rate: '1.00',
          fee: '2.50',
          feeCurrency: 'BRL',
          expiresAt: new Date(Date.now() + quoteSeconds * 1000).toISOString(),
        };
        return json(quote, 201);
      }
      const attempt = posted.filter((call) => call.path === path).length;
      if (attempt === 1 && firstOnRamp !== 201)
        return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Boom' } }), {
          status: firstOnRamp,
        });
      return json(transferFixture(7, { status: 'awaiting_funds' }), 201);
    }),
  );
  return posted;
}

function renderOnRamp() {
  renderPage(<RampPage type="on_ramp" />, {
    url: `/org/acme/rails/on-ramp?providerUid=${PROVIDER_UID}&currency=BRL&walletUid=${WALLET_UID}`,
    path: '/org/:org/rails/on-ramp',
  });
}

async function getQuote(amount = '250') {
  const form = await screen.findByRole('form', { name: 'On-ramp' });
  fireEvent.change(within(form).getByRole('textbox', { name: /Amount \(BRL\)/ }), {
    target: { value: amount },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Get quote' }));
  return screen.findByRole('region', { name: 'Quote' });
}

/** What the page's polite live regions say now (the router's Location probe aside). */
const announced = () =>
  screen
    .getAllByRole('status')
    .filter((region) => region.getAttribute('aria-label') !== 'Location')
    .map((region) => region.textContent);

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the on-ramp form', () => {
  it('quotes the amount from the URL choices and shows rate, fees, amount delivered and a countdown to expiry', async () => {
    const posted = serve({ quoteSeconds: 2, firstOnRamp: 201 });
    renderOnRamp();
    const quote = await getQuote();
    expect(posted[0]).toMatchObject({
      path: 'rails/quotes',
      body: {
        providerUid: PROVIDER_UID,
        type: 'on_ramp',
        currency: 'BRL',
        network: 'polygon-amoy',
        amount: '250',
      },
    });
    expect(quote.textContent).toContain('247.50 testbrz');
    expect(quote.textContent).toContain('Fees: R$2.50');
    // The rate says which way it goes: target units per source unit.
    expect(quote.textContent).toContain('Rate: 1 BRL = 1 testbrz');
    const countdown = within(quote).getByText(/^Expires in [12] s$/);
    // The countdown is not read out every second: no live region holds it.
    expect(
      countdown.closest('[aria-live], [role="status"], [role="alert"], [role="log"], [role="timer"]'),
    ).toBeNull();
    // The quote itself is said once, as it arrives.
    expect(announced()).toEqual([
      expect.stringMatching(
        /^Quote ready\. You send R\$250\.00 and receive 247\.50 testbrz\. Rate: 1 BRL = 1 testbrz\. Fees: R\$2\.50\. Valid for [12] seconds\.$/,
      ),
    ]);
    // Expired: no Confirm any more, a new quote instead; and that is said.
    expect(
      await within(quote).findByText('This quote has expired. Get a new quote to continue.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(announced()).toEqual(['This quote has expired. Get a new quote to continue.']),
    );
    expect(within(quote).queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.click(within(quote).getByRole('button', { name: 'Get a new quote' }));
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/quotes')).toHaveLength(2));
    await waitFor(() => expect(announced()).toEqual([expect.stringMatching(/^Quote ready\. /)]));
  });

  it('drops the quote when the form changes: Confirm never books a quote for other values', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    renderOnRamp();
    const quote = await getQuote('10');
    expect(within(quote).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'On-ramp' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount \(BRL\)/ }), {
      target: { value: '20' },
    });
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(announced()).toEqual(['']);
    // A quote for the new amount, then Confirm books that one.
    const again = await getQuote('20');
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/on-ramps')).toHaveLength(1));
    expect(posted.filter((call) => call.path === 'rails/quotes').map((call) => call.body)).toMatchObject([
      { amount: '10' },
      { amount: '20' },
    ]);
    expect(posted.at(-1)?.body).toEqual({
      quoteUid: '66666666-6666-4666-8666-000000000002',
      walletUid: WALLET_UID,
    });
  });

  it('does not show a quote that arrives after the form changed', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    renderOnRamp();
    const form = await screen.findByRole('form', { name: 'On-ramp' });
    const amount = within(form).getByRole('textbox', { name: /Amount \(BRL\)/ });
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Get quote' }));
    // Changed while the quote for 10 is on its way.
    fireEvent.change(amount, { target: { value: '20' } });
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/quotes')).toHaveLength(1));
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Get quote' }).dataset.loading).toBeUndefined(),
    );
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
  });

  it('says nothing of a quote before there is one: the live region is there, empty, for it to be heard', async () => {
    serve({ quoteSeconds: 60, firstOnRamp: 201 });
    renderOnRamp();
    await screen.findByRole('form', { name: 'On-ramp' });
    expect(announced()).toEqual(['']);
  });

  it('takes the keyboard to the first field in error when Get quote finds the form incomplete', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    renderPage(<RampPage type="on_ramp" />, {
      url: '/org/acme/rails/on-ramp',
      path: '/org/:org/rails/on-ramp',
    });
    const form = await screen.findByRole('form', { name: 'On-ramp' });
    const submit = within(form).getByRole('button', { name: 'Get quote' });
    submit.focus();
    fireEvent.click(submit);
    const provider = within(form).getByLabelText(/^Provider/);
    await waitFor(() => expect(document.activeElement).toBe(provider));
    expect(provider.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);
  });

  it('takes an amount in cents: more decimals is a field error and asks for no quote', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    renderOnRamp();
    const form = await screen.findByRole('form', { name: 'On-ramp' });
    const amount = within(form).getByRole('textbox', { name: /Amount \(BRL\)/ });
    fireEvent.change(amount, { target: { value: '1.234' } });
    const submit = within(form).getByRole('button', { name: 'Get quote' });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(form).findByText('Enter the amount with at most 2 decimal places')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(posted).toHaveLength(0);
    // Cents are fine.
    await getQuote('1.23');
    expect(posted[0]?.body).toMatchObject({ amount: '1.23' });
  });

  it("shows the provider's limits per transfer under the amount, and the API's refusal of an amount past them on the field", async () => {
    const message = "This amount is below the provider's minimum per transfer";
    const posted = serve({
      quoteSeconds: 60,
      firstOnRamp: 201,
      provider: PROVIDER_WITH_LIMITS,
      quoteRefusal: message,
    });
    renderOnRamp();
    const form = await screen.findByRole('form', { name: 'On-ramp' });
    expect(within(form).getByText('R$10.00 to R$500,000.00 per transfer')).toBeTruthy();
    const amount = within(form).getByRole('textbox', { name: /Amount \(BRL\)/ });
    fireEvent.change(amount, { target: { value: '5' } });
    const submit = within(form).getByRole('button', { name: 'Get quote' });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    // The server's refusal takes the keyboard to the field too.
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(posted.filter((call) => call.path === 'rails/quotes')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
  });

  it('retries a failed confirmation with the same Idempotency-Key and body, then opens the transaction', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 503 });
    renderOnRamp();
    const quote = await getQuote();
    fireEvent.click(within(quote).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/on-ramps')).toHaveLength(1));
    // The failure leaves the quote on screen; Confirm again is a retry of the same submission.
    const confirm = await within(quote).findByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm.getAttribute('data-loading')).toBeNull());
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
        `/org/acme/rails/transactions/${transferFixture(7).uid}`,
      ),
    );
    const confirmations = posted.filter((call) => call.path === 'rails/on-ramps');
    expect(confirmations).toHaveLength(2);
    const [first, retry] = confirmations;
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(first?.body).toEqual({ quoteUid: expect.stringMatching(/^66666666-/), walletUid: WALLET_UID });
    expect(retry?.body).toEqual(first?.body);
  });

  it('makes a new Idempotency-Key for each new quote', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 503 });
    renderOnRamp();
    let quote = await getQuote();
    fireEvent.click(within(quote).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/on-ramps')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }));
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/quotes')).toHaveLength(2));
    quote = await screen.findByRole('region', { name: 'Quote' });
    const confirm = within(quote).getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm.getAttribute('data-loading')).toBeNull());
    fireEvent.click(confirm);
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/on-ramps')).toHaveLength(2));
    const [first, second] = posted.filter((call) => call.path === 'rails/on-ramps');
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(second?.body).not.toEqual(first?.body);
  });
});

describe('the off-ramp form', () => {
  /** The API with two Pix beneficiaries named Ana Souza. */
  function serveBeneficiaries() {
    const base = { name: 'Ana Souza', remark: null, ...dates };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const path = new URL(input, 'http://localhost').pathname.replace('/api/v0/', '');
        const data =
          path === 'providers'
            ? [PROVIDER]
            : path === 'provider-accounts'
              ? [ACCOUNT]
              : path === 'rails/bank-beneficiaries'
                ? [
                    {
                      ...base,
                      uid: '77777777-7777-4777-8777-000000000001',
                      type: 'PixKey',
                      pixKeyType: 'email',
                      pixKey: 'ana@example.com',
                    },
                    {
                      ...base,
                      uid: '77777777-7777-4777-8777-000000000002',
                      type: 'PixKey',
                      pixKeyType: 'cpf',
                      pixKey: '52998224725',
                    },
                  ]
                : [];
        return Response.json({ data });
      }),
    );
  }

  it('names each beneficiary with the account it pays: two may share a name', async () => {
    serveBeneficiaries();
    renderPage(<RampPage type="off_ramp" />, {
      url: `/org/acme/rails/off-ramp?providerUid=${PROVIDER_UID}&currency=BRL`,
      path: '/org/:org/rails/off-ramp',
    });
    const form = await screen.findByRole('form', { name: 'Off-ramp' });
    const beneficiary = within(form).getByRole('combobox', { name: /Bank beneficiary/ });
    expect(
      await within(beneficiary).findByRole('option', { name: 'Ana Souza (ana@example.com)' }),
    ).toBeTruthy();
    expect(within(beneficiary).getByRole('option', { name: 'Ana Souza (52998224725)' })).toBeTruthy();
  });

  it('shows a value none of the options holds as not chosen, not as the first option', async () => {
    serveBeneficiaries();
    // MXN, which the provider does not offer, and a Pix beneficiary, which an MXN off-ramp cannot pay.
    renderPage(<RampPage type="off_ramp" />, {
      url: `/org/acme/rails/off-ramp?providerUid=${PROVIDER_UID}&currency=MXN&bankBeneficiaryUid=77777777-7777-4777-8777-000000000001`,
      path: '/org/:org/rails/off-ramp',
    });
    const form = await screen.findByRole('form', { name: 'Off-ramp' });
    expect(shown(within(form).getByRole('combobox', { name: /Currency/ }))).toBe('Choose a currency');
    expect(shown(within(form).getByRole('combobox', { name: /Bank beneficiary/ }))).toBe(
      'Choose a beneficiary',
    );
    expect(shown(within(form).getByRole('combobox', { name: /Network/ }))).toBe('Choose a network');
    // Once the provider's own currency is chosen, its beneficiaries are offered.
    fireEvent.change(within(form).getByRole('combobox', { name: /Currency/ }), { target: { value: 'BRL' } });
    await waitFor(() => expect(shown(within(form).getByRole('combobox', { name: /Currency/ }))).toBe('BRL'));
    expect(shown(within(form).getByRole('combobox', { name: /Bank beneficiary/ }))).toBe(
      'Ana Souza (ana@example.com)',
    );
  });
});

describe('the off-ramp form: paid from the Safe', () => {
  const SAFE = '0x7a2cC96b3ADd01ef1EEe79e8d4FF90831b6A8EDe';
  const BENEFICIARY_UID = '77777777-7777-4777-8777-000000000001';
  /** The API with a Safe on polygon-amoy holding 500 testbrz; the POSTs it was sent. */
  function serveSafe() {
    const posted: Posted[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://localhost').pathname.replace('/api/v0/', '');
        const json = (data: unknown, status = 200) => Response.json({ data }, { status });
        if (init.method === 'POST') {
          posted.push({
            path,
            body: JSON.parse(String(init.body)),
            idempotencyKey: new Headers(init.headers).get('idempotency-key'),
          });
          if (path === 'rails/quotes') {
            return json(
              {
                uid: '66666666-6666-4666-8666-000000000001',
                providerUid: PROVIDER_UID,
                type: 'off_ramp',
                network: 'polygon-amoy',
                sourceCurrency: 'testbrz',
                sourceAmount: '250.00',
                targetCurrency: 'BRL',
                targetAmount: '247.50',
                rate: '1.00',
                fee: '2.50',
                feeCurrency: 'BRL',
                expiresAt: new Date(Date.now() + 60_000).toISOString(),
              } satisfies TQuote,
              201,
            );
          }
          return json(transferFixture(7, { status: 'awaiting_funds' }), 201);
        }
        if (path === 'providers') return json([PROVIDER]);
        if (path === 'provider-accounts') return json([ACCOUNT]);
        if (path === 'rails/blockchain-wallets') return json([WALLET]);
        if (path === 'rails/bank-beneficiaries') {
          return json([
            {
              uid: BENEFICIARY_UID,
              name: 'Ana Souza',
              remark: null,
              type: 'PixKey',
              pixKeyType: 'email',
              pixKey: 'ana@example.com',
              ...dates,
            },
          ]);
        }
        if (path.endsWith('/holdings')) {
          return json({
            networks: [],
            wallets: [
              {
                kind: 'safe',
                uid: null,
                name: null,
                network: 'polygon-amoy',
                address: SAFE,
                balances: [{ symbol: 'testbrz', amount: '500' }],
              },
            ],
            reconciliation: [],
            incoming: [],
          });
        }
        return json([]);
      }),
    );
    return posted;
  }

  it('pays from the Safe by default when it holds the amount, and posts fromSafe', async () => {
    const posted = serveSafe();
    renderPage(<RampPage type="off_ramp" />, {
      url: `/org/acme/rails/off-ramp?providerUid=${PROVIDER_UID}&currency=BRL&bankBeneficiaryUid=${BENEFICIARY_UID}&network=polygon-amoy`,
      path: '/org/:org/rails/off-ramp',
    });
    const form = await screen.findByRole('form', { name: 'Off-ramp' });
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    const paidFrom = () => shown(within(form).getByRole('combobox', { name: /Paid from/ }));
    fireEvent.change(amount, { target: { value: '250' } });
    await waitFor(() => expect(paidFrom()).toMatch(/^The organization’s Safe \(holds .*500.*\)$/));
    expect(screen.getByText(/the exact amount is proposed in the Safe’s queue/)).toBeTruthy();
    // More than it holds: an external wallet, until the amount fits again.
    fireEvent.change(amount, { target: { value: '600' } });
    await waitFor(() => expect(paidFrom()).toBe('An external wallet'));
    fireEvent.change(amount, { target: { value: '250' } });
    await waitFor(() => expect(paidFrom()).toMatch(/Safe/));

    fireEvent.click(within(form).getByRole('button', { name: 'Get quote' }));
    const quote = await screen.findByRole('region', { name: 'Quote' });
    fireEvent.click(within(quote).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted.filter((call) => call.path === 'rails/off-ramps')).toHaveLength(1));
    expect(posted.find((call) => call.path === 'rails/off-ramps')?.body).toEqual({
      quoteUid: '66666666-6666-4666-8666-000000000001',
      bankBeneficiaryUid: BENEFICIARY_UID,
      fromSafe: true,
    });
  });
});

describe('the deposit form', () => {
  it("shows Transfero's limits per transfer under the amount and takes it in cents", async () => {
    const posted = serve({
      quoteSeconds: 60,
      firstOnRamp: 201,
      provider: PROVIDER_WITH_LIMITS,
    });
    renderPage(<DepositForm />, { url: '/org/acme/deposit', path: '/org/:org/deposit' });
    const form = await screen.findByRole('form', { name: 'Deposit' });
    expect(await within(form).findByText('R$10.00 to R$500,000.00 per transfer')).toBeTruthy();
    // The fixed network is shown by its name, not its code.
    expect(shown(within(form).getByLabelText('Network'))).toBe('Polygon Amoy');
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    fireEvent.change(amount, { target: { value: '50.505' } });
    const submit = within(form).getByRole('button', { name: 'Deposit' });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(form).findByText('Enter the amount with at most 2 decimal places')).toBeTruthy();
    // The first field in error (the amount, above the wallet, also missing) has the keyboard.
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(
      within(form)
        .getByLabelText(/^Target wallet/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(posted).toHaveLength(0);
    expect(screen.queryByText('No Active Transfero account yet')).toBeNull();
    expect(screen.queryByText(/No registered wallet/)).toBeNull();
  });

  it('says up front what is missing, with the way there: an Active Transfero account, a wallet on Polygon Amoy', async () => {
    serve({
      quoteSeconds: 60,
      firstOnRamp: 201,
      accounts: [{ ...ACCOUNT, status: 'Pending' }],
      wallets: [{ ...WALLET, network: 'ethereum' }],
    });
    renderPage(<DepositForm />, { url: '/org/acme/deposit', path: '/org/:org/deposit' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No Active Transfero account yet')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Onboard on Open Stable' }).getAttribute('href')).toBe(
      '/org/acme/open-stable',
    );
    const form = screen.getByRole('form', { name: 'Deposit' });
    expect(within(form).getByText(/No registered wallet on Polygon Amoy yet\./)).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Register a wallet' }).getAttribute('href')).toBe(
      '/org/acme/rails/blockchain-wallets',
    );
  });
});

describe('an amount typed the reader’s way', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  /** Types `amount` and asks for a quote on the on-ramp page, in pt-BR. */
  async function quotePtBr(amount: string) {
    const form = await screen.findByRole('form', { name: 'On-ramp' });
    const field = within(form).getByRole('textbox', { name: /Valor \(BRL\)/ });
    fireEvent.change(field, { target: { value: amount } });
    fireEvent.click(within(form).getByRole('button', { name: 'Obter cotação' }));
    return { form, field };
  }

  it('quotes a pt-BR amount with a decimal comma and group points as the decimal string it means', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    await renderPage(<RampPage type="on_ramp" />, {
      url: `/org/acme/rails/on-ramp?providerUid=${PROVIDER_UID}&currency=BRL&walletUid=${WALLET_UID}`,
      path: '/org/:org/rails/on-ramp',
      locale: 'pt-BR',
    });
    const { field } = await quotePtBr('1.234,56');
    expect(field.getAttribute('inputmode')).toBe('decimal');
    await screen.findByRole('region', { name: 'Cotação' });
    expect(posted[0]).toMatchObject({ path: 'rails/quotes', body: { amount: '1234.56' } });
  });

  it('refuses a malformed pt-BR amount under the field, with an example written the pt-BR way, and asks for no quote', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    await renderPage(<RampPage type="on_ramp" />, {
      url: `/org/acme/rails/on-ramp?providerUid=${PROVIDER_UID}&currency=BRL&walletUid=${WALLET_UID}`,
      path: '/org/:org/rails/on-ramp',
      locale: 'pt-BR',
    });
    for (const amount of ['1,2,3', '1.23,4.5']) {
      const { form, field } = await quotePtBr(amount);
      expect(await within(form).findByText('Digite um valor como 10 ou 10,50')).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    // Cents the pt-BR way are still cents: a third decimal is refused as one.
    const { form } = await quotePtBr('1,234');
    expect(await within(form).findByText('Digite o valor com no máximo 2 casas decimais')).toBeTruthy();
    // However many places are typed, what is said is how many it may have (not the format).
    await quotePtBr('1,123456789');
    expect(await within(form).findByText('Digite o valor com no máximo 2 casas decimais')).toBeTruthy();
    expect(within(form).queryByText('Digite um valor como 10 ou 10,50')).toBeNull();
    expect(posted).toHaveLength(0);
  });

  it('takes no decimal comma in English: its message gives the English example', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    renderOnRamp();
    const form = await screen.findByRole('form', { name: 'On-ramp' });
    const amount = within(form).getByRole('textbox', { name: /Amount \(BRL\)/ });
    fireEvent.change(amount, { target: { value: '20,50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Get quote' }));
    expect(await within(form).findByText('Enter an amount such as 10 or 10.50')).toBeTruthy();
    expect(posted).toHaveLength(0);
    await getQuote('1,234.5');
    expect(posted[0]?.body).toMatchObject({ amount: '1234.5' });
  });

  it('deposits a pt-BR amount as the decimal string it means, and refuses a malformed one under the field', async () => {
    const posted = serve({ quoteSeconds: 60, firstOnRamp: 201 });
    await renderPage(<DepositForm />, {
      url: '/org/acme/deposit',
      path: '/org/:org/deposit',
      locale: 'pt-BR',
    });
    const form = await screen.findByRole('form', { name: 'Depósito' });
    const amount = within(form).getByRole('textbox', { name: /Valor \(BRL\)/ });
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    const wallet = within(form).getByRole('combobox', { name: /Carteira de destino/ });
    // Named with its network and address: two wallets may share a name.
    const treasury = (await within(wallet).findByRole('option', {
      name: 'Treasury (Polygon Amoy, 0x5290…9EE7)',
    })) as HTMLOptionElement;
    fireEvent.change(wallet, { target: { value: treasury.value } });
    await waitFor(() => expect(shown(wallet)).toBe('Treasury (Polygon Amoy, 0x5290…9EE7)'));
    const submit = within(form).getByRole('button', { name: 'Depositar' });
    for (const typed of ['1,2,3', '1.23,4.5']) {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(submit);
      expect(await within(form).findByText('Digite um valor como 10 ou 10,50')).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(posted).toHaveLength(0);
    fireEvent.change(amount, { target: { value: ' 20,5 ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: 'deposits',
      body: { amount: '20.5', targetWalletUid: WALLET_UID, currencyId: 'BRL' },
    });
  });
});
