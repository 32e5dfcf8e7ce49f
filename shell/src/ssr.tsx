// The server's first render of a dashboard page (built by rsbuild.ssr.config.ts into dist-ssr/ for
// Node, loaded by the API's dashboard origin, api/src/web/dashboard.ts). It renders the same routes
// and providers as the browser, with the remotes' exposed modules bundled in (the monolith build's
// stand-in for federation), from the boot data the page carries: the browser then renders over it.
import {
  createQueryClient,
  organizationSlugOfPath,
  remoteModuleOfPath,
  seedQueryCacheFromBootData,
  setApiTransport,
  setLocale,
  setServerViewportGuess,
  type TApiTransport,
  type TBootData,
  type TLocale,
  type TServerPrefetch,
} from '@dash/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/router';
import { preloadRemoteArea } from './features/remotes/components/RemoteArea';
import './i18n';

export interface ServerRender {
  /** The markup of #root's content, or null when this page is not rendered on the server. */
  html: string | null;
  /** Why not, when html is null. */
  reason?: string;
  /** The answers the render fetched (an area's serverPrefetch), for the page's boot data. */
  queries?: TBootData['queries'];
}

export interface RenderOptions {
  /** Aborts the render: the page then goes out without it. */
  signal?: AbortSignal;
  /** The request comes from a phone's browser: the phone layout is rendered. */
  phone?: boolean;
  /** Answers a GET of the API for this request's user, in-process (the server's own routes). */
  fetchApi?: TApiTransport;
}

let queue: Promise<unknown> = Promise.resolve();
const refuseApi: TApiTransport = () => Promise.reject(new Error('no API outside a render on the server'));

/**
 * Renders `url` (absolute, the request's) for the user in `boot`. Renders run one at a time: the
 * language, the viewport guess and the API transport are module-level settings.
 */
export function renderPage(
  url: string,
  boot: TBootData,
  locale: TLocale,
  { signal, phone = false, fetchApi }: RenderOptions = {},
): Promise<ServerRender> {
  const run = queue.then(async () => {
    if (signal?.aborted) return { html: null, reason: 'timed out in the queue' };
    setServerViewportGuess({ phone });
    setApiTransport(fetchApi ?? refuseApi);
    try {
      return await render(url, boot, locale, phone, signal);
    } finally {
      // Nothing left over from this render may call the API as this request's user.
      setApiTransport(refuseApi);
    }
  });
  // The next render waits for this one, or for its signal: a render that hangs does not hold the queue.
  const ended = signal
    ? new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
    : run;
  queue = Promise.race([run, ended]).catch(() => undefined);
  return run;
}

async function render(
  url: string,
  boot: TBootData,
  locale: TLocale,
  phone: boolean,
  signal: AbortSignal | undefined,
): Promise<ServerRender> {
  if (!boot.me) return { html: null, reason: 'no session' };
  const { pathname } = new URL(url);
  const module = remoteModuleOfPath(pathname);
  const Area = module ? await preloadRemoteArea(module) : undefined;
  await setLocale(locale, { remember: false });

  const queryClient = createQueryClient();
  try {
    // No retries: a failure shows the area's loading state and the browser asks again.
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
    seedQueryCacheFromBootData(queryClient, boot);
    const seeded = new Set(queryClient.getQueryCache().getAll());
    const serverPrefetch = (Area as { serverPrefetch?: TServerPrefetch } | undefined)?.serverPrefetch;
    if (serverPrefetch) {
      const slug = organizationSlugOfPath(pathname);
      const organization = boot.organizations?.find((candidate) => candidate.slug === slug);
      // A failed call leaves its query in error: the page renders the area's loading state for it.
      await serverPrefetch({ queryClient, organization, pathname, phone }).catch(() => undefined);
    }
    const handler = createStaticHandler(appRoutes(queryClient));
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return { html: null, reason: `redirect ${context.status}` };
    if (context.errors) return { html: null, reason: 'a loader failed' };
    const router = createStaticRouter(handler.dataRoutes, context);

    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
      {
        signal,
        onError: (error) => void errors.push(error),
        // Every boundary inline: a large one is otherwise sent apart and revealed by an inline script,
        // which the page's Content-Security-Policy refuses (and the markup must paint without scripts).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    const queries = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => !seeded.has(query) && query.state.status === 'success')
      .map((query) => ({ queryKey: [...query.queryKey], data: query.state.data }));
    if (signal?.aborted) return { html: null, reason: 'timed out' };
    if (errors.length > 0) return { html: null, reason: `render error: ${String(errors[0])}` };
    return { html, queries };
  } finally {
    // Every way out, a declined render's too: nothing of this user's stays in memory.
    queryClient.clear();
  }
}
