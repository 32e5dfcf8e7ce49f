import type { QueryClient } from '@tanstack/react-query';
import type { TOrganization } from '../contracts/organization';

let phone = false;

/**
 * The server's first render of a page (the shell's ssr.tsx) has no window to measure: it renders
 * for the viewport the request suggests (a phone's browser, by its client hint or user agent).
 */
export function setServerViewportGuess(guess: { phone: boolean }): void {
  phone = guess.phone;
}

/**
 * The initial value of a phone-width media query where there is no window (the server's render);
 * in the browser the query itself answers (`useMediaQuery(query, phoneOnServer(), {
 * getInitialValueInEffect: false })`).
 */
export function phoneOnServer(): boolean {
  return phone;
}

/**
 * What an area's server render needs in the cache (a static `serverPrefetch` on the component a
 * remote exposes): the shell's ssr.tsx calls it before rendering, its API calls go to the server
 * in-process (GET only), and what it cached goes to the browser with the page (boot data `queries`),
 * so the browser's first render shows the same. A failure only leaves the area's loading state.
 */
export type TServerPrefetch = (context: {
  queryClient: QueryClient;
  /** The organization of the URL, when the page is one of its pages. */
  organization: TOrganization | undefined;
  pathname: string;
  phone: boolean;
}) => Promise<void>;
