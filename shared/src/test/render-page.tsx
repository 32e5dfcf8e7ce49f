// Test support only (`@dash/shared/test`): the boundary check refuses it outside test files, so no
// production build includes it.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type RenderResult, render } from '@testing-library/react';
import { type ReactNode, Suspense, useState } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  Route,
  type RouteObject,
  RouterProvider,
  Routes,
  useLocation,
} from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { TSessionUser } from '../contracts/auth';
import type { TRole } from '../contracts/common';
import type { TOrganizationEvent } from '../contracts/events';
import type { TLocale } from '../contracts/locale';
import type { TOrganization } from '../contracts/organization';
import type { TCatalogueProvider } from '../contracts/providers';
import { setLocale } from '../i18n/i18n';
import { CurrentOrganizationProvider, SessionProvider } from '../session/session-context';

/** The signed-in user of a rendered page. */
export const USER: TSessionUser = {
  uid: '11111111-1111-4111-8111-111111111111',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Souza',
  type: 'user',
};

/** The current organization of a rendered page: an approved Acme the user is an Admin of. */
export const ORGANIZATION: TOrganization = {
  uid: '33333333-3333-4333-8333-333333333333',
  name: 'Acme',
  slug: 'acme',
  avatar: null,
  role: 'Admin',
  approvalStatus: 'Approved',
  createdAt: '2026-11-01T00:00:00.000Z',
};

export const PROVIDER_UID = '22222222-2222-4222-8222-222222222222';

/** Transfero as the catalogue lists it: BRL over Pix, testbrz on Polygon Amoy, no fees, onboarding open. */
export const PROVIDER: TCatalogueProvider = {
  uid: PROVIDER_UID,
  name: 'Transfero',
  logoUrl: null,
  description: 'Pix rails',
  countries: ['BR'],
  fiat: [{ currency: 'BRL', rail: 'Pix' }],
  stablecoins: [{ symbol: 'testbrz', network: 'polygon-amoy' }],
  networks: ['polygon-amoy'],
  fees: [],
  onboardingOpen: true,
};

export interface RenderPageOptions {
  /** The router's initial URL. */
  url?: string;
  /** The route pattern the page is mounted at (for its params); other URLs show only the probe. */
  path?: string;
  /** The user's role in the organization (wins over `organization.role`). */
  role?: TRole;
  organization?: Partial<TOrganization>;
  user?: Partial<TSessionUser>;
  /** Switches the language (not remembered) before rendering; the test restores English. */
  locale?: TLocale;
}

/** The router's current location, for tests to read the URL the page wrote: `getByRole('status', { name: 'Location' })`. */
function Location() {
  const location = useLocation();
  return (
    <div role="status" aria-label="Location">
      {`${location.pathname}${location.search}`}
    </div>
  );
}

/** What the shell puts around a page: Mantine, a fresh react-query client (no retries), the session and its organization. */
function PageProviders({
  role,
  organization,
  user,
  children,
}: Pick<RenderPageOptions, 'role' | 'organization' | 'user'> & { children: ReactNode }) {
  const current: TOrganization = { ...ORGANIZATION, ...organization, ...(role ? { role } : {}) };
  const me: TSessionUser = { ...USER, ...user };
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider session={{ user: me, organizations: [current] }}>
          <CurrentOrganizationProvider organization={current}>{children}</CurrentOrganizationProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function mount(node: ReactNode, { url = '/', path = '*', ...options }: RenderPageOptions) {
  return render(
    <PageProviders {...options}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={null}>
          <Routes>
            <Route
              path={path}
              element={
                <>
                  {node}
                  <Location />
                </>
              }
            />
            <Route path="*" element={<Location />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </PageProviders>,
  );
}

/**
 * Renders a page as `renderPage` does, under a data router (the shell's kind) with the app's other
 * `routes` beside it (their loaders included), and answers that router too: a test can start a
 * navigation as a click would, and see what the page does while its loaders run.
 */
export function renderPageInDataRouter(
  node: ReactNode,
  {
    url = '/',
    path = '*',
    routes = [],
    ...options
  }: Omit<RenderPageOptions, 'locale'> & { routes?: RouteObject[] },
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {node}
            <Location />
          </>
        ),
      },
      ...routes,
      { path: '*', element: <Location /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <PageProviders {...options}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </PageProviders>,
  );
  return { ...result, router };
}

/**
 * Renders a page as the shell mounts it: Mantine, a fresh react-query client (no retries), the
 * session, the current organization, a memory router at `url` with the page at `path`, a Suspense
 * boundary and a Location probe. With a `locale` it first switches the language, so it answers a
 * promise.
 */
export function renderPage(
  node: ReactNode,
  options: RenderPageOptions & { locale: TLocale },
): Promise<RenderResult>;
export function renderPage(
  node: ReactNode,
  options?: RenderPageOptions & { locale?: undefined },
): RenderResult;
export function renderPage(
  node: ReactNode,
  options: RenderPageOptions = {},
): RenderResult | Promise<RenderResult> {
  const { locale } = options;
  if (!locale) return mount(node, options);
  return act(() => setLocale(locale, { remember: false })).then(() => mount(node, options));
}

/**
 * The API's 400 refusal of a request with field errors (its error body), as a test's fetch answers:
 * `refusal({ email: 'bo@example.com is already a member' })`.
 */
export function refusal(fields: Record<string, string>, message = 'Invalid request'): Response {
  return Response.json({ error: { code: 'VALIDATION', message, fields } }, { status: 400 });
}

/**
 * Stubs fetch so every request gets `answer()`; returns the JSON bodies sent, in order (undefined
 * for a request without one): `const bodies = answerEveryRequest(() => refusal({ slug: 'Taken' }))`.
 */
export function answerEveryRequest(answer: () => Response): unknown[] {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return answer();
    }),
  );
  return bodies;
}

/**
 * For a file whose tests open a Mantine select: its dropdown scrolls the chosen option into view,
 * which jsdom does not implement. A no-op while each test runs, taken away after it. Call once at the
 * file's top level.
 */
export function stubScrollIntoViewInEachTest(): void {
  const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
}

/** The EventSources pages opened under stubEventStream, in every test of the file (a stream outlives its page briefly). */
const fakeEventSources: { onmessage: ((message: { data: string }) => void) | null; closed: boolean }[] = [];

/**
 * Stubs EventSource (taken away by vi.unstubAllGlobals) so the page's organization event stream can
 * be driven: `send(event)` hands the event to every stream still open, as the API's stream would.
 */
export function stubEventStream(): { send(event: TOrganizationEvent): void } {
  class FakeEventSource {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readyState = FakeEventSource.CONNECTING;
    onopen: (() => void) | null = null;
    onmessage: ((message: { data: string }) => void) | null = null;
    onerror: (() => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      fakeEventSources.push(this);
    }
    close() {
      this.closed = true;
      this.readyState = FakeEventSource.CLOSED;
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    send(event) {
      act(() => {
        for (const source of fakeEventSources)
          if (!source.closed) source.onmessage?.({ data: JSON.stringify(event) });
      });
    },
  };
}
