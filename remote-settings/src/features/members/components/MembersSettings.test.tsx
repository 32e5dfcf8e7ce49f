import { ORGANIZATION, renderPage, USER } from '@dash/shared/test';
import { notificationsStore } from '@mantine/notifications';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwitcherProbe } from '../../../test/switcher-probe';
import MembersSettings from './MembersSettings';

const BO = {
  uid: '22222222-2222-4222-8222-222222222222',
  firstName: 'Bo',
  lastName: 'Lima',
  email: 'bo@example.com',
};
const MEMBERS = [
  { uid: USER.uid, firstName: USER.firstName, lastName: USER.lastName, email: USER.email, role: 'Admin' },
  { ...BO, role: 'Admin' },
];

/** The API as it answers an Admin of Acme with a second Admin: the calls are recorded. */
function stubApi() {
  let member = true;
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url}`;
    calls.push(call);
    if (call === 'GET /api/v0/me/organizations') {
      return new Response(JSON.stringify({ data: member ? [ORGANIZATION] : [] }), { status: 200 });
    }
    if (call === 'GET /api/v0/organization/users') {
      // Once the user is out, the organization is not theirs to read any more.
      if (!member)
        return new Response(
          JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Organization not found' } }),
          { status: 404 },
        );
      return new Response(JSON.stringify({ data: MEMBERS }), { status: 200 });
    }
    if (
      call === 'POST /api/v0/organization/leave' ||
      call === `DELETE /api/v0/organization/users/${USER.uid}`
    ) {
      member = false;
      return new Response(null, { status: 204 });
    }
    if (call === `DELETE /api/v0/organization/users/${BO.uid}`) return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const CY = {
  uid: '55555555-5555-4555-8555-555555555555',
  firstName: 'Cy',
  lastName: 'Reis',
  email: 'cy@example.com',
};

/** Ana (the user), Bo and Cy: a removal takes the member off the list, its answer held until the test lets it go. */
function stubApiOfThree() {
  let members = [MEMBERS[0], { ...BO, role: 'Editor' }, { ...CY, role: 'Viewer' }];
  const answers: Array<() => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      if (call === 'GET /api/v0/organization/users') return Response.json({ data: members });
      const removed = members.find((member) => call === `DELETE /api/v0/organization/users/${member?.uid}`);
      if (!removed)
        return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
      await new Promise<void>((resolve) => answers.push(resolve));
      members = members.filter((member) => member !== removed);
      return new Response(null, { status: 204 });
    }),
  );
  /**
   * Remove, then Confirm, pressed from the keyboard: Confirm is disabled while the removal runs,
   * which in a browser drops focus to the body (jsdom keeps it there and will not blur a disabled
   * button: focus is dropped through a control that then leaves the page). Then the API answers.
   */
  return async function removeMember(name: string) {
    fireEvent.click(screen.getByRole('button', { name: `Remove ${name}` }));
    const confirm = screen.getByRole('button', { name: `Confirm removing ${name}` });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveProperty('disabled', true));
    const dropped = document.createElement('button');
    document.body.append(dropped);
    dropped.focus();
    dropped.remove();
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers.shift()?.());
    await waitFor(() => expect(screen.queryByText(name)).toBeNull());
  };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Members tab', () => {
  it('removing yourself leaves the organization: home, and the organization list reloaded', async () => {
    const calls = stubApi();
    renderPage(
      <>
        <MembersSettings />
        <SwitcherProbe />
      </>,
      { url: '/org/acme/settings?tab=members' },
    );
    expect(await screen.findByRole('status', { name: 'Switcher' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Switcher' }).textContent).toBe('Acme'));

    const table = await screen.findByRole('table', { name: 'Members' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Ana Souza' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Confirm removing Ana Souza' }));

    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/'));
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Switcher' }).textContent).toBe(''));
    expect(calls.filter((call) => call === 'GET /api/v0/me/organizations')).toHaveLength(2);
    expect(calls).toContain('POST /api/v0/organization/leave');
  });

  it('removing someone else stays on the tab and reloads the members', async () => {
    const calls = stubApi();
    renderPage(<MembersSettings />, { url: '/org/acme/settings?tab=members' });
    const table = await screen.findByRole('table', { name: 'Members' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Bo Lima' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Confirm removing Bo Lima' }));

    await vi.waitFor(() =>
      expect(calls.filter((call) => call === 'GET /api/v0/organization/users')).toHaveLength(2),
    );
    expect(calls).toContain(`DELETE /api/v0/organization/users/${BO.uid}`);
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe(
      '/org/acme/settings?tab=members',
    );
  });

  it('changes a role from the select, which keeps the keyboard, and saves a choice made meanwhile next', async () => {
    const patches: unknown[] = [];
    const answers: Array<() => void> = [];
    let members = [MEMBERS[0], { ...BO, role: 'Editor' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const call = `${init?.method ?? 'GET'} ${url}`;
        if (call === 'GET /api/v0/organization/users') return Response.json({ data: members });
        if (call === `PATCH /api/v0/organization/users/${BO.uid}`) {
          const body = JSON.parse(String(init?.body));
          patches.push(body);
          await new Promise<void>((resolve) => answers.push(resolve));
          members = [MEMBERS[0], { ...BO, role: body.role }];
          return Response.json({ data: members[1] });
        }
        return Response.json({ data: [] });
      }),
    );
    renderPage(<MembersSettings />, { url: '/org/acme/settings?tab=members' });
    const role = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Role of Bo Lima' });
    expect(role.value).toBe('Editor');
    role.focus();
    fireEvent.change(role, { target: { value: 'Viewer' } });
    await waitFor(() => expect(patches).toEqual([{ role: 'Viewer' }]));
    expect(role.disabled).toBe(false);
    expect(document.activeElement).toBe(role);
    // The next arrows, while Viewer is saved: nothing sent yet, the last choice shown.
    fireEvent.change(role, { target: { value: 'Editor' } });
    fireEvent.change(role, { target: { value: 'Admin' } });
    expect(role.value).toBe('Admin');
    expect(patches).toEqual([{ role: 'Viewer' }]);
    await act(async () => answers.shift()?.());
    // Viewer saved, then the last choice waiting (Admin) is sent; Editor, passed over, never is.
    await waitFor(() => expect(patches).toEqual([{ role: 'Viewer' }, { role: 'Admin' }]));
    expect(role.value).toBe('Admin');
    await act(async () => answers.shift()?.());
    // Shown or queued behind the toasts of the tests before (the store is the page's, five shown at most).
    const toasts = () => {
      const { notifications, queue } = notificationsStore.getState();
      return [...notifications, ...queue].map((toast) => toast.message);
    };
    await waitFor(() => expect(toasts()).toContain('Bo Lima is now Admin'));
    expect(patches).toEqual([{ role: 'Viewer' }, { role: 'Admin' }]);
    expect(role.value).toBe('Admin');
    expect(document.activeElement).toBe(role);
  });

  it("hands focus to the next member's Remove once a removed member's row goes, else the previous one's", async () => {
    const removeMember = stubApiOfThree();
    renderPage(<MembersSettings />, { url: '/org/acme/settings?tab=members' });
    await screen.findByRole('table', { name: 'Members' });

    await removeMember('Bo Lima');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Cy Reis' })),
    );

    // The last row: the one before it.
    await removeMember('Cy Reis');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Ana Souza' })),
    );
  });
});
