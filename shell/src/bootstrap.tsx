import {
  createQueryClient,
  currentLocale,
  readBootData,
  refreshServerRenderedQueries,
  registerHostRuntime,
  remoteModuleOfPath,
  SERVER_RENDERED_ATTRIBUTE,
  seedQueryCacheFromBootData,
  setLocale,
} from '@dash/shared';
import React, { StrictMode, startTransition, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, loadSignInPage } from './app/router';
import { preloadRemoteArea } from './features/remotes/components/RemoteArea';
import { loadRemotesManifest, startRouteArea } from './features/remotes/federation';
import './i18n';
import { nextTask } from './next-task';

type AppRouter = ReturnType<typeof createAppRouter>;

const queryClient = createQueryClient();
registerHostRuntime({ react: React, queryClient, shellVersion: import.meta.env.SHELL_VERSION });
// The dashboard origin sends the session, the organization list and the remotes manifest with the
// page: no `me` round trip before the first paint.
const boot = readBootData();
seedQueryCacheFromBootData(queryClient, boot);

// Ask for the remotes manifest now, and start loading the area this route renders, in parallel
// with the first render; no area waits for the shell.
loadRemotesManifest().catch(() => {
  // An area that needs a remote shows its own contained error with Retry.
});
startRouteArea(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * ReactDOM's flushSync for react-router's RouterProvider: what the RouterProvider of
 * 'react-router/dom' passes it (react-router's docs: "the only difference"). That entry is not the
 * shared module and reaches react-router's internals by file, so its router context could be another
 * instance than the one the remotes' links and hooks get from the share scope. One function for the
 * page's life (the router's callbacks depend on it); the router ignores what it returns.
 */
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

// The first render is a transition: React renders it in slices of a few milliseconds and lets the
// browser run between them, instead of one long task (Lighthouse's total blocking time on the
// messages page: 1,053–1,333 ms before, 777–779 ms after; LCP the same within the noise).
const render = (router: AppRouter) => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ServerMarkupReplaced />
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} flushSync={flushRouterUpdate} />
        </AppProviders>
      </StrictMode>,
    ),
  );
};

/**
 * When the server rendered the page (api/src/web/server-render.ts), #root shows that markup, inert,
 * until this first render replaces it (React empties the container when it commits). That render
 * waits for what would otherwise show a loading state over the server's page: the router's loaders
 * (answered from the boot data) and the route's remote area.
 */
const serverRendered = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
const AREA_WAIT_MS = 3_000;
function ServerMarkupReplaced() {
  useLayoutEffect(() => {
    container?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    container?.removeAttribute('inert');
    // The answers the server's render used are asked for again after this commit, in a task of its own.
    const refresh = setTimeout(() => refreshServerRenderedQueries(queryClient, boot));
    return () => clearTimeout(refresh);
  }, []);
  return null;
}
function pageReady(router: AppRouter): Promise<unknown> {
  if (!serverRendered) return Promise.resolve();
  const routed = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  const module = remoteModuleOfPath(window.location.pathname);
  // A remote that fails to load shows its contained error in the area, as without the server's render;
  // one that is slow does not keep the whole page inert: after AREA_WAIT_MS the shell takes over and
  // the area shows its loading state until it comes.
  const area = module
    ? Promise.race([
        preloadRemoteArea(module).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, AREA_WAIT_MS)),
      ])
    : undefined;
  return Promise.all([routed, area]);
}

/**
 * The router is made in a task of its own (its history, routes and first match take 10-30 ms):
 * this module's evaluation, the boot data's parse and the route area's start come before it.
 * src/index.ts waits for this, so a failure here still reaches the boot guard.
 */
export const started = nextTask().then(() => {
  const router = createAppRouter(queryClient);
  const renderPage = () => render(router);
  // The signed-in user's language (boot data) is loaded before the first paint: no flash of English.
  const bootLocale = boot?.me?.locale;
  if (bootLocale && bootLocale !== currentLocale()) {
    Promise.all([setLocale(bootLocale), pageReady(router)]).then(renderPage, renderPage);
  } else if (serverRendered) {
    pageReady(router).then(renderPage, renderPage);
  } else if (boot && !boot.me) {
    // The page says there is no session: the visitor is about to sign in, and the first render waits
    // for that page's module (preloaded with the shell's chunks) rather than painting the loading
    // state and then the page. If it fails to load, the router asks again and shows the error.
    loadSignInPage().then(renderPage, renderPage);
  } else {
    renderPage();
  }
});
