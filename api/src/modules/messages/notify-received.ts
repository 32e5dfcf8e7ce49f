import type { Database } from '../../db/client';
import { notify } from '../notifications/index';
import { listThreadAuthors, type ThreadRow } from './repo';

/**
 * Tells the notifications of a provider's message, in the transaction that stored it, with the
 * conversation's participants: the members who wrote in it (a conversation a member started opens
 * with their message). A conversation the provider started, that no member answered yet, has none.
 */
export async function notifyProviderMessage(
  tx: Database,
  thread: ThreadRow,
  messageUid: string,
  provider: string,
): Promise<void> {
  await notify(tx, {
    type: 'message.received',
    organizationUid: thread.organizationUid,
    threadUid: thread.uid,
    messageUid,
    provider,
    conversation: thread.name,
    snippet: thread.snippet,
    participantUids: await listThreadAuthors(tx, thread.uid),
  });
}
