import { describe, expect, it } from 'vitest';
import { displayAddress, formatDateTime, formatUtcDateTime, initials, isClientAddress } from './format';

describe("addresses shown as 'me'", () => {
  const domain = 'client.dash.localhost';

  it('recognises the client mail domain, with or without a display name, in any case', () => {
    expect(isClientAddress('acme-treasury@client.dash.localhost', domain)).toBe(true);
    expect(isClientAddress('Acme Treasury <ACME@Client.Dash.Localhost>', domain)).toBe(true);
    expect(displayAddress('acme@client.dash.localhost', domain)).toBe('me');
    expect(displayAddress('acme@client.dash.localhost', domain, 'eu')).toBe('eu');
  });

  it('leaves other addresses alone, including look-alike domains', () => {
    expect(isClientAddress('ops@transfero.example', domain)).toBe(false);
    expect(isClientAddress('x@evilclient.dash.localhost', domain)).toBe(false);
    expect(isClientAddress('x@client.dash.localhost.evil.com', domain)).toBe(false);
    expect(displayAddress('Ops <ops@transfero.example>', domain)).toBe('Ops <ops@transfero.example>');
  });
});

describe('formatUtcDateTime', () => {
  it('gives the exact time in UTC for the tooltip', () => {
    expect(formatUtcDateTime('2026-01-05T03:04:05.678+02:00')).toBe('2026/01/05 01:04:05 UTC');
  });
});

describe('initials', () => {
  it('takes the first two letters of the provider name', () => {
    expect(initials('Transfero')).toBe('TR');
    expect(initials(' b')).toBe('B');
    expect(initials(null)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes a message time in the reader’s time zone, as yyyy/MM/dd HH:mm', () => {
    const value = new Date(2026, 10, 20, 9, 5);
    expect(formatDateTime(value)).toBe('2026/11/20 09:05');
  });
});
