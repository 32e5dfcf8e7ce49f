import type { TInvitation } from '@dash/shared/api';
import { ORGANIZATION, renderPage } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingInvitations } from './PendingInvitations';

const invitation = (n: number): TInvitation => ({
  uid: `5555555${n}-5555-4555-8555-555555555555`,
  email: `person${n}@example.com`,
  role: 'Editor',
  invitedBy: 'Ana Souza',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
});

/**
 * The API with three pending invitations: a revoke takes one off the list (unless `refusing`), its
 * answer held until the test lets it go.
 */
function stubApi({ refusing = false } = {}) {
  let pending = [invitation(1), invitation(2), invitation(3)];
  const answers: Array<() => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      if (call === 'GET /api/v0/organization/invitations') return Response.json({ data: pending });
      const revoked = pending.find((item) => call === `DELETE /api/v0/organization/invitations/${item.uid}`);
      await new Promise<void>((resolve) => answers.push(resolve));
      if (revoked && !refusing) {
        pending = pending.filter((item) => item !== revoked);
        return new Response(null, { status: 204 });
      }
      return Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 500 });
    }),
  );
  /**
   * Revoke, as a keyboard user presses it: the button is focused, then disabled while the revoke
   * runs, which in a browser drops focus to the body (jsdom keeps it on the disabled button and
   * will not blur it: focus is dropped through a control that then leaves the page). Then the API answers.
   */
  return async function revoke(email: string) {
    const button = revokeButton(email);
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    const dropped = document.createElement('button');
    document.body.append(dropped);
    dropped.focus();
    dropped.remove();
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers.shift()?.());
  };
}

const revokeButton = (email: string) =>
  screen.getByRole('button', { name: `Revoke invitation for ${email}` });

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pending invitations', () => {
  it("hands focus to the next row's Revoke, else the previous row's, else the heading, as rows are revoked", async () => {
    const revoke = stubApi();
    renderPage(<PendingInvitations organization={ORGANIZATION} />);
    await screen.findByRole('table', { name: 'Pending invitations' });

    await revoke('person1@example.com');
    await waitFor(() => expect(document.activeElement).toBe(revokeButton('person2@example.com')));
    expect(screen.queryByText('person1@example.com')).toBeNull();

    // The last row: the one before it.
    await revoke('person3@example.com');
    await waitFor(() => expect(document.activeElement).toBe(revokeButton('person2@example.com')));

    await revoke('person2@example.com');
    await screen.findByText('No pending invitations.');
    const heading = screen.getByRole('heading', { name: 'Pending invitations' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('keeps focus on the Revoke of a row whose revoke failed', async () => {
    const revoke = stubApi({ refusing: true });
    renderPage(<PendingInvitations organization={ORGANIZATION} />);
    await screen.findByRole('table', { name: 'Pending invitations' });

    await revoke('person2@example.com');
    await waitFor(() => expect(document.activeElement).toBe(revokeButton('person2@example.com')));
    expect(revokeButton('person2@example.com')).toHaveProperty('disabled', false);
  });
});
