import {
  createQueryClient,
  currentLocale,
  readBootData,
  registerHostRuntime,
  seedQueryCacheFromBootData,
  setLocale,
} from '@dash/shared';
import React, { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter, loadSignInPage } from './app/router';
import { loadRemotesManifest, startRouteArea } from './features/remotes/federation';
import './i18n';

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

const router = createAppRouter(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first render is a transition: React renders it in slices of a few milliseconds and lets the
// browser run between them, instead of one long task (Lighthouse's total blocking time on the
// messages page: 1,053–1,333 ms before, 777–779 ms after; LCP the same within the noise).
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
};

// The signed-in user's language (boot data) is loaded before the first paint: no flash of English.
const bootLocale = boot?.me?.locale;
if (bootLocale && bootLocale !== currentLocale()) {
  setLocale(bootLocale).then(render, render);
} else if (boot && !boot.me) {
  // The page says there is no session: the visitor is about to sign in, and the first render waits
  // for that page's module (preloaded with the shell's chunks) rather than painting the loading state
  // and then the page. If it fails to load, the router asks again and shows the error.
  loadSignInPage().then(render, render);
} else {
  render();
}
