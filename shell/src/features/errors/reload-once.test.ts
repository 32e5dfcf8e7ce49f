import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, reloadOnceFor } from './reload-once';

describe('a lazily loaded page that fails to load', () => {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });

  afterEach(() => {
    window.sessionStorage.clear();
    reload.mockClear();
  });

  it('reloads the page once per distinct error message', () => {
    expect(reloadOnceFor(new Error('Loading chunk 7 failed'))).toBe(true);
    expect(reloadOnceFor(new Error('Loading chunk 7 failed'))).toBe(false);
    expect(reloadOnceFor(new Error('Loading chunk 9 failed'))).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('rethrows the error the second time so the error view shows it', async () => {
    const failing = lazyPage(() => Promise.reject(new Error('Loading chunk 3 failed')));
    void failing();
    await Promise.resolve();
    await expect(failing()).rejects.toThrow('Loading chunk 3 failed');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes a page that loads straight through', async () => {
    await expect(lazyPage(() => Promise.resolve({ Component: 'page' }))()).resolves.toEqual({
      Component: 'page',
    });
    expect(reload).not.toHaveBeenCalled();
  });
});
