import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AFTER_PAINT_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE, type TBootData } from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir';
import { renderShellPage } from './dashboard';
import { loadServerRenderer, phoneBrowser, SERVER_RENDER_TIMEOUT_MS } from './server-render';

const deployed = {
  remotes: [
    { name: 'remote-messages' as const, entry: 'http://m.example/mf-manifest.json', version: '1.0.0' },
    { name: 'remote-wallet' as const, entry: 'http://w.example/mf-manifest.json', version: '1.0.0' },
  ],
};
const me = { uid: 'u', email: 'a@b.c', firstName: 'Ada', lastName: '', locale: null, type: 'user' };
const signedIn = { remotes: deployed, me, organizations: [] } as unknown as TBootData;
const page = (pathname: string, boot: TBootData = signedIn) => ({
  url: `http://dash.example${pathname}`,
  pathname,
  boot,
  locale: 'en' as const,
  phone: false,
  fetchApi: async (url: string) => new Response(JSON.stringify({ url }), { status: 200 }),
});

/** A stand-in for shell/dist-ssr/ssr.js: `body` is the body of its renderPage(url, boot, locale, options). */
async function serverBuild(body: string): Promise<string> {
  const file = path.join(await tempDir('ssr'), 'ssr.js');
  writeFileSync(
    file,
    `export const calls = []; export async function renderPage(url, boot, locale, options) { calls.push({ url, locale, phone: options.phone }); ${body} }`,
  );
  return file;
}
const logged: string[] = [];
const log = {
  info: (_details: unknown, message: string) => void logged.push(message),
  warn: (_details: unknown, message: string) => void logged.push(message),
} as unknown as FastifyBaseLogger;

describe('the server render of dashboard pages', () => {
  it('renders the Message Center for a signed-in user, with the request’s viewport guess and API', async () => {
    // The stand-in fetches through the API it is given and returns the answer as a query.
    const file = await serverBuild(
      `const answer = await (await options.fetchApi('/api/v0/messages', { method: 'GET' })).json(); return { html: '<h1>' + new URL(url).pathname + '</h1>', queries: [{ queryKey: ['threads'], data: answer }] };`,
    );
    const renderer = await loadServerRenderer(file, deployed, log);
    expect(await renderer?.render({ ...page('/org/acme/messages/t1'), phone: true })).toEqual({
      html: '<h1>/org/acme/messages/t1</h1>',
      queries: [{ queryKey: ['threads'], data: { url: '/api/v0/messages' } }],
    });
    const { calls } = await import(file);
    expect(calls).toEqual([{ url: 'http://dash.example/org/acme/messages/t1', locale: 'en', phone: true }]);
  });

  it('leaves to the browser: other areas, visitors, an area another release serves, and a missing build', async () => {
    const renderer = await loadServerRenderer(
      await serverBuild(`return { html: '<p>x</p>' };`),
      deployed,
      log,
    );
    expect(await renderer?.render(page('/org/acme/wallet'))).toBeNull();
    expect(await renderer?.render(page('/org/acme'))).toBeNull();
    expect(await renderer?.render(page('/org/acme/messages', { ...signedIn, me: null }))).toBeNull();
    const canary = {
      remotes: [
        {
          ...deployed.remotes[0],
          entry: 'http://releases.example/remote-messages/1.1.0/mf-manifest.json',
          version: '1.1.0',
        },
      ],
    } as TBootData['remotes'];
    expect(await renderer?.render(page('/org/acme/messages', { ...signedIn, remotes: canary }))).toBeNull();
    logged.length = 0;
    expect(
      await loadServerRenderer(path.join(tmpdir(), 'no-such-dir', 'ssr.js'), deployed, log),
    ).toBeUndefined();
    // A server build asked for but missing says so: the pages lose their server render.
    expect(logged).toEqual(['no server build: pages are rendered by the browser alone']);
    expect(await loadServerRenderer(undefined, deployed, log)).toBeUndefined();
    expect(logged).toHaveLength(1);
  });

  it('sends the page without its render when the render fails, declines or takes too long', async () => {
    const failing = await loadServerRenderer(
      await serverBuild(`throw new Error('window is not defined');`),
      deployed,
      log,
    );
    expect(await failing?.render(page('/org/acme/messages'))).toBeNull();
    expect(logged).toContain('the server render failed; the browser renders the page');
    const declining = await loadServerRenderer(
      await serverBuild(`return { html: null, reason: 'redirect 302' };`),
      deployed,
      log,
    );
    expect(await declining?.render(page('/org/acme/messages'))).toBeNull();
    // The module is given a signal that aborts after SERVER_RENDER_TIMEOUT_MS; one that honours it declines.
    const slow = await loadServerRenderer(
      await serverBuild(
        `await new Promise((resolve) => options.signal.addEventListener('abort', resolve)); return { html: options.signal.aborted ? null : '<p>late</p>' };`,
      ),
      deployed,
      log,
    );
    const started = Date.now();
    expect(await slow?.render(page('/org/acme/messages'))).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(SERVER_RENDER_TIMEOUT_MS - 50);
    // One that never answers does not hold the page either.
    const hung = await loadServerRenderer(await serverBuild('await new Promise(() => {});'), deployed, log);
    expect(await hung?.render(page('/org/acme/messages'))).toBeNull();
  });

  it('guesses a phone from the client hint, else the user agent', () => {
    expect(phoneBrowser({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(
      phoneBrowser({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile' }),
    ).toBe(false);
    expect(phoneBrowser({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(
      true,
    );
    expect(phoneBrowser({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' })).toBe(false);
    expect(phoneBrowser({})).toBe(false);
  });
});

describe('the page around a server render', () => {
  // The shell's own template (its build adds the entry script to the head).
  const source = readFileSync(path.join(import.meta.dirname, '../../../shell/index.html'), 'utf8');
  const template = source.replace('</head>', '<script defer src="/static/js/index.1.js"></script></head>');
  const preloads = [
    { href: '/static/css/async/ui.2.css', as: 'style' as const },
    { href: '/static/js/async/boot.3.js', as: 'script' as const },
  ];
  const afterPaint = (html: string) =>
    JSON.parse(
      html.match(
        new RegExp(`<script id="${AFTER_PAINT_ELEMENT_ID}" type="application/json">(.*?)</script>`),
      )?.[1] ?? 'null',
    );

  it('puts the markup in #root, inert until the browser takes over, with the styles as stylesheets', () => {
    const html = renderShellPage(template, signedIn, preloads, 'en', '<h1>Message Center</h1>');
    expect(html).toMatch(
      new RegExp(
        `<div id="root" ${SERVER_RENDERED_ATTRIBUTE} inert><h1>Message Center</h1></div>\\s*<script>`,
      ),
    );
    expect(html).not.toContain('class="boot"');
    expect(html).toContain('<link rel="stylesheet" href="/static/css/async/ui.2.css">');
    expect(html).not.toContain('rel="preload"');
  });

  it('leaves its scripts to the loader at the end of index.html, which fetches them once the page has painted', () => {
    const html = renderShellPage(template, signedIn, preloads, 'en', '<h1>Message Center</h1>');
    expect(html).not.toContain('<script defer src=');
    expect(afterPaint(html)).toEqual({
      preloads: ['/static/js/async/boot.3.js'],
      scripts: ['/static/js/index.1.js'],
    });
    expect(source).toContain(`document.getElementById('${AFTER_PAINT_ELEMENT_ID}')`);
  });

  it('keeps the boot frame, the entry script and the preloads when there is no render', () => {
    const html = renderShellPage(template, signedIn, preloads, 'en');
    expect(html).toMatch(/<div id="root">\s*<div class="boot"/);
    expect(html).not.toContain(SERVER_RENDERED_ATTRIBUTE);
    expect(html).toContain('<script defer src="/static/js/index.1.js"></script>');
    expect(html).toContain('<link rel="preload" as="style" href="/static/css/async/ui.2.css">');
    expect(html).toContain('<link rel="preload" as="script" href="/static/js/async/boot.3.js">');
    expect(afterPaint(html)).toBeNull();
  });

  it('cannot be broken out of by a "$" pattern in the markup', () => {
    const html = renderShellPage(template, signedIn, [], 'en', "<p>$& $1 $' cost</p>");
    expect(html).toContain(`<div id="root" ${SERVER_RENDERED_ATTRIBUTE} inert><p>$& $1 $' cost</p></div>`);
  });
});
