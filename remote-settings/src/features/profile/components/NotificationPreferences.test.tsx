import { NOTIFICATION_KINDS } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationPreferences } from './NotificationPreferences';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notification switches', () => {
  it('shows one labelled switch per kind and saves the one flipped', async () => {
    let preferences = NOTIFICATION_KINDS.map((kind) => ({ kind, mail: kind !== 'kyb_decision' }));
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { preferences: typeof preferences };
        preferences = preferences.map(
          (current) => body.preferences.find((changed) => changed.kind === current.kind) ?? current,
        );
      }
      return Response.json({ data: { preferences } });
    });
    vi.stubGlobal('fetch', fetch);
    await renderPage(<NotificationPreferences />, { locale: 'en' });

    // The label wraps the switch with its description: the name starts with the label.
    const named = (label: string) => new RegExp(`^${label}`);
    const checked = (label: string) =>
      (screen.getByRole('switch', { name: named(label) }) as HTMLInputElement).checked;
    const messages = await screen.findByRole('switch', { name: named('Provider messages') });
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length);
    expect(checked('KYB decisions')).toBe(false);
    expect(checked('Provider messages')).toBe(true);

    fireEvent.click(messages);

    await waitFor(() => expect(checked('Provider messages')).toBe(false));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toMatch(/\/api\/v0\/profile\/notifications$/);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      preferences: [{ kind: 'provider_message', mail: false }],
    });
  });
});
