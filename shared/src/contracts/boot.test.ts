import { describe, expect, it } from 'vitest';
import { localOutboxOn, type TBootData } from './boot';

const boot = (outbox?: boolean): TBootData => ({
  remotes: { remotes: [] } as unknown as TBootData['remotes'],
  me: null,
  ...(outbox === undefined ? {} : { outbox }),
});

describe('the local outbox hint of the sign-in page', () => {
  it('shows where the dashboard origin says mail goes to the outbox, and without boot data (a development server)', () => {
    expect(localOutboxOn(boot(true))).toBe(true);
    expect(localOutboxOn(null)).toBe(true);
  });

  it('is left out where mail goes out by SMTP: the origin says nothing of an outbox', () => {
    expect(localOutboxOn(boot())).toBe(false);
    expect(localOutboxOn(boot(false))).toBe(false);
  });
});
