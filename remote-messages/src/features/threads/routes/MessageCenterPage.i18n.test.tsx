import { setLocale, type TLocale, useT } from '@dash/shared';
import { THREAD_NO_SUBJECT, UNKNOWN_PROVIDER_NAME } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { MantineProvider } from '@mantine/core';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import en from '../../../locales/en.json';
import { CLIENT_MAIL_DOMAIN, messageFixture, threadFixture } from '../../../test/fixtures';
import { MessageBubble, rememberTexts } from '../../conversation/components/MessageBubble';
import { MessageCenterPage } from './MessageCenterPage';

const DOMAIN = CLIENT_MAIL_DOMAIN;
const THREAD = threadFixture({
  // Five and a half minutes: the list's clock is read to the second (RelativeTime), not to the millisecond.
  lastMessageAt: new Date(Date.now() - 5.5 * 60_000).toISOString(),
});
const MESSAGE = messageFixture(THREAD, {
  attachments: [
    {
      uid: '77777777-7777-4777-8777-777777777777',
      fileName: 'statement.pdf',
      byteSize: 1536,
      contentType: 'application/pdf',
      url: '/statement.pdf',
    },
  ],
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

async function renderMessageCenter(locale: TLocale, thread = THREAD) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes(`messages/${thread.uid}`)) {
        return json({
          data: [MESSAGE],
          thread,
          prevCursor: null,
          nextCursor: null,
          clientMailDomain: DOMAIN,
        });
      }
      return json({ data: [thread], nextCursor: null, mailbox: `acme@${DOMAIN}`, clientMailDomain: DOMAIN });
    }),
  );
  await renderPage(<MessageCenterPage />, {
    url: `/org/acme/messages/${thread.uid}`,
    path: '/org/acme/messages/:threadUid?',
    role: 'Viewer',
    locale,
  });
}

/** One message as the conversation shows it (its virtual list renders no row in jsdom, which has no layout). */
function Bubble() {
  const { t, locale } = useT('messages');
  return (
    <MessageBubble message={MESSAGE} clientMailDomain={DOMAIN} text={rememberTexts(t)} locale={locale} />
  );
}

function renderBubble() {
  render(
    <MantineProvider>
      <Bubble />
    </MantineProvider>,
  );
}

// The first render loads Mantine and the page: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
// jsdom has no scrolling; the conversation's list scrolls to its newest message.
beforeAll(() => {
  Element.prototype.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => setLocale('en', { remember: false }));

describe('the Message Center in other languages', () => {
  it('speaks Brazilian Portuguese: list, relative time, the message and its file size', async () => {
    await renderMessageCenter('pt-BR');
    await screen.findByRole('heading', { name: 'Central de mensagens' });
    expect(screen.getByRole('searchbox', { name: 'Buscar conversas' })).toBeTruthy();
    const list = screen.getByRole('navigation', { name: 'Conversas' });
    expect(await within(list).findByText('há 5 minutos')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'BRL settlement' })).toBeTruthy();
    cleanup();
    renderBubble();
    const message = screen.getByRole('article', { name: 'Mensagem de Transfero Ops' });
    expect(message.textContent).toContain('De: Transfero Ops <ops@transfero.example>');
    expect(message.textContent).toContain('Para: eu');
    expect(message.textContent).toContain('statement.pdf (1,50 KB)');
  });

  it('speaks Mexican Spanish', async () => {
    await renderMessageCenter('es-MX');
    await screen.findByRole('heading', { name: 'Centro de mensajes' });
    expect(
      await within(screen.getByRole('navigation', { name: 'Conversaciones' })).findByText('hace 5 minutos'),
    ).toBeTruthy();
    cleanup();
    renderBubble();
    const message = screen.getByRole('article', { name: 'Mensaje de Transfero Ops' });
    expect(message.textContent).toContain('Para: yo');
    expect(message.textContent).toContain('(1.50 KB)');
  });

  it("names a conversation from a mail without a subject in the reader's language, in the list and its header", async () => {
    await renderMessageCenter('pt-BR', { ...THREAD, name: THREAD_NO_SUBJECT });
    const list = await screen.findByRole('navigation', { name: 'Conversas' });
    expect(await within(list).findByText('(sem assunto)')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '(sem assunto)' })).toBeTruthy();
    expect(screen.queryByText(THREAD_NO_SUBJECT)).toBeNull();
  });

  it("keeps the spec's 'Unknown' provider word for word in English", () => {
    expect(en.thread.unknownProvider).toBe(UNKNOWN_PROVIDER_NAME);
  });
});
