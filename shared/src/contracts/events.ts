import { z } from '@dash/shared/zod';
import { API_PREFIX, ZUid } from './common';
import { deferred } from './deferred';

/**
 * The one event stream from the API to the browser: server-sent events on
 * GET /api/v0/organizations/{orgUid}/events (cookie session, members only; EventSource sends no
 * headers, so the organization is in the path). Each event is one `data:` line holding a JSON
 * ZOrganizationEvent (the default `message` event), with an `id:`. Events only name what changed:
 * the page refetches through its queries. Later issues add event types here.
 */
export const ZOrganizationEvent = deferred(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('thread.created'), threadUid: ZUid }),
    z.object({ type: z.literal('message.created'), threadUid: ZUid, messageUid: ZUid }),
    /** A message changed, e.g. a reply's delivery went from sending to sent or failed. */
    z.object({ type: z.literal('message.updated'), threadUid: ZUid, messageUid: ZUid }),
    /** A user read a thread (only that user's unread count changed). */
    z.object({ type: z.literal('thread.read'), threadUid: ZUid, userUid: ZUid }),
    /** The organization's account with a provider changed (onboarding started, approved, rejected…). */
    z.object({ type: z.literal('provider_account.updated'), providerUid: ZUid }),
    /** The KYB application changed state (and with it, maybe, the organization's approvalStatus). */
    z.object({ type: z.literal('kyb.updated') }),
    /** A document was added to the organization's documents. */
    z.object({ type: z.literal('document.created'), documentUid: ZUid }),
    /** A transfer was created or changed status (provider webhook, reconciliation, approval). */
    z.object({ type: z.literal('transfer.updated'), transferUid: ZUid }),
    /**
     * What the organization's wallets hold on a network changed, or the network's watch status did
     * (the network's id, as in networks.ts; a plain string here, so the boot contracts stay small).
     */
    z.object({ type: z.literal('holdings.updated'), network: z.string() }),
    /** A Safe transaction was proposed, confirmed, executed, or replaced (its safeTxHash). */
    z.object({ type: z.literal('safe_transaction.updated'), safeTxHash: z.string() }),
    /** A webhook endpoint's delivery log grew, or the endpoint was disabled after failing. */
    z.object({ type: z.literal('webhook_endpoint.updated'), endpointUid: ZUid }),
  ]),
);
export type TOrganizationEvent = z.infer<typeof ZOrganizationEvent>;
export type TOrganizationEventType = TOrganizationEvent['type'];

/** The `retry:` the stream announces: how long EventSource waits before reconnecting. */
export const ORGANIZATION_EVENTS_RETRY_MS = 3_000;
/** A comment line keeps proxies from closing an idle stream. */
export const ORGANIZATION_EVENTS_HEARTBEAT_MS = 15_000;

export const organizationEventsPath = (organizationUid: string) =>
  `${API_PREFIX}/organizations/${encodeURIComponent(organizationUid)}/events`;

/** Parses one SSE `data:` payload; null when it is not an event this client knows (a newer server). */
export function parseOrganizationEvent(data: string): TOrganizationEvent | null {
  try {
    const parsed = ZOrganizationEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
