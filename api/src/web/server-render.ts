import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  remoteModuleOfPath,
  remoteOf,
  sameRemoteEntry,
  type TBootData,
  type TLocale,
  type TRemoteModule,
  type TRemotesManifest,
} from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** What shell/src/ssr.tsx exports (built into shell/dist-ssr/ssr.js). */
type RenderPage = (
  url: string,
  boot: TBootData,
  locale: TLocale,
  options: { signal?: AbortSignal; phone?: boolean; fetchApi?: FetchApi },
) => Promise<{ html: string | null; reason?: string; queries?: TBootData['queries'] }>;

/** A GET of the API for the page's user, answered in-process (the render's calls). */
export type FetchApi = (url: string, init: RequestInit) => Promise<Response>;

export interface ServerRendered {
  /** The markup of the page's #root. */
  html: string;
  /** What the render fetched, for the page's boot data. */
  queries: NonNullable<TBootData['queries']>;
}

/**
 * The areas the server renders a first paint of. Each one's render was checked on the server (no
 * browser-only API while rendering, the same markup the browser's first render makes); a page of
 * any other area is rendered by the browser alone, as before.
 */
export const SERVER_RENDERED_AREAS: ReadonlySet<TRemoteModule> = new Set(['remote-messages/MessagesArea']);

/** A render that takes longer than this is dropped: the page goes out without it. */
export const SERVER_RENDER_TIMEOUT_MS = 1_000;

export interface ServerRenderer {
  /** The page's #root and what it fetched, or null when the browser renders this page alone. */
  render(page: {
    url: string;
    pathname: string;
    boot: TBootData;
    locale: TLocale;
    /** The request came from a phone's browser (see phoneBrowser): its layout is rendered. */
    phone: boolean;
    fetchApi: FetchApi;
  }): Promise<ServerRendered | null>;
}

/**
 * The server's first render of dashboard pages, from the shell's server build (`modulePath`; none
 * when it was not built). It bundles the remotes' modules of this deploy, so a page whose area
 * another release serves to this organization (a pin or a canary) is left to the browser.
 */
export async function loadServerRenderer(
  modulePath: string | undefined,
  deployedRemotes: TRemotesManifest,
  log: FastifyBaseLogger,
): Promise<ServerRenderer | undefined> {
  if (!modulePath) return undefined;
  if (!existsSync(modulePath)) {
    // Asked for but not built: every page still works, painted by the browser alone, later.
    log.warn({ modulePath }, 'no server build: pages are rendered by the browser alone');
    return undefined;
  }
  const { renderPage } = (await import(pathToFileURL(modulePath).href)) as { renderPage: RenderPage };
  return {
    async render({ url, pathname, boot, locale, phone, fetchApi }) {
      const module = remoteModuleOfPath(pathname);
      if (!boot.me || !module || !SERVER_RENDERED_AREAS.has(module)) return null;
      if (!sameRemoteEntry(boot.remotes, deployedRemotes, remoteOf(module))) return null;
      const signal = AbortSignal.timeout(SERVER_RENDER_TIMEOUT_MS);
      // The page goes out on time even if the render does not honour the signal.
      const late = new Promise<{ html: null; reason: string }>((resolve) =>
        signal.addEventListener('abort', () => resolve({ html: null, reason: 'timed out' }), { once: true }),
      );
      try {
        const result = await Promise.race([renderPage(url, boot, locale, { signal, phone, fetchApi }), late]);
        if (result.html === null) {
          log.info({ pathname, reason: result.reason }, 'page not rendered on the server');
          return null;
        }
        return { html: result.html, queries: result.queries ?? [] };
      } catch (error) {
        log.warn({ err: error, pathname }, 'the server render failed; the browser renders the page');
        return null;
      }
    },
  };
}

/**
 * Whether a request comes from a phone's browser: its `Sec-CH-UA-Mobile` client hint, else a
 * "Mobi"/"Android"/"iPhone" user agent. The server's render has no viewport; the browser's first
 * render corrects a wrong guess.
 */
export function phoneBrowser(headers: Record<string, string | string[] | undefined>): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  const agent = headers['user-agent'];
  return typeof agent === 'string' && /Mobi|Android|iPhone/.test(agent);
}
