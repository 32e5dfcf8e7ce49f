import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@mantine/notifications');
  vi.resetModules();
  document.getElementById('dash-fallback-toasts')?.remove();
});

describe('a toast whose module cannot load', () => {
  it('is shown all the same, as a plain alert the user can close', async () => {
    vi.resetModules();
    // The chunk fails as it does with the API restarting or a remote's server down.
    vi.doMock('@mantine/notifications', () => {
      throw new Error('ChunkLoadError: Loading chunk de failed');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { notifyError } = await import('./notify');
    const { ApiError } = await import('../client/api-client');

    notifyError(
      new ApiError(
        'Failed to get a quote. Please try again later.',
        503,
        'UNAVAILABLE',
        'The provider could not be reached.',
      ),
    );

    const alert = await vi.waitFor(() => {
      const found = document.querySelector('#dash-fallback-toasts [role="alert"]');
      if (!found) throw new Error('no fallback toast yet');
      return found as HTMLElement;
    });
    expect(alert.textContent).toContain('Failed to get a quote. Please try again later.');
    expect(alert.textContent).toContain('The provider could not be reached.');
    (alert.querySelector('button') as HTMLButtonElement).click();
    expect(document.querySelector('#dash-fallback-toasts [role="alert"]')).toBeNull();
    error.mockRestore();
  });
});

describe('a toast', () => {
  it('names its close button (Mantine gives it no accessible name)', async () => {
    vi.resetModules();
    const show = vi.fn();
    vi.doMock('@mantine/notifications', () => ({ notifications: { show } }));
    const { notifySuccess } = await import('./notify');
    notifySuccess('Saved');
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      message: 'Saved',
      closeButtonProps: { 'aria-label': expect.stringMatching(/\S/) },
    });
  });
});
