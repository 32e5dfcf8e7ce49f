import type { TMessage, TThread } from '@dash/shared/api';

/** The client mail domain the API answers with in tests: mail to `<slug>@` it is the organization's. */
export const CLIENT_MAIL_DOMAIN = 'client.dash.localhost';

/** A provider's conversation as the API lists it (one message from Transfero). */
export function threadFixture(overrides: Partial<TThread> = {}): TThread {
  return {
    uid: '44444444-4444-4444-8444-444444444444',
    name: 'BRL settlement',
    createdAt: '2026-11-20T10:00:00.000Z',
    provider: { uid: '55555555-5555-4555-8555-555555555555', name: 'Transfero', imageUrl: null },
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    messageCount: 1,
    unreadCount: 0,
    snippet: 'Your settlement is ready.',
    ...overrides,
  };
}

/** The provider's message of `thread`, as the API answers it. */
export function messageFixture(thread: TThread, overrides: Partial<TMessage> = {}): TMessage {
  return {
    uid: '66666666-6666-4666-8666-666666666666',
    threadUid: thread.uid,
    from: 'ops@transfero.example',
    fromName: 'Transfero Ops',
    to: [`acme@${CLIENT_MAIL_DOMAIN}`],
    cc: [],
    text: 'Your settlement is ready.',
    createdAt: thread.lastMessageAt,
    attachments: [],
    own: false,
    delivery: 'received',
    ...overrides,
  };
}
