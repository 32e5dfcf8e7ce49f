/**
 * The HTTP plumbing every provider adapter shares: base URL, bearer API key, JSON, an
 * Idempotency-Key on POSTs, a timeout per call, and one mapping of failures to ProviderError
 * (`retryable` tells a job whether trying again can help).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when nothing answered (refused, timed out). */
    readonly status: number,
    readonly code: string,
    readonly retryable: boolean,
    /** The provider's own words for a refusal, when it gave some (what a user may be shown). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ProviderHttpClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Required for POST: the provider answers a repeated key with its first answer. */
  idempotencyKey?: string;
}

export type ProviderHttpClient = <T>(request: ProviderRequest) => Promise<T>;

export function createProviderHttpClient(options: ProviderHttpClientOptions): ProviderHttpClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  return async function request<T>({ method, path, body, idempotencyKey }: ProviderRequest): Promise<T> {
    if (method === 'POST' && !idempotencyKey) {
      throw new ProviderError(`POST ${path} needs an idempotency key`, 0, 'no_idempotency_key', false);
    }
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ProviderError(
        timedOut
          ? `${method} ${path} timed out after ${timeoutMs} ms`
          : `${method} ${path} failed: ${String(error)}`,
        0,
        timedOut ? 'timeout' : 'unreachable',
        true,
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      // 408, 409 (a request in flight), 429 and 5xx can succeed later; other 4xx will not.
      const retryable = [408, 409, 429].includes(response.status) || response.status >= 500;
      throw new ProviderError(
        `${method} ${path} answered ${response.status}: ${typeof error?.message === 'string' ? error.message : text.slice(0, 200)}`,
        response.status,
        typeof error?.code === 'string' ? error.code : `http_${response.status}`,
        retryable,
        typeof error?.message === 'string' ? error.message : undefined,
      );
    }
    if (parsed === undefined) {
      throw new ProviderError(`${method} ${path} answered no JSON`, response.status, 'bad_response', true);
    }
    return parsed as T;
  };
}
