import { codedMessage, ZHealthResponse } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { testConfig } from '../test/app';
import { emptyTestDatabase } from '../test/database';
import { call, errorOf } from '../test/http';
import { AppError, BODY_MISSING_MESSAGE, INTERNAL_MESSAGE } from './errors';
import { defineRoute, NUL_CHARACTER_MESSAGE } from './route';

/** A real app with extra endpoints under /api/v0. */
async function appWith(register: (api: FastifyInstance) => void) {
  const { db } = await emptyTestDatabase();
  const app = await buildApp({ config: testConfig(), db });
  await app.register(
    (api, _options, done) => {
      register(api);
      done();
    },
    { prefix: '/api/v0' },
  );
  onTestFinished(() => app.close());
  await app.ready();
  return app;
}

describe('defineRoute', () => {
  it('answers a message code the route declares, and fails loudly (500 naming it) on one it does not', async () => {
    const app = await appWith((api) => {
      for (const [url, messageCodes] of [
        ['/declared', ['messages.conversationNotFound'] as const],
        ['/undeclared', [] as const],
      ] as const) {
        defineRoute(api, {
          method: 'GET',
          url,
          messageCodes,
          response: null,
          async handler() {
            throw new AppError('NOT_FOUND', codedMessage('messages.conversationNotFound'));
          },
        });
      }
    });

    const declared = await call(app, 'GET', '/declared');
    expect(errorOf(declared)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(declared.json().error.messageCode).toBe('messages.conversationNotFound');
    const undeclared = await call(app, 'GET', '/undeclared');
    expect(errorOf(undeclared)).toEqual({
      status: 500,
      code: 'INTERNAL',
      message:
        'GET /api/v0/undeclared answered with messages.conversationNotFound, which it does not declare (messageCodes in its route).',
    });
  });

  it('parses params and query with their contracts and hands the handler the parsed values', async () => {
    const app = await appWith((api) =>
      defineRoute(api, {
        method: 'GET',
        url: '/echo/:count',
        params: z.strictObject({ count: z.coerce.number().int().min(1) }),
        query: z.object({ label: z.string().trim().min(1) }),
        response: z.object({ count: z.number(), label: z.string() }),
        async handler({ params, query }) {
          return { count: params.count, label: query.label };
        },
      }),
    );

    expect((await call(app, 'GET', '/echo/3?label=%20x%20')).json()).toEqual({ count: 3, label: 'x' });
    const bad = await call(app, 'GET', '/echo/0');
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(Object.keys(bad.json().error.fields)).toEqual(['count']);
  });

  it('refuses a NUL character in any text input with 400 (no database stores one): found by the contract fuzz', async () => {
    let handled = 0;
    const app = await appWith((api) =>
      defineRoute(api, {
        method: 'POST',
        url: '/notes/:tag',
        params: z.strictObject({ tag: z.string() }),
        query: z.object({ q: z.string().optional() }),
        body: z.strictObject({ lines: z.array(z.object({ text: z.string() })) }),
        response: null,
        async handler() {
          handled++;
        },
      }),
    );

    const inBody = await call(app, 'POST', '/notes/x', {
      body: { lines: [{ text: 'ok' }, { text: 'a\u0000b' }] },
    });
    expect(errorOf(inBody)).toEqual({ status: 400, code: 'VALIDATION', message: NUL_CHARACTER_MESSAGE });
    expect(inBody.json().error.fields).toEqual({ 'lines.1.text': NUL_CHARACTER_MESSAGE });
    expect((await call(app, 'POST', '/notes/x?q=a%00', { body: { lines: [] } })).json().error.fields).toEqual(
      {
        q: NUL_CHARACTER_MESSAGE,
      },
    );
    expect((await call(app, 'POST', '/notes/a%00', { body: { lines: [] } })).statusCode).toBe(400);
    expect(handled).toBe(0);
    expect((await call(app, 'POST', '/notes/x', { body: { lines: [{ text: 'fine' }] } })).statusCode).toBe(
      204,
    );
  });

  it('tells a caller whose body is missing or not the JSON value the contract expects so, in plain words', async () => {
    let handled = 0;
    const app = await appWith((api) => {
      defineRoute(api, {
        method: 'POST',
        url: '/notes',
        body: z.strictObject({ text: z.string() }),
        response: null,
        async handler() {
          handled++;
        },
      });
      defineRoute(api, {
        method: 'POST',
        url: '/tags',
        body: z.array(z.string()),
        response: null,
        async handler() {
          handled++;
        },
      });
    });
    const json = { 'content-type': 'application/json' };
    const raw = (url: string, payload?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v0${url}`,
        headers: json,
        ...(payload === undefined ? {} : { payload }),
      });

    for (const payload of [undefined, '']) {
      expect(errorOf(await raw('/notes', payload))).toEqual({
        status: 400,
        code: 'VALIDATION',
        message: BODY_MISSING_MESSAGE,
      });
    }
    for (const payload of ['null', '[1]', '"text"', '42']) {
      const refused = await raw('/notes', payload);
      expect(errorOf(refused)).toEqual({
        status: 400,
        code: 'VALIDATION',
        message: 'The request body must be a JSON object.',
      });
      expect(refused.json().error.fields).toBeUndefined();
    }
    expect(errorOf(await raw('/tags', '{"a":1}')).message).toBe('The request body must be a JSON array.');
    // A wrong field is still a field's message.
    const field = await call(app, 'POST', '/notes', { body: { text: 3 } });
    expect(errorOf(field)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(Object.keys(field.json().error.fields)).toEqual(['text']);
    expect(handled).toBe(0);
    expect((await call(app, 'POST', '/notes', { body: { text: 'fine' } })).statusCode).toBe(204);
    expect((await call(app, 'POST', '/tags', { body: ['a'] })).statusCode).toBe(204);
  });

  it('never lets an answer that breaks its contract out: 500 INTERNAL, no details', async () => {
    const app = await appWith((api) =>
      defineRoute(api, {
        method: 'GET',
        url: '/broken',
        response: ZHealthResponse,
        // A handler bug the type system cannot see (data from an untyped source).
        handler: async () => JSON.parse('{"status":"ok","database":"down","secret":"x"}'),
      }),
    );

    const response = await call(app, 'GET', '/broken');

    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message: INTERNAL_MESSAGE,
        messageCode: 'messages.internal',
        requestId: response.headers['x-request-id'],
      },
    });
    expect(response.statusCode).toBe(500);
  });

  it('answers an unexpected exception with 500 INTERNAL and no stack trace', async () => {
    const app = await appWith((api) =>
      defineRoute(api, {
        method: 'POST',
        url: '/explode',
        response: null,
        async handler() {
          throw new Error('database password is hunter2');
        },
      }),
    );

    const response = await call(app, 'POST', '/explode', { body: {} });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message: INTERNAL_MESSAGE,
        messageCode: 'messages.internal',
        requestId: response.headers['x-request-id'],
      },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('strips fields the response contract does not know', async () => {
    const app = await appWith((api) =>
      defineRoute(api, {
        method: 'GET',
        url: '/extra',
        response: ZHealthResponse,
        handler: async () => ({ status: 'ok' as const, database: 'ok' as const, internal: 'x' }),
      }),
    );
    expect((await call(app, 'GET', '/extra')).json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
