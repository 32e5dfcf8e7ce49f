// Interaction to Next Paint of the interactions people repeat (issue 53: under 100 ms each at 4x
// CPU), on the built dashboard the caller started and its demo data (demo@example.com, Admin of
// Acme Treasury):
//  - open a conversation: click another thread in the Message Center's list, until its newest
//    message shows;
//  - send a reply: the text typed at full speed, then Send clicked, until the reply shows;
//  - page the transactions (5 a page): Next page, until page 2 shows;
//  - filter them: "Returned" chosen in the Status filter, a native select, by typing its first
//    letter on the focused select (a key press that changes its value: opening the browser's own
//    list runs no script of the page, and a click in it is no event Event Timing sees), until the
//    list holds the returned transfers only;
//  - open a transaction: click the first filtered row, until its detail shows;
//  - switch organization: the switcher opened and the other organization chosen (the worst of the
//    two), until that organization's overview shows. The demo user belongs to Acme Treasury only:
//    a second organization is made through the API first.
// Each run loads its page at full speed, throttles the CPU, then does the interactions as a user
// does them; INP is read as inp.mjs reads it. Figures only.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { clickAsUser, cpuThrottle, inpOf, observeInteractions, runAlone, summary } from './inp.mjs';
import { signedInContext, sizeWindow } from './stack.mjs';

const SLUG = 'acme-treasury';
const ORG = `/org/${SLUG}`;
const PAGE_SIZE = 5;
const STATUS = { value: 'returned', label: 'Returned' };

/** What the runs need, through the API as the demo user: two threads, the returned transfers, a second organization. */
async function arrange(request) {
  const json = async (response, what) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const organizations = (await json(await request.get('/api/v0/me/organizations'), 'organizations')).data;
  const organization = organizations.find((candidate) => candidate.slug === SLUG);
  const get = async (path) =>
    json(
      await request.get(`/api/v0/${path}`, { headers: { 'x-organization-uid': organization.uid } }),
      `GET ${path}`,
    );
  const threads = (await get('messages?limit=100')).data;
  if (threads.length < 2) throw new Error(`${SLUG} has ${threads.length} conversations: two are needed`);
  const [from, to] = threads;
  const newest = (await get(`messages/${to.uid}`)).data.at(-1);

  const returned = (await get(`rails/transactions?status=${STATUS.value}&size=${PAGE_SIZE}`)).total;
  if (returned === 0 || returned > PAGE_SIZE)
    throw new Error(`${SLUG} has ${returned} ${STATUS.value} transfers: one page of them is needed`);
  const total = (await get(`rails/transactions?size=${PAGE_SIZE}`)).total;
  if (total <= PAGE_SIZE) throw new Error(`${SLUG} has ${total} transfers: a second page is needed`);

  let other = organizations.find((candidate) => candidate.slug !== SLUG);
  if (!other) {
    const slug = `bench-${randomUUID().slice(0, 8)}`;
    other = (
      await json(
        await request.post('/api/v0/organization', {
          headers: { 'idempotency-key': randomUUID() },
          data: { name: 'Bench Org', slug },
        }),
        'POST organization',
      )
    ).data;
  }
  return { from, to, newestUid: newest.uid, returned, other };
}

/**
 * Measures each interaction `runs` times on `base` (the demo data, a fresh data directory: a reply
 * per run and maybe an organization are added to it) with the CPU `cpu` times slower. Answers, per
 * interaction, the median and the worst of the runs.
 */
export async function appInp(browser, base, { runs = 5, cpu = 4 } = {}) {
  const context = await signedInContext(browser, base, { baseURL: base, viewport: null });
  const { from, to, newestUid, returned, other } = await arrange(context.request);
  const page = await context.newPage();
  await sizeWindow(context, page, { width: 1440, height: 900 });
  await observeInteractions(page);
  const throttled = await cpuThrottle(context, page);
  /** The worst of the interactions `acts` (opening a list, then choosing in it). */
  const worstOf = async (acts) => {
    let worst = 0;
    for (const act of acts) worst = Math.max(worst, await inpOf(page, act));
    return worst;
  };

  const figures = { conversation: [], reply: [], page: [], filter: [], transaction: [], organization: [] };
  for (let run = 0; run < runs; run += 1) {
    // The Message Center on one thread; the other is opened, then replied to.
    await page.goto(`${base}${ORG}/messages/${from.uid}`, { waitUntil: 'networkidle' });
    const link = page.locator(`nav[aria-label="Conversations"] a[href$="/messages/${to.uid}"]`);
    await link.waitFor();
    const log = page.getByRole('log', { name: 'Messages' });
    await throttled(cpu);
    figures.conversation.push(
      await inpOf(page, async () => {
        await clickAsUser(page, link);
        await log.locator(`[data-message-uid="${newestUid}"]`).waitFor();
      }),
    );
    await throttled(1);
    const text = `Bench reply ${run + 1} ${randomUUID().slice(0, 8)}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    const send = page.getByRole('button', { name: 'Send' });
    await send.waitFor();
    await throttled(cpu);
    figures.reply.push(
      await inpOf(page, async () => {
        await clickAsUser(page, send);
        await log.getByRole('article', { name: 'Message from me' }).filter({ hasText: text }).waitFor();
      }),
    );
    await throttled(1);

    // The transactions, 5 a page: page 2, then the returned ones, then the first of them.
    await page.goto(`${base}${ORG}/rails/transactions?size=${PAGE_SIZE}`, { waitUntil: 'networkidle' });
    const table = page.getByRole('table', { name: 'Transactions' });
    await page.getByText(/^Page 1 of \d+/).waitFor();
    await throttled(cpu);
    figures.page.push(
      await inpOf(page, async () => {
        await clickAsUser(page, page.getByRole('button', { name: 'Next page' }));
        await page.getByText(/^Page 2 of \d+/).waitFor();
      }),
    );
    // Focused at full speed (focus is not the interaction measured).
    const status = page.getByRole('combobox', { name: 'Status' });
    await throttled(1);
    await status.focus();
    await throttled(cpu);
    figures.filter.push(
      await inpOf(page, async () => {
        // The only status that begins with its letter: the select's type-ahead chooses it.
        await page.keyboard.press(STATUS.label[0].toLowerCase());
        // The answer's rows only (not the virtualized list's spacers): its pager says page 1 of 1,
        // its table holds them and no other.
        await page.getByText(/^Page 1 of 1\b/).waitFor();
        await page.waitForFunction(
          ({ count, label }) => {
            const rows = [
              ...document.querySelectorAll('table[aria-label="Transactions"] tbody tr[aria-rowindex]'),
            ];
            return rows.length === count && rows.every((row) => row.textContent.includes(label));
          },
          { count: returned, label: STATUS.label },
        );
      }),
    );
    figures.transaction.push(
      await inpOf(page, async () => {
        await clickAsUser(page, table.getByRole('link').first());
        await page.getByRole('heading', { level: 1, name: / of / }).waitFor();
      }),
    );
    await throttled(1);

    // The organization switcher, from Acme Treasury's overview to the other organization's.
    await page.goto(`${base}${ORG}`, { waitUntil: 'networkidle' });
    const switcher = page.getByRole('button', { name: /Switch organization/ });
    await switcher.waitFor();
    await throttled(cpu);
    figures.organization.push(
      await worstOf([
        async () => {
          await clickAsUser(page, switcher);
          await page.getByRole('menu').waitFor();
        },
        async () => {
          await clickAsUser(page, page.getByRole('menuitem', { name: new RegExp(other.name) }));
          await page.getByRole('heading', { level: 1, name: other.name }).waitFor();
        },
      ]),
    );
    await throttled(1);
  }
  await context.close();
  return Object.fromEntries(Object.entries(figures).map(([key, values]) => [key, summary(values)]));
}

/** Each interaction's key in appInp's answer and its row label in `pnpm bench`. */
export const APP_INTERACTIONS = [
  ['conversation', 'open a conversation'],
  ['reply', 'send a reply'],
  ['organization', 'switch organization'],
  ['filter', 'filter the transactions by status'],
  ['page', 'page the transactions (next page)'],
  ['transaction', 'open a transaction'],
];

// Alone (`pnpm --filter @dash/e2e bench:app-inp`, after `pnpm build`): see runAlone (BENCH_PORT
// default 4770).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAlone({ port: 4770, label: 'bench-app-inp', measure: appInp, rows: APP_INTERACTIONS });
}
