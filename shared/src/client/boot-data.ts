import type { QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ELEMENT_ID, type TBootData, ZBootData } from '../contracts/boot';
import { meQueryOptions } from '../endpoints/get-me';
import { myOrganizationsQueryOptions } from '../endpoints/get-my-organizations';

let read: TBootData | null | undefined;

/**
 * The boot data the dashboard origin put into this page (ZBootData), read and checked once; null
 * when the page has none (a development server) or it does not match the contract, in which case
 * the shell simply fetches as usual.
 */
export function readBootData(): TBootData | null {
  if (read !== undefined) return read;
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ELEMENT_ID);
  let parsed: TBootData | null = null;
  if (element?.textContent) {
    try {
      const result = ZBootData.safeParse(JSON.parse(element.textContent));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
  }
  read = parsed;
  return read;
}

/**
 * Puts the session and organization list the server sent into the cache, so the guards need no call,
 * and the answers a server render fetched (`queries`), fresh: the page's queries mount on them without
 * a call. `refreshServerRenderedQueries` then asks for them again, once the page is the browser's.
 */
export function seedQueryCacheFromBootData(queryClient: QueryClient, boot: TBootData | null): void {
  if (!boot) return;
  queryClient.setQueryData(meQueryOptions().queryKey, boot.me);
  if (boot.me && boot.organizations) {
    queryClient.setQueryData(myOrganizationsQueryOptions().queryKey, boot.organizations);
  }
  for (const { queryKey, data } of boot.queries ?? []) queryClient.setQueryData(queryKey, data);
}

/**
 * Asks again for the answers a server render fetched (what changed between the server's render and the
 * browser's, e.g. a message received meanwhile, is not missed): the mounted queries refetch, the others
 * do when they mount. Called in a task of its own after the render that replaces the server's page.
 * Seeded stale instead, each query fetched as it subscribed, inside that render's commit (on the
 * messages page 3 to 6 ms of starting fetches in three loads, x4 on a phone), and a query whose state
 * changed as it subscribed rendered its component again at once, in that task (useSyncExternalStore).
 * An answer equal to the seeded one renders nothing (the data keeps its identity).
 */
export function refreshServerRenderedQueries(queryClient: QueryClient, boot: TBootData | null): void {
  for (const { queryKey } of boot?.queries ?? [])
    void queryClient.invalidateQueries({ queryKey, exact: true });
}
