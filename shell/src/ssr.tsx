// The server's first render of a dashboard page (built by rsbuild.ssr.config.ts into dist-ssr/ for
// Node, loaded by the API's dashboard origin, api/src/web/dashboard.ts). It renders the same routes
// and providers as the browser, with the remotes' exposed modules bundled in (the monolith build's
// stand-in for federation), from the boot data the page carries: the browser then renders over it.
import {
  createQueryClient,
  remoteModuleOfPath,
  seedQueryCacheFromBootData,
  setLocale,
  setServerViewportGuess,
  type TBootData,
  type TLocale,
} from '@dash/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/router';
import { preloadRemoteArea } from './features/remotes/components/RemoteArea';
import './i18n';

export interface ServerRender {
  /** The markup of #root's content, or null when this page is not rendered on the server. */
  html: string | null;
  /** Why not, when html is null. */
  reason?: string;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders `url` (absolute, the request's) for the user in `boot`. Renders run one at a time: the
 * language is a module-level setting of the i18n module.
 */
export function renderPage(
  url: string,
  boot: TBootData,
  locale: TLocale,
  { signal, phone = false }: { signal?: AbortSignal; phone?: boolean } = {},
): Promise<ServerRender> {
  const run = queue.then(() => {
    if (signal?.aborted) return { html: null, reason: 'timed out in the queue' };
    setServerViewportGuess({ phone });
    return render(url, boot, locale, signal);
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
  signal: AbortSignal | undefined,
): Promise<ServerRender> {
  if (!boot.me) return { html: null, reason: 'no session' };
  const { pathname } = new URL(url);
  const module = remoteModuleOfPath(pathname);
  if (module) await preloadRemoteArea(module);
  await setLocale(locale, { remember: false });

  const queryClient = createQueryClient();
  seedQueryCacheFromBootData(queryClient, boot);
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
    { signal, onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  queryClient.clear();
  if (signal?.aborted) return { html: null, reason: 'timed out' };
  if (errors.length > 0) return { html: null, reason: `render error: ${String(errors[0])}` };
  return { html };
}
