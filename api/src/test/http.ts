import {
  API_PREFIX,
  english as englishText,
  isMessageCode,
  ORGANIZATION_HEADER,
  type TError,
} from '@dash/shared/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface CallOptions {
  /** A Cookie header, e.g. from signIn(). */
  cookie?: string;
  /** Sent as the x-organization-uid header. */
  organization?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One API call through app.inject; `path` is relative to /api/v0. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.organization !== undefined) headers[ORGANIZATION_HEADER] = options.organization;
  if (options.body === undefined) return app.inject({ method, url: `${API_PREFIX}${path}`, headers });
  headers['content-type'] ??= 'application/json';
  return app.inject({ method, url: `${API_PREFIX}${path}`, headers, payload: JSON.stringify(options.body) });
}

/** The error body's parts, for one-line assertions. */
export function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string } {
  const body = response.json() as { error?: { code?: string; message?: string } };
  return { status: response.statusCode, code: body.error?.code ?? '', message: body.error?.message ?? '' };
}

/**
 * An error body's English parts, once its codes are checked to word the same English (en.json's
 * text with the values): for a table of English messages whose codes the table does not list.
 */
export function englishOfCoded(error: TError): Omit<TError, 'messageCode' | 'params' | 'fieldCodes'> {
  const { messageCode, params, fieldCodes, ...english } = error;
  if (messageCode) expect(wordEnglish(messageCode, params)).toBe(english.message);
  for (const [field, coded] of Object.entries(fieldCodes ?? {}))
    expect(wordEnglish(coded.code, coded.params)).toBe(english.fields?.[field]);
  return english;
}

const wordEnglish = (code: string, params?: Record<string, string>) =>
  isMessageCode(code) ? englishText(code, params) : `unknown code ${code}`;
