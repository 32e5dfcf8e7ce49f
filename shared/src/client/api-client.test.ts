import { z } from '@dash/shared/zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

const FAILURE = 'Failed to create organization. Please try again later.';
/** The same catalogue message by its code, as a call names it. */
const FAILURE_CODE = 'catalogue.createOrganization';
const ZAnswer = z.object({ data: z.object({ slug: z.string() }) });

function answer(status: number, body?: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(async () =>
    body === undefined
      ? new Response(null, { status })
      : new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'content-type': contentType },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('calls /api/v0 with JSON, the organization header and the session cookie', async () => {
    const fetchMock = answer(201, { data: { slug: 'acme' } });
    const result = await apiRequest({
      path: 'organization',
      method: 'POST',
      body: { name: 'Acme', slug: 'acme' },
      organizationUid: '7d3c3f0e-0f61-4a8e-9a55-0d7f4ad0c1b2',
      response: ZAnswer,
      failure: FAILURE_CODE,
    });
    expect(result).toEqual({ data: { slug: 'acme' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v0/organization',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ name: 'Acme', slug: 'acme' }),
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'x-organization-uid': '7d3c3f0e-0f61-4a8e-9a55-0d7f4ad0c1b2',
        }),
      }),
    );
  });

  it('turns a refused call into the catalogue message, keeping the server reason and field messages', async () => {
    answer(409, {
      error: {
        code: 'CONFLICT',
        message: 'This slug is already taken',
        fields: { slug: 'This slug is already taken' },
      },
    });
    const error = await failureOf(
      apiRequest({
        path: 'organization',
        method: 'POST',
        body: {},
        response: ZAnswer,
        failure: FAILURE_CODE,
      }),
    );
    expect(error.message).toBe(FAILURE);
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.detail).toBe('This slug is already taken');
    expect(error.fields).toEqual({ slug: 'This slug is already taken' });
    expect(error.isClientError).toBe(true);
  });

  it('keeps the codes the server gave, and drops a code this client has no words for', async () => {
    answer(413, {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Files must be at most 25 MB.',
        messageCode: 'messages.fileTooLarge',
        params: { size: '25', unit: 'MB' },
        fields: { byteSize: 'Files must be at most 25 MB.', other: 'A newer rule' },
        fieldCodes: {
          byteSize: { code: 'messages.fileTooLarge', params: { size: '25', unit: 'MB' } },
          other: { code: 'messages.fromANewerServer' },
        },
      },
    });
    const error = await failureOf(
      apiRequest({ path: 'organization', response: ZAnswer, failure: FAILURE_CODE }),
    );
    expect(error.message).toBe(FAILURE);
    expect(error.codes).toEqual({
      message: { code: FAILURE_CODE },
      detail: { code: 'messages.fileTooLarge', params: { size: '25', unit: 'MB' } },
      fields: { byteSize: { code: 'messages.fileTooLarge', params: { size: '25', unit: 'MB' } } },
    });
  });

  it('does not pass a server fault’s wording on to the user', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
    const error = await failureOf(
      apiRequest({ path: 'organization', response: ZAnswer, failure: FAILURE_CODE }),
    );
    expect(error.message).toBe(FAILURE);
    expect(error.detail).toBeUndefined();
    expect(error.isClientError).toBe(false);
  });

  it('fails with the catalogue message when the answer is not JSON or breaks the contract', async () => {
    answer(200, '<html>proxy error</html>', 'text/html');
    const notJson = await failureOf(
      apiRequest({ path: 'organization', response: ZAnswer, failure: FAILURE_CODE }),
    );
    expect(notJson).toMatchObject({ message: FAILURE, code: 'BAD_RESPONSE' });

    answer(200, { data: { slug: 42 } });
    const wrongShape = await failureOf(
      apiRequest({ path: 'organization', response: ZAnswer, failure: FAILURE_CODE }),
    );
    expect(wrongShape).toMatchObject({ message: FAILURE, code: 'BAD_RESPONSE' });
  });

  it('fails with the catalogue message when an error answer is not in the error shape', async () => {
    answer(502, 'Bad gateway', 'text/plain');
    const error = await failureOf(
      apiRequest({ path: 'organization', response: ZAnswer, failure: FAILURE_CODE }),
    );
    expect(error).toMatchObject({ message: FAILURE, status: 502, code: 'INTERNAL' });
  });

  it('reports an unreachable server as a network failure with the catalogue message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failureOf(
      apiRequest({ path: 'organization', response: ZAnswer, failure: FAILURE_CODE }),
    );
    expect(error).toMatchObject({ message: FAILURE, status: 0, code: 'NETWORK' });
  });

  it('answers nothing for a 204 call', async () => {
    answer(204);
    await expect(
      apiRequest({ path: 'auth/sign-out', method: 'POST', response: null, failure: 'catalogue.signOut' }),
    ).resolves.toBeUndefined();
  });
});
