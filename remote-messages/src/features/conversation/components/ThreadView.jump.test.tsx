import { i18n, setLocale, type TLocale } from '@dash/shared';
import { renderPage } from '@dash/shared/test';
import { act, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { CLIENT_MAIL_DOMAIN, messageFixture, threadFixture } from '../../../test/fixtures';
import { MessageCenterPage } from '../../threads/routes/MessageCenterPage';

const THREAD = threadFixture();
const MESSAGE = messageFixture(THREAD);

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

// jsdom has no scrolling; the conversation's list scrolls to its newest message as it mounts.
const hadScrollTo = Object.hasOwn(Element.prototype, 'scrollTo');
const scrollTo = Element.prototype.scrollTo;
beforeAll(() => {
  Element.prototype.scrollTo = () => {};
});
afterAll(() => {
  if (hadScrollTo) Element.prototype.scrollTo = scrollTo;
  else Reflect.deleteProperty(Element.prototype, 'scrollTo');
});
afterEach(() => vi.unstubAllGlobals());

describe('the jump to the newest message, in the reader’s language', () => {
  it('is named in Brazilian Portuguese once the reader is more than a screen up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes(`messages/${THREAD.uid}`)) {
          return json({
            data: [MESSAGE],
            thread: THREAD,
            prevCursor: null,
            nextCursor: null,
            clientMailDomain: CLIENT_MAIL_DOMAIN,
          });
        }
        return json({
          data: [THREAD],
          nextCursor: null,
          mailbox: `acme@${CLIENT_MAIL_DOMAIN}`,
          clientMailDomain: CLIENT_MAIL_DOMAIN,
        });
      }),
    );
    await renderPage(<MessageCenterPage />, {
      url: `/org/acme/messages/${THREAD.uid}`,
      path: '/org/acme/messages/:threadUid?',
      role: 'Viewer',
      locale: 'pt-BR',
    });
    const log = await screen.findByRole('log', { name: 'Mensagens' });
    // The reader is two screens above the newest message.
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 3000 });
    Object.defineProperty(log, 'scrollTop', { configurable: true, value: 1800 });
    act(() => {
      log.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByRole('button', { name: 'Ir para a mensagem mais recente' })).toBeTruthy();
  });

  it.each<[TLocale, string, string, string]>([
    ['en', 'Jump to newest message', '1 new message', '3 new messages'],
    ['es-MX', 'Ir al mensaje más reciente', '1 mensaje nuevo', '3 mensajes nuevos'],
    ['pt-BR', 'Ir para a mensagem mais recente', '1 nova mensagem', '3 novas mensagens'],
  ])(
    '%s: says how many new messages came in, in the singular and the plural',
    async (locale, jump, one, three) => {
      await setLocale(locale, { remember: false });
      const t = i18n.getFixedT(locale, 'messages');
      expect(t('thread.jumpToNewest')).toBe(jump);
      expect(t('thread.newMessages', { count: 1 })).toBe(one);
      expect(t('thread.newMessages', { count: 3 })).toBe(three);
    },
  );
});
