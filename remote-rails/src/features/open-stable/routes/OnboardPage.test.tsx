import { PROVIDER, PROVIDER_UID, refusal, renderPage } from '@dash/shared/test';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import OnboardPage from './OnboardPage';

/** The catalogue answers GET providers; POST provider-accounts gets `onboarding`. Returns the POSTs. */
function serve(onboarding: () => Response): unknown[] {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return onboarding();
      }
      return Response.json({ data: [PROVIDER] });
    }),
  );
  return posted;
}

async function openOnboard(search = '') {
  renderPage(<OnboardPage />, {
    url: `/org/acme/open-stable/onboard${search}`,
    path: '/org/:org/open-stable/onboard',
  });
  const form = await screen.findByRole('form', { name: 'Start onboarding' });
  return {
    provider: within(form).getByLabelText(/^Provider/),
    submit: within(form).getByRole('button', { name: 'Confirm and start onboarding' }),
  };
}

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the onboarding form', () => {
  it('takes the keyboard to the provider when none is chosen, and sends nothing', async () => {
    const posted = serve(() => Response.json({}, { status: 500 }));
    const { provider, submit } = await openOnboard();
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(provider));
    expect(provider.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
  });

  it('takes the keyboard to the provider the server refused', async () => {
    const posted = serve(() => refusal({ providerUid: 'Onboarding with this provider is closed' }));
    const { provider, submit } = await openOnboard(`?providerUid=${PROVIDER_UID}`);
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('Onboarding with this provider is closed')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(provider));
    expect(provider.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([{ providerUid: PROVIDER_UID }]);
  });
});
