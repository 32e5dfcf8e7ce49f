import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@dash/shared/contracts';
import { Webhook } from 'standardwebhooks';
import { assertPublicHost, guardedLookup, hostOf } from './address-guard';

/** How long a receiver has to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

export interface WebhookAttempt {
  succeeded: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
}

/**
 * The `webhook-signature` header (Standard Webhooks, the reference library's own `sign`): one
 * `v1,<signature>` per secret that signs now, space separated, so a receiver holding either the
 * new or the rotated secret accepts the delivery during the overlap.
 */
export function signatureHeader(secrets: string[], eventId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
}

/**
 * One POST of an event to an endpoint. Never follows a redirect; in production the host must
 * resolve to public addresses only, checked again on the address the connection uses. The answer's
 * first KB is kept (NUL characters removed: the log is text).
 */
export async function sendWebhook(input: {
  url: string;
  eventId: string;
  body: string;
  secrets: string[];
  production: boolean;
  now?: Date;
}): Promise<WebhookAttempt> {
  const started = performance.now();
  const url = new URL(input.url);
  const failed = (error: unknown): WebhookAttempt => ({
    succeeded: false,
    statusCode: null,
    latencyMs: Math.round(performance.now() - started),
    responseExcerpt: '',
    error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
  });
  try {
    if (input.production) await assertPublicHost(hostOf(url));
  } catch (error) {
    return failed(error);
  }
  const at = input.now ?? new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Dash-Webhooks/1',
    'webhook-id': input.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(input.secrets, input.eventId, at, input.body),
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAttempt>((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(input.body) },
        timeout: WEBHOOK_TIMEOUT_MS,
        ...(input.production ? { lookup: guardedLookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const statusCode = response.statusCode ?? 0;
          resolve({
            succeeded: statusCode >= 200 && statusCode < 300,
            statusCode,
            latencyMs: Math.round(performance.now() - started),
            responseExcerpt: Buffer.concat(chunks)
              .subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES)
              .toString('utf8')
              .replaceAll('\u0000', ''),
            error: null,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < WEBHOOK_RESPONSE_EXCERPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // Enough read: the rest of a long answer is not waited for.
          if (kept >= WEBHOOK_RESPONSE_EXCERPT_BYTES) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => resolve(failed(error)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
    request.on('error', (error) => resolve(failed(error)));
    request.end(input.body);
  });
}
