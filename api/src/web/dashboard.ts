import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AFTER_PAINT_ELEMENT_ID,
  API_PREFIX,
  BOOT_DATA_ELEMENT_ID,
  organizationSlugOfPath,
  SERVER_RENDERED_ATTRIBUTE,
  scriptSafeJson,
  serializeBootData,
  type TBootData,
  type TLocale,
  ZMeResponse,
  ZMyOrganizationsResponse,
  ZRemotesManifest,
} from '@dash/shared/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { localeOfRequest } from '../http/locale';
import { RELEASE_FILES_PREFIX } from '../modules/releases/routes';
import { encodePage } from './page-encoding';
import { createPreloads, type Preload } from './preloads';
import { phoneBrowser, type ServerRenderer } from './server-render';
import { registerStaticBuild } from './static-files';

/**
 * The dashboard origin in production: the shell's build and /api/v0 from one Fastify process, with
 * no proxy hop. Files of the build are served by registerStaticBuild; every other GET that is not
 * an API or release path is a dashboard route, answered with the shell's index.html carrying the
 * boot data (see ZBootData) so the first paint needs no `me` round trip.
 */
export interface DashboardOptions {
  /** The shell's build output (shell/dist). */
  distDir: string;
  /** Its index.html (readShellTemplate), the page every dashboard route answers with. */
  template: string;
  /** The server's first render of the pages it covers (loadServerRenderer), when the shell's server build exists. */
  serverRenderer?: ServerRenderer;
  /** Mail goes to the local outbox (config.outboxEnabled): said in the boot data, for the sign-in page. */
  outbox?: boolean;
}

/** The HTML template of the shell's build (read once: a deploy replaces the process). */
export function readShellTemplate(distDir: string): string {
  return readFileSync(path.join(distDir, 'index.html'), 'utf8');
}

/** The answer of one of our own GET routes for this request's cookie, through the same code path. */
async function ownAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  headers: Record<string, string> = {},
) {
  const cookie = request.headers.cookie;
  return app.inject({ method: 'GET', url, headers: cookie ? { ...headers, cookie } : headers });
}

/**
 * A server render's API call (FetchApi): a GET of our own routes for this request's cookie, as the
 * boot data's; anything else is refused (a render reads, it never changes anything).
 */
async function inProcessGet(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  init: RequestInit,
): Promise<Response> {
  if ((init.method ?? 'GET') !== 'GET' || !url.startsWith(`${API_PREFIX}/`))
    throw new Error(`a server render may only GET the API, not ${init.method} ${url}`);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const answer = await ownAnswer(app, request, url, headers);
  return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
}

export async function bootDataFor(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<{ data: TBootData; setCookie: string | string[] | undefined }> {
  const organization = organizationSlugOfPath(pathname);
  const query = organization ? `?organization=${encodeURIComponent(organization)}` : '';
  const [remotes, me] = await Promise.all([
    ownAnswer(app, request, `${API_PREFIX}/remotes${query}`),
    ownAnswer(app, request, `${API_PREFIX}/me`),
  ]);
  const session = me.statusCode === 200 ? ZMeResponse.safeParse(me.json()) : null;
  const organizations = session?.success
    ? ZMyOrganizationsResponse.safeParse(
        (await ownAnswer(app, request, `${API_PREFIX}/me/organizations`)).json(),
      )
    : null;
  const data: TBootData = {
    ...(organization ? { organization } : {}),
    remotes: ZRemotesManifest.parse(remotes.json()),
    me: session?.success ? session.data.data : null,
    ...(organizations?.success ? { organizations: organizations.data.data } : {}),
  };
  return { data, setCookie: me.headers['set-cookie'] };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** #root of the shell's index.html with its boot frame (one div of spans), which a server render replaces. */
export const ROOT_ELEMENT = /<div id="root">\s*<div class="boot"[^>]*>[\s\S]*?<\/div>\s*<\/div>/;
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;

export function renderShellPage(
  template: string,
  boot: TBootData,
  preloads: readonly Preload[] = [],
  /** The page's language before any script runs: the user's choice, else the browser's (issue 14). */
  lang: TLocale = boot.me?.locale ?? 'en',
  /** The server's render of #root (ServerRenderer), which the page shows until the browser's own render replaces it. */
  rendered: string | null = null,
): string {
  const data = `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${serializeBootData(boot)}</script>`;
  const page = template.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  if (rendered === null) {
    const links = preloads.map(
      ({ href, as }) => `<link rel="preload" as="${as}" href="${escapeAttribute(href)}">`,
    );
    return page.replace('</head>', `${links.join('')}${data}</head>`);
  }
  // A server-rendered page paints from its markup and stylesheets alone: those get the network first.
  // Its scripts (the shell's entry and the preloads) are listed for the loader at the end of
  // index.html, which fetches them once the page has painted.
  const scripts = [...page.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  const stylesheets = preloads
    .filter(({ as }) => as === 'style')
    .map(({ href }) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`);
  const afterPaint = scriptSafeJson({
    preloads: preloads.filter(({ as }) => as === 'script').map(({ href }) => href),
    scripts,
  });
  const head = `${stylesheets.join('')}${data}<script id="${AFTER_PAINT_ELEMENT_ID}" type="application/json">${afterPaint}</script>`;
  return (
    page
      .replace(ENTRY_SCRIPT, '')
      .replace('</head>', `${head}</head>`)
      // inert until the browser's render takes over (bootstrap.tsx): nothing in it answers a click before then.
      .replace(ROOT_ELEMENT, () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE} inert>${rendered}</div>`)
  );
}

/** Where the shell's build puts its files (rsbuild's dist/static): a path there is a file or nothing. */
const BUILD_FILES_PREFIX = '/static/';

/**
 * Whether a path is one of the dashboard's pages (answered with the shell's page). The API's and the
 * releases' paths are not, and neither is a path among the build's files: a file that is not there
 * (one of a release no longer served) is a 404, not a page the browser refuses to run as a script.
 */
function isDashboardPath(pathname: string): boolean {
  return !(
    pathname === API_PREFIX ||
    pathname.startsWith(`${API_PREFIX}/`) ||
    pathname.startsWith(`${RELEASE_FILES_PREFIX}/`) ||
    pathname.startsWith(BUILD_FILES_PREFIX)
  );
}

export async function registerDashboard(app: FastifyInstance, options: DashboardOptions): Promise<void> {
  const { template } = options;
  const preloads = createPreloads({ distDir: options.distDir });
  await registerStaticBuild(app, { root: options.distDir, exclude: ['index.html'] });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // Not part of the API reference (see recordRouteTable).
    schema: { hide: true } as FastifySchema,
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!isDashboardPath(pathname)) return reply.callNotFound();
      const { data, setCookie } = await bootDataFor(app, request, pathname);
      if (options.outbox) data.outbox = true;
      const assets = await preloads.forPage(pathname, data.remotes, data.me !== null);
      if (Object.keys(assets.federationManifests).length > 0)
        data.federationManifests = assets.federationManifests;
      const locale = data.me?.locale ?? localeOfRequest(request);
      const rendered =
        request.method === 'HEAD'
          ? null
          : ((await options.serverRenderer?.render({
              url: `${request.protocol}://${request.host}${request.url}`,
              pathname,
              boot: data,
              locale,
              phone: phoneBrowser(request.headers),
              fetchApi: (url, init) => inProcessGet(app, request, url, init),
            })) ?? null);
      if (rendered && rendered.queries.length > 0) data.queries = rendered.queries;
      if (setCookie !== undefined) reply.header('set-cookie', setCookie);
      const page = await encodePage(
        renderShellPage(template, data, assets.preloads, locale, rendered?.html ?? null),
        request.headers['accept-encoding'],
      );
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache, private')
        .header('vary', 'Cookie, Accept-Encoding')
        .send(page.body);
    },
  });
}
