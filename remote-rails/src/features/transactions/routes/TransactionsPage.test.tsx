import type { TTransactionsResponse } from '@dash/shared/api';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ORGANIZATION, renderPage } from '@dash/shared/test';
import { transferFixture } from '../../../test/transfers';
import TransactionsPage from './TransactionsPage';

const PATH = '/org/:org/rails/transactions';

/**
 * Answers GET rails/transactions with `total` matches (counted exactly or not) and the rows `rows`
 * gives for the page asked (by default two, whatever the page); records every query string asked.
 */
function serve(
  total: number,
  totalIsExact = true,
  rows: (page: number, size: number) => TTransactionsResponse['data'] = (page) => [
    transferFixture(page * 1000 + 1),
    transferFixture(page * 1000 + 2, { status: 'failed' }),
  ],
) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const body: TTransactionsResponse = { data: rows(page, size), page, size, total, totalIsExact };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

const location = () =>
  new URL(screen.getByRole('status', { name: 'Location' }).textContent ?? '', 'http://x');

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the transactions list', () => {
  it('asks for the page, size and filters of the URL, says where it is and pages through the URL', async () => {
    const asked = serve(60);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?page=2&size=25&status=failed',
      path: PATH,
    });
    expect(await screen.findByText('Page 2 of 3 (60 transactions)')).toBeTruthy();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: '2', size: '25', status: 'failed' });
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('Page 3 of 3 (60 transactions)');
    expect(location().searchParams.get('page')).toBe('3');
    expect(location().searchParams.get('status')).toBe('failed');
    expect(asked.at(-1)?.get('page')).toBe('3');
    // The last page: Next says it is unavailable but stays focusable, so the keyboard keeps its place
    // on the pager (a disabled button would drop focus to the page's body), and does nothing.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(location().searchParams.get('page')).toBe('3');
    expect(asked.at(-1)?.get('page')).toBe('3');
  });

  it('keeps focus on Previous when it reaches page 1, where it does nothing', async () => {
    serve(60);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions?page=2', path: PATH });
    await screen.findByText('Page 2 of 6 (60 transactions)');
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous.hasAttribute('aria-disabled')).toBe(false);
    previous.focus();
    fireEvent.click(previous);
    await screen.findByText('Page 1 of 6 (60 transactions)');
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(previous);
    fireEvent.click(previous);
    expect(location().searchParams.get('page')).toBe('1');
  });

  it('says "1 transaction" for one, and heads the counterparty column "To"', async () => {
    serve(1);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions', path: PATH });
    expect(await screen.findByText('Page 1 of 1 (1 transaction)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getByRole('columnheader', { name: 'To' })).toBeTruthy();
  });

  it('ignores invalid params: defaults for page and size, each bad filter dropped, the good ones kept', async () => {
    const asked = serve(5);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?page=0&size=500&type=bogus&currency=EUR&status=completed&from=2026-13-45',
      path: PATH,
    });
    expect(await screen.findByText('Page 1 of 1 (5 transactions)')).toBeTruthy();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: '1', size: '10', status: 'completed' });
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('exports exactly the filtered set, and a filter change goes back to page 1', async () => {
    serve(300);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?page=4&currency=MXN&type=off_ramp',
      path: PATH,
    });
    await screen.findByText('Page 4 of 30 (300 transactions)');
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(exportLink.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe(`/api/v0/organizations/${ORGANIZATION.uid}/transactions/export.csv`);
    expect(Object.fromEntries(href.searchParams)).toEqual({ type: 'off_ramp', currency: 'MXN' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(location().searchParams.get('from')).toBe('2026-11-01'));
    expect(location().searchParams.get('page')).toBeNull();
    expect(location().searchParams.get('currency')).toBe('MXN');
  });

  it('lists only the off-ramps waiting for my approval from the address, in the CSV too, until unchecked or another status is chosen', async () => {
    const asked = serve(3);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?waitingFor=me&page=2',
      path: PATH,
    });
    const waiting = await screen.findByRole('button', { name: 'Waiting for my approval' });
    expect(waiting.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(asked.at(-1)?.get('waitingFor')).toBe('me'));
    const href = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect(Object.fromEntries(href.searchParams)).toEqual({ waitingFor: 'me' });

    fireEvent.click(waiting);
    await waitFor(() => expect(location().searchParams.get('waitingFor')).toBeNull());
    expect(location().searchParams.get('page')).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Waiting for my approval' }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Waiting for my approval' }));
    await waitFor(() => expect(location().searchParams.get('waitingFor')).toBe('me'));
  });

  it('offers a Viewer no "waiting for my approval" filter (a Viewer never approves)', async () => {
    serve(3);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions', path: PATH, role: 'Viewer' });
    await screen.findByText('Page 1 of 1 (3 transactions)');
    expect(screen.queryByRole('button', { name: 'Waiting for my approval' })).toBeNull();
  });

  it('says "of N+" past the count cap and keeps Next available', async () => {
    serve(10_000, false);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions?size=100', path: PATH });
    expect(await screen.findByText('Page 1 of 100+ (10,000+ transactions)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
  });

  it('offers the page sizes, shows a size from the address among them, and a new size goes back to page 1', async () => {
    const asked = serve(60);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions?page=3&size=7', path: PATH });
    await screen.findByText('Page 3 of 9 (60 transactions)');
    const rowsPerPage = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(rowsPerPage.value).toBe('7');
    expect([...rowsPerPage.options].map((option) => option.value)).toEqual(['7', '10', '25', '50', '100']);

    fireEvent.change(rowsPerPage, { target: { value: '25' } });
    await screen.findByText('Page 1 of 3 (60 transactions)');
    expect(location().searchParams.get('size')).toBe('25');
    expect(location().searchParams.get('page')).toBeNull();
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ page: '1', size: '25' });
  });

  it('links each row to its detail page: a plain click routes in the page, a modified click is left to the browser', async () => {
    serve(2);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions', path: PATH });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const [first] = within(table).getAllByRole('link');
    const uid = transferFixture(1001).uid;
    expect(first?.getAttribute('href')).toBe(`/org/acme/rails/transactions/${uid}`);
    expect(within(table).getAllByText('Failed')).toHaveLength(1);

    // A new tab (ctrl/cmd-click) is the browser's: the page stays where it is.
    fireEvent.click(first as HTMLElement, { ctrlKey: true });
    expect(location().pathname).toBe('/org/acme/rails/transactions');
    fireEvent.click(first as HTMLElement);
    await waitFor(() => expect(location().pathname).toBe(`/org/acme/rails/transactions/${uid}`));
  });
});

/** As the API answers for `total` matches: the rows of the page asked for, none past the end. */
const serveRows = (total: number, totalIsExact = true) =>
  serve(total, totalIsExact, (page, size) => {
    const first = (page - 1) * size + 1;
    const count = Math.max(0, Math.min(size, total - first + 1));
    return Array.from({ length: count }, (_, at) => transferFixture(first + at));
  });

/** Links to another address and Back, as the browser's history would go. */
function History({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(to)}>
        Open link
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

describe('a page past the end', () => {
  it('goes to the last page with the filters kept, in place: Back goes where the user was before', async () => {
    const asked = serveRows(17);
    renderPage(
      <>
        <TransactionsPage />
        <History to="/org/acme/rails/transactions?page=99&status=completed" />
      </>,
      { url: '/org/acme/rails/transactions?status=completed', path: PATH },
    );
    await screen.findByText('Page 1 of 2 (17 transactions)');
    fireEvent.click(screen.getByRole('button', { name: 'Open link' }));

    // Page 1's rows while page 99 loads, then page 2's (seven and the head).
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Transactions' })).getAllByRole('row')).toHaveLength(8),
    );
    expect(screen.getByText('Page 2 of 2 (17 transactions)')).toBeTruthy();
    expect(location().search).toBe('?page=2&status=completed');
    expect(screen.queryByText('No transactions match.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('aria-disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    expect(asked.map((query) => query.get('page'))).toEqual(['1', '99', '2']);

    // Page 99 was replaced: Back is the page before the link, not page 99 (and its way to page 2 again).
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('Page 1 of 2 (17 transactions)');
    expect(location().search).toBe('?status=completed');
  });

  it('goes to page 1 when nothing matches', async () => {
    const asked = serveRows(0);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?page=5&size=25&currency=BRL',
      path: PATH,
    });
    await screen.findByText('No transactions match.');
    expect(screen.getByText('Page 1 of 1 (0 transactions)')).toBeTruthy();
    expect(location().search).toBe('?size=25&currency=BRL');
    expect(asked.map((query) => query.get('page'))).toEqual(['5', '1']);
  });

  it('stays where it is past a total that is only a lower bound ("of 1000+")', async () => {
    const asked = serveRows(10_000, false);
    renderPage(<TransactionsPage />, { url: '/org/acme/rails/transactions?page=1200', path: PATH });
    await screen.findByText('Page 1,200 of 1,000+ (10,000+ transactions)');
    expect(screen.getByText('No transactions match.')).toBeTruthy();
    expect(location().search).toBe('?page=1200');
    expect(asked).toHaveLength(1);
  });
});

describe('a date range that ends before it starts', () => {
  const toDate = () => screen.getByLabelText('To') as HTMLInputElement;

  it('is said at the To date and not asked for: in place of the list, the page says to correct the dates', async () => {
    const asked = serveRows(17);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?from=2026-11-01&to=2026-11-30',
      path: PATH,
    });
    await screen.findByText('Page 1 of 2 (17 transactions)');
    expect(asked).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-28' } });
    fireEvent.change(toDate(), { target: { value: '2026-11-01' } });
    await screen.findByText('The end date is before the start date');
    expect(toDate().getAttribute('aria-invalid')).toBe('true');
    expect(location().searchParams.get('from')).toBe('2026-11-28');
    expect(location().searchParams.get('to')).toBe('2026-11-01');
    // Neither "0 transactions" nor the last range's rows and total under these dates.
    expect(screen.getByText('Correct the dates to see the transactions.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
    expect(screen.queryByText('No transactions match.')).toBeNull();
    expect(screen.queryByText(/transactions\)$/)).toBeNull();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    // No request for the reversed range (the one on the way, From moved first, was in order).
    expect(asked.map((query) => `${query.get('from')}..${query.get('to')}`)).toEqual([
      '2026-11-01..2026-11-30',
      '2026-11-28..2026-11-30',
    ]);

    fireEvent.change(toDate(), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(asked).toHaveLength(3));
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.queryByText('Correct the dates to see the transactions.')).toBeNull();
    expect(screen.queryByText('The end date is before the start date')).toBeNull();
    expect(toDate().hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeTruthy();
  });

  it('opened at such an address, asks for nothing and says to correct the dates', async () => {
    const asked = serveRows(17);
    renderPage(<TransactionsPage />, {
      url: '/org/acme/rails/transactions?from=2026-11-28&to=2026-11-01&type=on_ramp',
      path: PATH,
    });
    expect(await screen.findByText('Correct the dates to see the transactions.')).toBeTruthy();
    expect(screen.getByText('The end date is before the start date')).toBeTruthy();
    expect(screen.queryByText('No transactions match.')).toBeNull();
    // The same day at both ends is a range of one day.
    fireEvent.change(toDate(), { target: { value: '2026-11-28' } });
    await screen.findByText('Page 1 of 2 (17 transactions)');
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      page: '1',
      size: '10',
      type: 'on_ramp',
      from: '2026-11-28',
      to: '2026-11-28',
    });
    expect(asked).toHaveLength(1);
  });
});
