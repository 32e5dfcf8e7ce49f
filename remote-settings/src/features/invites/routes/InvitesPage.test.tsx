import type { TOrganization } from '@dash/shared';
import { INVITATION_GONE_MESSAGE, type TMyInvitation } from '@dash/shared/api';
import { ORGANIZATION, renderPage } from '@dash/shared/test';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SwitcherProbe } from '../../../test/switcher-probe';
import { InvitesPage } from './InvitesPage';

const GLOBEX: TOrganization = {
  ...ORGANIZATION,
  uid: '44444444-4444-4444-8444-444444444444',
  name: 'Globex',
  slug: 'globex',
  role: 'Editor',
};
const INVITATION: TMyInvitation = {
  uid: '55555555-5555-4555-8555-555555555555',
  role: 'Editor',
  organization: { uid: GLOBEX.uid, name: GLOBEX.name, slug: GLOBEX.slug, avatar: null },
  invitedBy: 'Bo Lima',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
};

/**
 * Another tab answered the invitation after this page loaded: the API now answers 410 to this tab,
 * and (when the other tab accepted) lists Globex among the user's organizations.
 */
function stubApiAnsweredElsewhere({ joined }: { joined: boolean }) {
  const calls: string[] = [];
  let listed = 0;
  let organizationLists = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push(call);
      if (call === 'GET /api/v0/me/invitations') {
        listed += 1;
        return Response.json({ data: listed === 1 ? [INVITATION] : [] });
      }
      if (call === 'GET /api/v0/me/organizations') {
        organizationLists += 1;
        return Response.json({
          data: joined && organizationLists > 1 ? [ORGANIZATION, GLOBEX] : [ORGANIZATION],
        });
      }
      if (call.startsWith(`POST /api/v0/me/invitations/${INVITATION.uid}/`)) {
        return Response.json({ error: { code: 'GONE', message: INVITATION_GONE_MESSAGE } }, { status: 410 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

const toastTitles = () => notificationsStore.getState().notifications.map((toast) => toast.title);
const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message);

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => cleanNotifications());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My invitations, answered in another tab', () => {
  it('accepting one accepted elsewhere: the card goes, the organization appears, and it says so', async () => {
    stubApiAnsweredElsewhere({ joined: true });
    renderPage(
      <>
        <InvitesPage />
        <SwitcherProbe />
      </>,
      { url: '/settings/invites' },
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'Switcher' }).textContent).toBe('Acme'));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation to Globex' }));

    expect(await screen.findByText('You have no pending invitations.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Switcher' }).textContent).toBe('Acme, Globex'),
    );
    expect(screen.getByRole('link', { name: 'Open Globex' }).getAttribute('href')).toBe('/org/globex');
    await waitFor(() => expect(toastMessages()).toContain('You are already a member of Globex'));
    expect(toastTitles().some((title) => String(title).includes('Please try again later'))).toBe(false);
  });

  it('declining one answered elsewhere: the card goes and the server reason shows, without "try again"', async () => {
    const calls = stubApiAnsweredElsewhere({ joined: false });
    renderPage(<InvitesPage />, { url: '/settings/invites' });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline invitation to Globex' }));

    expect(await screen.findByText('You have no pending invitations.')).toBeTruthy();
    await waitFor(() => expect(toastTitles()).toContain(INVITATION_GONE_MESSAGE));
    expect(toastTitles().some((title) => String(title).includes('Please try again later'))).toBe(false);
    expect(calls).toContain('GET /api/v0/me/organizations');
    expect(screen.queryByRole('link', { name: 'Open Globex' })).toBeNull();
  });
});
