import { ZErrorBody } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { call, errorOf } from '../test/http';

describe('request handling shared by every endpoint', () => {
  it('answers malformed JSON with 400 VALIDATION in the error shape', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v0/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ada@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(ZErrorBody.parse(response.json())).toEqual({
      error: {
        code: 'VALIDATION',
        message: 'The request body is not valid JSON.',
        messageCode: 'messages.bodyNotJson',
        requestId: response.headers['x-request-id'],
      },
    });
  });

  it('refuses a JSON body that is not an object', async () => {
    const { app } = await createTestApp();
    for (const payload of ['[]', '"ada@example.com"', 'null', '42']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v0/auth',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
  });

  it('refuses prototype-poisoning JSON without a 500', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v0/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"ada@example.com","__proto__":{"admin":true}}',
    });
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('refuses text that is not well-formed Unicode (a lone surrogate) with 400 naming the field', async () => {
    const { app } = await createTestApp();
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v0/auth',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    // A lone surrogate can only arrive escaped; the database could not store it (PGlite: a 500 before).
    for (const [payload, field] of [
      ['{"email":"ada@example.com","redirect":"/\\ud800"}', 'redirect'],
      ['{"email":"ada@example.com","redirect":"\\udc00/"}', 'redirect'],
      ['{"email":"ada@example.com","extra":{"list":["ok","\\ud83d"]}}', 'extra.list.1'],
      ['{"email":"ada@example.com","\\udfff":1}', '\udfff'],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(ZErrorBody.parse(response.json()), payload).toEqual({
        error: {
          requestId: response.headers['x-request-id'],
          code: 'VALIDATION',
          message: 'Text must be valid Unicode (it has a lone surrogate).',
          messageCode: 'messages.illFormedText',
          fields: { [field]: 'Text must be valid Unicode (it has a lone surrogate).' },
          fieldCodes: { [field]: { code: 'messages.illFormedText' } },
        },
      });
    }
    // A surrogate pair (an emoji) is one well-formed character: the request goes through.
    const emoji = await post('{"email":"ada@example.com","redirect":"/\\ud83d\\ude00"}');
    expect(emoji.statusCode).toBe(202);
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const { app } = await createTestApp();
    const response = await call(app, 'POST', '/auth', {
      body: { email: 'ada@example.com', redirect: `/${'a'.repeat(1024 * 1024)}` },
    });
    expect(errorOf(response)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a body that is not JSON with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const { app } = await createTestApp();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v0/auth',
        headers: { 'content-type': contentType },
        payload: 'email=ada@example.com',
      });
      expect(errorOf(response)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('accepts JSON with a charset', async () => {
    const { app } = await createTestApp();
    const response = await call(app, 'POST', '/auth', {
      body: { email: 'ada@example.com' },
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.statusCode).toBe(202);
  });

  it('answers unknown routes with 404 NOT_FOUND as JSON', async () => {
    const { app } = await createTestApp();
    for (const url of ['/api/v0/nope', '/api/v1/me', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(response)).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        message: url === '/' ? 'There is no file at this address.' : 'This API route does not exist.',
      });
    }
  });

  it('answers a malformed URL with 400 in the error shape', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/v0/auth/%E0%A4%A' });
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('names the failed request in every error body, as its x-request-id header and log lines do', async () => {
    const lines: Array<{ reqId?: string }> = [];
    const { app } = await createTestApp(
      { logLevel: 'info', authRateLimitPerEmail: 1 },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    expect((await call(app, 'POST', '/auth', { body: { email: 'ada@example.com' } })).statusCode).toBe(202);
    const failures = {
      unknownRoute: await app.inject({ method: 'GET', url: '/api/v0/nope' }),
      unknownFile: await app.inject({ method: 'GET', url: '/nope.js' }),
      malformedUrl: await app.inject({ method: 'POST', url: '/api/v0/auth/%E0%A4%A' }),
      validation: await call(app, 'POST', '/auth', { body: { email: 'not an address' } }),
      badJson: await app.inject({
        method: 'POST',
        url: '/api/v0/auth',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      unauthenticated: await call(app, 'GET', '/me'),
      rateLimited: await call(app, 'POST', '/auth', { body: { email: 'ada@example.com' } }),
    };
    const ids = new Set<string>();
    for (const [name, response] of Object.entries(failures)) {
      const header = response.headers['x-request-id'];
      expect(typeof header, name).toBe('string');
      expect(ZErrorBody.parse(response.json()).error.requestId, name).toBe(header);
      expect(
        lines.some((line) => line.reqId === header),
        `${name}: a log line with reqId ${String(header)}`,
      ).toBe(true);
      ids.add(String(header));
    }
    expect(failures.rateLimited.statusCode).toBe(429);
    expect(ids.size).toBe(Object.keys(failures).length);
  });

  it('marks every answer Cache-Control: no-store, errors included', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    for (const response of [
      await call(app, 'GET', '/me', { cookie }),
      await call(app, 'GET', '/me'),
      await call(app, 'GET', '/health'),
      await call(app, 'GET', '/nope'),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  describe('cross-site request forgery', () => {
    it('refuses a mutating request from a foreign Origin with 403', async () => {
      const { app } = await createTestApp();
      const cookie = await signIn(app, 'ada@example.com');
      for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
        const response = await call(app, 'POST', '/organization', {
          cookie,
          headers: { origin },
          body: { name: 'Evil', slug: 'evil' },
        });
        expect(errorOf(response)).toEqual({
          status: 403,
          code: 'FORBIDDEN',
          message: 'Cross-origin request refused',
        });
      }
      const mine = await call(app, 'GET', '/me/organizations', { cookie });
      expect(mine.json()).toEqual({ data: [] });
    });

    it('refuses Sec-Fetch-Site: cross-site without an Origin', async () => {
      const { app } = await createTestApp();
      const response = await call(app, 'POST', '/auth', {
        headers: { 'sec-fetch-site': 'cross-site' },
        body: { email: 'ada@example.com' },
      });
      expect(errorOf(response)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    });

    it('lets the dashboard origin, extra ALLOWED_ORIGINS and origin-less callers through', async () => {
      const { app } = await createTestApp({
        allowedOrigins: ['http://localhost:3000', 'https://admin.example'],
      });
      const cases: Record<string, string>[] = [
        { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
        { origin: 'https://admin.example', 'sec-fetch-site': 'cross-site' },
        {},
      ];
      for (const headers of cases) {
        const response = await call(app, 'POST', '/auth', { headers, body: { email: 'ada@example.com' } });
        expect(response.statusCode).toBe(202);
      }
    });

    it('does not check reads', async () => {
      const { app } = await createTestApp();
      const response = await call(app, 'GET', '/health', { headers: { origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(200);
    });
  });
});
