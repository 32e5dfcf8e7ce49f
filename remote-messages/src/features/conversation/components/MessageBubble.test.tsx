import { useT } from '@dash/shared';
import type { TMessage } from '@dash/shared/api';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { MessageBubble, rememberTexts } from './MessageBubble';

const DOMAIN = 'client.dash.localhost';
const MESSAGE: TMessage = {
  uid: '66666666-6666-4666-8666-666666666666',
  threadUid: '44444444-4444-4444-8444-444444444444',
  from: `acme@${DOMAIN}`,
  fromName: null,
  to: ['ops@transfero.example'],
  cc: [],
  text: 'Payout sent.',
  attachments: [],
  createdAt: '2026-11-20T10:05:00.000Z',
  own: true,
  delivery: 'sent',
};

function Bubble({ message }: { message: TMessage }) {
  const { t, locale } = useT('messages');
  return (
    <MessageBubble message={message} clientMailDomain={DOMAIN} text={rememberTexts(t)} locale={locale} />
  );
}

const footerOf = (message: TMessage) => {
  render(
    <MantineProvider>
      <Bubble message={message} />
    </MantineProvider>,
  );
  return screen.getByRole('article').lastElementChild as HTMLElement;
};

afterEach(cleanup);

describe('a message bubble footer', () => {
  it('is the time alone for a delivered message', () => {
    const footer = footerOf(MESSAGE);
    expect(footer.tagName).toBe('TIME');
    expect(footer.getAttribute('datetime')).toBe(MESSAGE.createdAt);
    expect(footer.className).toBe('dash-bubble-footer');
  });

  it('puts the delivery state beside the time while sending and when it failed', () => {
    const sending = footerOf({ ...MESSAGE, delivery: 'sending' });
    expect(sending.tagName).toBe('DIV');
    expect(sending.textContent).toContain('Sending…');
    expect(sending.querySelector('time')?.getAttribute('datetime')).toBe(MESSAGE.createdAt);
    cleanup();
    const failed = footerOf({ ...MESSAGE, delivery: 'failed' });
    expect(failed.querySelector('.dash-bubble-failed')?.textContent).toBe('Not delivered');
    expect(failed.querySelector('time')).not.toBeNull();
  });
});
