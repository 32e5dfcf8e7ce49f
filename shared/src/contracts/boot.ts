import { z } from '@dash/shared/zod';
import { ZMeResponse } from './auth';
import { deferred } from './deferred';
import { ZOrganization } from './organization';
import { ZRemotesManifest } from './remotes';

/**
 * What the dashboard origin puts into the HTML of a page (a JSON data block, never executed), so
 * the shell starts without fetching it one call after another: the runtime remotes manifest for
 * the organization in the URL and, for a signed-in user, the session and organization list
 * (the answers of GET remotes, GET me and GET me/organizations for this request's cookie).
 */
export const BOOT_DATA_ELEMENT_ID = 'dash-boot';
/** Marks a #root whose content the server rendered: the browser's first render replaces it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/**
 * On a server-rendered page, the scripts to fetch once it has painted (`{ preloads, scripts }`, JSON),
 * read by the loader at the end of the shell's index.html, which names this id too.
 */
export const AFTER_PAINT_ELEMENT_ID = 'dash-after-paint';

export const ZBootData = deferred(() =>
  z.object({
    /** The organization slug the manifest was derived for (canary pins), if the URL names one. */
    organization: z.string().optional(),
    remotes: ZRemotesManifest,
    /** null: known to be signed out. */
    me: ZMeResponse.shape.data.nullable(),
    /** Present for a signed-in user. */
    organizations: z.array(ZOrganization).optional(),
    /** Mail goes to the local outbox (GET /dev/mailbox), not to SMTP: the sign-in page points to it. */
    outbox: z.boolean().optional(),
    /**
     * The federation manifests (mf-manifest.json) of the remotes this page renders, by the entry URL
     * the remotes manifest gives, as the dashboard origin last read them: the shell's federation
     * runtime takes each from here once instead of fetching it (a retry fetches it).
     */
    federationManifests: z.record(z.string(), z.unknown()).optional(),
    /**
     * Answers the server's render of this page fetched for it (an area's `serverPrefetch`), by query
     * key, each already checked by its call's schema: the browser's QueryClient starts with them.
     */
    queries: z.array(z.object({ queryKey: z.array(z.unknown()), data: z.unknown() })).optional(),
  }),
);
export type TBootData = z.infer<typeof ZBootData>;

/** JSON that is safe inside <script type="application/json">: no `<`, no line separators. */
export function serializeBootData(data: TBootData): string {
  return scriptSafeJson(data);
}

export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * Whether the sign-in page points to the local outbox: when the dashboard origin says mail goes
 * there, and on a page without boot data (a development server, where it does). In production,
 * with SMTP, the link would lead to a page that has no mail to show.
 */
export function localOutboxOn(boot: TBootData | null): boolean {
  return boot === null || boot.outbox === true;
}
