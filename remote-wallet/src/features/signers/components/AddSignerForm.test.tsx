import type { TOrganizationUser } from '@dash/shared/api';
import { answerEveryRequest, ORGANIZATION, refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddSignerForm } from './AddSignerForm';

const BRUNO: TOrganizationUser = {
  uid: '88888888-8888-4888-8888-888888888888',
  firstName: 'Bruno',
  lastName: 'Lima',
  email: 'bruno@example.com',
  role: 'Editor',
};

function renderForm() {
  renderPage(<AddSignerForm organization={ORGANIZATION} users={[BRUNO]} signerUids={[]} />);
  const form = screen.getByRole('form', { name: 'Add wallet signer' });
  return {
    user: within(form).getByRole('combobox', { name: /Organization user/ }),
    submit: within(form).getByRole('button', { name: 'Add Signer' }),
  };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the add signer form', () => {
  it('takes the keyboard to the user when none is chosen, and sends nothing', async () => {
    const bodies = answerEveryRequest(() => Response.json({ data: {} }));
    const { user, submit } = renderForm();
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(user));
    expect(user.getAttribute('aria-invalid')).toBe('true');
    // The error under the field (the select's first option, its prompt, has the same words).
    expect(screen.getByText('Choose a user', { ignore: 'script, style, option' })).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('takes the keyboard to the user the server refused', async () => {
    const bodies = answerEveryRequest(() => refusal({ userUid: 'Bruno Lima is already a signer' }));
    const { user, submit } = renderForm();
    const bruno = within(user).getByRole<HTMLOptionElement>('option', {
      name: 'Bruno Lima (bruno@example.com)',
    });
    fireEvent.change(user, { target: { value: bruno.value } });
    await waitFor(() => expect((user as HTMLSelectElement).selectedOptions[0]).toBe(bruno));
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('Bruno Lima is already a signer')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(user));
    expect(user.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ userUid: BRUNO.uid }]);
  });
});
