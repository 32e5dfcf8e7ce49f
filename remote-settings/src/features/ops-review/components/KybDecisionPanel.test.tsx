import { KYB_NOTE_REQUIRED, KYB_REASON_REQUIRED } from '@dash/shared/api';
import { refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KybDecisionPanel } from './KybDecisionPanel';

const ORGANIZATION_UID = '33333333-3333-4333-8333-333333333333';

/** Every POST gets `answer`; returns the paths and bodies posted. */
function serve(answer: () => Response): { url: string; body: unknown }[] {
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      posted.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return posted;
}

/** The panel's two forms, each with its field and its submit button. */
function renderPanel() {
  renderPage(<KybDecisionPanel organizationUid={ORGANIZATION_UID} />);
  const changes = screen.getByRole('form', { name: 'Request changes' });
  const reject = screen.getByRole('form', { name: 'Reject' });
  return {
    note: within(changes).getByRole('textbox', { name: 'What needs to change' }),
    requestChanges: within(changes).getByRole('button', { name: 'Request changes' }),
    reason: within(reject).getByRole('textbox', { name: 'Reason for rejection' }),
    reject: within(reject).getByRole('button', { name: 'Reject' }),
  };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the KYB decision panel', () => {
  it('takes the keyboard to the empty note, then to the empty reason, each in its own form, and sends nothing', async () => {
    const posted = serve(() => Response.json({ data: {} }));
    const panel = renderPanel();

    panel.requestChanges.focus();
    fireEvent.click(panel.requestChanges);
    await waitFor(() => expect(document.activeElement).toBe(panel.note));
    expect(
      screen.getByRole('textbox', { name: 'What needs to change', description: KYB_NOTE_REQUIRED }),
    ).toBe(panel.note);

    panel.reject.focus();
    fireEvent.click(panel.reject);
    await waitFor(() => expect(document.activeElement).toBe(panel.reason));
    expect(
      screen.getByRole('textbox', { name: 'Reason for rejection', description: KYB_REASON_REQUIRED }),
    ).toBe(panel.reason);
    expect(posted).toEqual([]);
  });

  it('takes the keyboard to the note the server refused', async () => {
    const posted = serve(() => refusal({ note: 'Too long' }));
    const panel = renderPanel();
    fireEvent.change(panel.note, { target: { value: 'Sign the articles' } });
    panel.requestChanges.focus();
    fireEvent.click(panel.requestChanges);

    expect(await screen.findByText('Too long')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(panel.note));
    expect(panel.note.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([
      { url: expect.stringContaining('/request-changes'), body: { note: 'Sign the articles' } },
    ]);
  });

  it('takes the keyboard to the reason the server refused', async () => {
    const posted = serve(() => refusal({ reason: 'Too long' }));
    const panel = renderPanel();
    fireEvent.change(panel.reason, { target: { value: 'Not a real company' } });
    panel.reject.focus();
    fireEvent.click(panel.reject);

    expect(await screen.findByText('Too long')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(panel.reason));
    expect(panel.reason.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([
      { url: expect.stringContaining('/reject'), body: { reason: 'Not a real company' } },
    ]);
  });
});
