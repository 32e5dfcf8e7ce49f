import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, signInThroughApi, test } from '../support/fixtures';
import { budget } from '../support/time-budget';

/**
 * How the production servers answer: the dashboard origin (shell build + API in one process) and
 * each remote's own origin. Raw HTTP (node:http) so headers and encodings are seen as sent.
 */
const port = Number(process.env.E2E_PORT ?? 4300);
const origin = `http://localhost:${port}`;
const messagesOrigin = `http://localhost:${port + 11}`;
const walletOrigin = `http://localhost:${port + 12}`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

async function shellScripts(): Promise<string[]> {
  const page = await raw(`${origin}/auth`);
  return [...page.body.toString('utf8').matchAll(/<script[^>]+src="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Waits until the page has asked for no script or stylesheet for a second: its boot files and the
 * current route's lazy chunks are in. Not `networkidle`: a signed-in page keeps API traffic of its
 * own (the organization's event stream, a thread's pages), and on a busy machine that traffic once
 * kept the network from being idle for 500 ms within the test's 30 s.
 */
async function filesSettled(page: Page, quietMs = 1000) {
  let last = Date.now();
  const onRequest = (request: Request) => {
    if (['script', 'stylesheet', 'font'].includes(request.resourceType())) last = Date.now();
  };
  page.on('request', onRequest);
  try {
    await expect
      .poll(() => Date.now() - last, { timeout: budget(20_000), intervals: [100] })
      .toBeGreaterThanOrEqual(quietMs);
  } finally {
    page.off('request', onRequest);
  }
}

/** The messages page is whole: the area and the selected thread's messages are on screen. */
async function messagesPageShown(page: Page) {
  await expect(page.getByTestId('runtime-probe').first()).toBeAttached();
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article').first()).toBeVisible();
  await filesSettled(page);
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

test.describe('production serving', () => {
  test('assets go out in the best encoding the client accepts, precompressed, never plain', async () => {
    const [script] = await shellScripts();
    expect(script).toMatch(/^\/static\/js\/.+\.[0-9a-f]{8,}\.js$/);
    const br = await raw(`${origin}${script}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gzip = await raw(`${origin}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await raw(`${origin}${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const manifest = JSON.parse((await raw(`${walletOrigin}/mf-manifest.json`)).body.toString('utf8')) as {
      metaData: { remoteEntry: { name: string } };
    };
    const entry = await raw(`${walletOrigin}/${manifest.metaData.remoteEntry.name}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(entry.headers['content-encoding']).toBe('br');

    // A page is made per request (boot data, the server's render): compressed as it goes out.
    const page = await raw(`${origin}/auth`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(page.body).toString('utf8')).toContain('<div id="root">');
    const gzipPage = await raw(`${origin}/auth`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipPage.body).toString('utf8')).toContain('<div id="root">');
    expect((await raw(`${origin}/auth`)).headers['content-encoding']).toBeUndefined();
  });

  test('hashed files are immutable; pages and manifests are revalidated, never kept', async () => {
    const [script] = await shellScripts();
    expect((await raw(`${origin}${script}`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // A file that is not there (one of a release no longer served) is a 404, not the dashboard's page.
    const gone = await raw(`${origin}${script?.replace(/\.[0-9a-f]+\.js$/, '.0000000000.js')}`);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString('utf8'))).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'There is no file at this address.',
        messageCode: 'messages.fileNotFound',
        requestId: gone.headers['x-request-id'],
      },
    });
    const page = await raw(`${origin}/org/${DEMO_ORG_SLUG}/messages`);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toMatch(/no-cache/);
    expect(page.headers['cache-control']).not.toMatch(/max-age=[1-9]/);
    const manifest = await raw(`${walletOrigin}/mf-manifest.json`);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers.etag).toBeTruthy();
    const revalidated = await raw(`${walletOrigin}/mf-manifest.json`, {
      headers: { 'if-none-match': String(manifest.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
  });

  test('every answer carries the security headers; remotes allow the dashboard origin only', async () => {
    const [script] = await shellScripts();
    for (const url of [
      `${origin}/auth`,
      `${origin}${script}`,
      `${origin}/api/v0/health`,
      `${origin}/api/v0/me`,
    ]) {
      const answer = await raw(url);
      for (const header of SECURITY_HEADERS)
        expect(answer.headers[header], `${header} on ${url}`).toBeTruthy();
    }
    const csp = String((await raw(`${origin}/auth`)).headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/script-src[^;]*'sha256-/);

    const allowed = await raw(`${walletOrigin}/mf-manifest.json`, { headers: { origin } });
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    const foreign = await raw(`${walletOrigin}/mf-manifest.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('an oversized or malformed body through the dashboard origin is the API JSON error', async () => {
    const big = await raw(`${origin}/api/v0/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(5 * 1024 * 1024, 0x20),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body.toString('utf8'))).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const broken = await raw(`${origin}/api/v0/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"email":'),
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body.toString('utf8'))).toMatchObject({ error: { code: 'VALIDATION' } });
  });

  test('a remote page preloads the shell boot chunks and the remote files: real files, each fetched once', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const fetches = new Map<string, number>();
    page.on('request', (request) => fetches.set(request.url(), (fetches.get(request.url()) ?? 0) + 1));

    const response = await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    const html = (await response?.text()) ?? '';
    await messagesPageShown(page);

    // A page the server rendered lists its script preloads for the loader that fetches them after its paint.
    const afterPaint = JSON.parse(
      html.match(/<script id="dash-after-paint" type="application\/json">(.*?)<\/script>/)?.[1] ??
        '{"preloads":[]}',
    ) as { preloads: string[] };
    const preloads = [
      ...[...html.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]+)"[^>]*>/g)].map(
        (match) => match[1] ?? '',
      ),
      ...afterPaint.preloads,
    ].map((href) => new URL(href, origin).href);
    const shellChunks = preloads.filter((href) => href.startsWith(`${origin}/static/js/async/`));
    expect(shellChunks.length).toBeGreaterThan(5);
    expect(preloads).toContainEqual(
      expect.stringMatching(new RegExp(`^${messagesOrigin}/static/js/remote_messages\\.[0-9a-f]+\\.js$`)),
    );
    expect(preloads).toContainEqual(
      expect.stringMatching(
        /^http:\/\/[^/]+\/static\/js\/async\/__federation_expose_MessagesArea\.[0-9a-f]+\.js$/,
      ),
    );
    for (const href of preloads) {
      const answer = await raw(href);
      expect(answer.status, href).toBe(200);
      expect(String(answer.headers['content-type']), href).toMatch(/javascript|css/);
      // A preload the page does not use as it is (another URL or request mode) is fetched twice.
      expect(fetches.get(href), href).toBe(1);
    }
  });

  test('the sign-in page is preloaded for a visitor without a session, and a signed-in page never loads it', async ({
    page,
    browser,
  }) => {
    // boot-assets.json lists the sign-in page's chunks apart (its form library is a lazy singleton).
    const assets = JSON.parse((await raw(`${origin}/boot-assets.json`)).body.toString('utf8')) as {
      js: string[];
      signIn: { js: string[] };
    };
    const signInFiles = assets.signIn.js.map((file) => `${origin}/${file}`);
    expect(signInFiles.length).toBeGreaterThan(0);
    expect(assets.js.filter((file) => assets.signIn.js.includes(file))).toEqual([]);

    // Signed in (nothing cached yet): the messages page fetches none of them.
    await signInThroughApi(page, DEMO_EMAIL);
    const signedInFetches: string[] = [];
    page.on('request', (request) => signedInFetches.push(request.url()));
    await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    await messagesPageShown(page);
    expect(signedInFetches.filter((url) => signInFiles.includes(url))).toEqual([]);

    // Signed out: the HTML preloads them, and the page uses each preload as it is (one fetch each).
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      const fetches = new Map<string, number>();
      visitor.on('request', (request) => fetches.set(request.url(), (fetches.get(request.url()) ?? 0) + 1));
      const response = await visitor.goto(`${origin}/auth`);
      const html = (await response?.text()) ?? '';
      await expect(visitor.getByLabel('Email')).toBeVisible();
      await filesSettled(visitor);
      const preloads = [
        ...html.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]+)"[^>]*>/g),
      ].map((match) => new URL(match[1] ?? '', origin).href);
      for (const file of signInFiles) {
        expect(preloads).toContain(file);
        expect(fetches.get(file), file).toBe(1);
      }
    } finally {
      await context.close();
    }
  });

  test('the Message Center arrives rendered by the server, and the browser takes it over cleanly', async ({
    browser,
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
      // When the page starts its worker, on its own clock, for the paint it must follow.
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          (window as { workerStartedAt?: number }).workerStartedAt ??= performance.now();
        }
      };
    });
    const fetches = new Map<string, number>();
    page.on('request', (request) => fetches.set(request.url(), (fetches.get(request.url()) ?? 0) + 1));
    // The worker that loads ICU's locale data off the main thread (index.html), from a blob: URL
    // the policy allows (worker-src); a refused one would be among the problems below.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    // As sent: the page's markup in #root (inert until the browser's render replaces it), its styles
    // as stylesheets, so it paints styled before any script.
    const response = await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<div id="root" data-server-rendered inert>.*>Message Center<\/h1>/s);
    // Markup only, no script of React's streaming: the page's inline scripts are index.html's four
    // (the theme, the ICU warm-up worker, the boot guard and the after-paint loader), which the
    // policy allows by their hashes.
    expect([...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>/g)]).toHaveLength(4);
    expect(html).toContain('window.dashBootFailed=');
    expect(html).toContain('>Acme Treasury</p>');
    // With the conversation list in it (fetched for the render, and sent along for the browser's cache).
    expect(html).toMatch(/<div id="root".*Payout delayed.*<\/div>/s);
    expect(html).toMatch(/"queries":\[\{"queryKey":\["organization","[0-9a-f-]{36}","threads"\]/);
    const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map(
      (match) => new URL(match[1] ?? '', origin).href,
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    // Its scripts are not fetched with it but once it has painted (the loader at the end of index.html).
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<script id="dash-after-paint" type="application/json">');

    // Taken over: the threads (fetched by the browser) open on a click; nothing was fetched twice.
    await messagesPageShown(page);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.locator('#root')).not.toHaveAttribute('data-server-rendered');
    await page.getByRole('link', { name: /Payout delayed/ }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    for (const href of stylesheets) expect(fetches.get(href), href).toBe(1);
    expect(workers).toEqual([expect.stringMatching(/^blob:/)]);
    // Started after the first contentful paint, which it would otherwise delay.
    const { workerStartedAt, firstPaint } = await page.evaluate(() => ({
      workerStartedAt: (window as { workerStartedAt?: number }).workerStartedAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    expect(firstPaint).toBeGreaterThan(0);
    expect(workerStartedAt).toBeGreaterThanOrEqual(firstPaint ?? Number.POSITIVE_INFINITY);
    expect(problems).toEqual([]);

    // Without scripts the page still shows it.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const still = await noScript.newPage();
      await still.goto(`${origin}/org/${DEMO_ORG_SLUG}/messages`);
      await expect(still.locator('h1', { hasText: 'Message Center' })).toBeVisible();
      await expect(still.locator('nav[aria-label="Organization"] a', { hasText: 'Wallet' })).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('a phone is sent the phone’s Message Center: the list alone, no conversation loading beside it', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const rendered = async (headers: Record<string, string>) => {
      const response = await page.request.get(`${origin}/org/${DEMO_ORG_SLUG}/messages`, { headers });
      const html = await response.text();
      const root = html.indexOf('<div id="root"');
      expect(root).toBeGreaterThan(0);
      return html.slice(root, html.indexOf('<script', root));
    };
    const phone = await rendered({ 'sec-ch-ua-mobile': '?1' });
    expect(phone).toMatch(/<nav[^>]*aria-label="Conversations"/);
    expect(phone).toContain('Payout delayed');
    expect(phone).not.toContain('aria-label="Messages"');
    expect(phone).not.toContain('aria-label="Loading conversation"');
    expect(phone).not.toContain('data-animate');
    // A wide screen gets the newest conversation beside the list, with its messages in it.
    const wide = await rendered({ 'sec-ch-ua-mobile': '?0' });
    expect(wide).toMatch(/role="log" aria-label="Messages"/);
    expect(wide).not.toContain('aria-label="Loading conversation"');
  });

  test('a slow remote does not keep the server-rendered page inert: the shell takes over, the area shows it is loading', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    // Every file of remote-messages takes 10 s (scaled with the budgets, so the check below keeps its meaning).
    await page.route(`${messagesOrigin}/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, budget(10_000)));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/org/${DEMO_ORG_SLUG}/messages`);
    await expect(page.locator('h1', { hasText: 'Message Center' })).toBeVisible();
    // The shell runs within its wait for the area (3 s), long before the remote's files arrive.
    await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: budget(8_000) });
    await expect(page.getByRole('progressbar', { name: 'Loading Message Center' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Organization' })
      .getByRole('link', { name: 'Wallet' })
      .click();
    await expect(page).toHaveURL(/\/wallet$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a signed-in first load sends no GET me and runs no script the policy refuses', async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      });
    });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v0/')) apiCalls.push(url.pathname);
    });

    await page.goto(`/org/${DEMO_ORG_SLUG}/wallet`);
    await expect(page.getByRole('navigation', { name: 'Organization' })).toBeVisible();
    await page
      .getByRole('link', { name: /Settings/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/settings/);
    await page.goto('/design-system');
    await expect(page.getByRole('heading', { name: 'Design system' })).toBeVisible();

    expect(apiCalls).not.toContain('/api/v0/me');
    expect(apiCalls).not.toContain('/api/v0/remotes');
    expect(violations).toEqual([]);
  });
});
