import { useMediaQuery } from '@mantine/hooks';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
 * Whether a phone-width media query matches, from the first render: in the browser the viewport
 * answers, in the server's render the request's guess (setServerViewportGuess). Not Mantine's
 * `useMediaQuery(query, guess, { getInitialValueInEffect: false })`: Mantine 9.7's reads the query
 * at once and drops the guess, so the server rendered the wide layout for every phone.
 */
export function usePhoneQuery(query: string): boolean {
  const [initial] = useState(() =>
    typeof window === 'undefined' || typeof window.matchMedia !== 'function'
      ? phone
      : window.matchMedia(query).matches,
  );
  return useMediaQuery(query, initial);
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
