import type { z } from '@dash/shared/zod';
import { API_PREFIX, ORGANIZATION_HEADER, type TErrorCode, ZErrorBody } from '../contracts/common';
import {
  codedMessage,
  english,
  isMessageCode,
  type TCodedMessage,
  type TMessageCode,
} from '../contracts/message-codes';

/** The codes of an ApiError's texts, from which the UI words them in the reader's language. */
export interface ApiErrorCodes {
  /** The catalogue message's code (`catalogue.*`). */
  message?: TCodedMessage;
  /** The server's reason's code, when the server gave one. */
  detail?: TCodedMessage;
  /** Each field's message code, when the server gave one. */
  fields?: Record<string, TCodedMessage>;
}

/**
 * A failed API call. `message` is the spec's catalogue message for the call (what a toast shows);
 * `detail` is the server's own explanation when it gave one (a rule the caller broke), and
 * `fields` maps form fields to their messages; all in English, and `codes` has each one's code,
 * which is what the UI words them from.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: TErrorCode | 'NETWORK' | 'BAD_RESPONSE',
    readonly detail?: string,
    readonly fields?: Record<string, string>,
    readonly codes: ApiErrorCodes = {},
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/**
 * The answer to a GET of one item by its id (a link to a transaction, a conversation) that there is
 * no such item here: 404 (none with that id in this organization: it was never there, or it is
 * another organization's) or 400 (the id is not one). Asking again cannot change it, so a page says
 * the item is not there, with the way back, instead of offering to retry.
 */
export function isMissingItem(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export interface ApiRequest<S extends z.ZodType> {
  /** Path below /api/v0, without a leading slash: 'me/organizations'. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A multipart body (file uploads), sent instead of `body`; the browser sets its content type. */
  formData?: FormData;
  /** Organization-scoped calls name the organization in the x-organization-uid header. */
  organizationUid?: string;
  /** Extra request headers (e.g. Idempotency-Key on a POST that moves money). */
  headers?: Record<string, string>;
  /** Schema of a successful answer; `null` for calls answered with 204 No Content. */
  response: S | null;
  /** The catalogue message this call fails with, by its code (`catalogue.*`). */
  failure: TMessageCode;
  signal?: AbortSignal;
}

/** How a call reaches the API: the browser's fetch, or the server's own routes in its first render of a page. */
export type TApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: TApiTransport = (url, init) => fetch(url, init);

/** The shell's server render (ssr.tsx) answers calls in-process while it renders; nothing else sets it. */
export function setApiTransport(next: TApiTransport): void {
  transport = next;
}

export async function apiRequest<S extends z.ZodType>(request: ApiRequest<S>): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined && request.formData === undefined)
    headers['content-type'] = 'application/json';
  if (request.organizationUid) headers[ORGANIZATION_HEADER] = request.organizationUid;

  let response: Response;
  try {
    response = await transport(`${API_PREFIX}/${request.path}`, {
      method: request.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: request.formData ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal: request.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(request.failure);
  }

  if (!response.ok) throw await toApiError(response, request.failure);
  if (request.response === null) return undefined as z.output<S>;

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw badResponse(request.failure, response.status);
  }
  const parsed = request.response.safeParse(json);
  if (!parsed.success) throw badResponse(request.failure, response.status);
  return parsed.data;
}

/** A call that failed with its catalogue message (`failure`), English and coded. */
export function failedCall(
  failure: TMessageCode,
  status: number,
  code: ApiError['code'],
  detail?: TCodedMessage,
): ApiError {
  return new ApiError(
    english(failure),
    status,
    code,
    detail ? english(detail.code, detail.params) : undefined,
    undefined,
    { message: codedMessage(failure), ...(detail ? { detail } : {}) },
  );
}

const networkError = (failure: TMessageCode) =>
  failedCall(failure, 0, 'NETWORK', codedMessage('messages.network'));
const badResponse = (failure: TMessageCode, status: number) => failedCall(failure, status, 'BAD_RESPONSE');

async function toApiError(response: Response, failure: TMessageCode): Promise<ApiError> {
  const body = ZErrorBody.safeParse(await response.json().catch(() => null));
  if (!body.success) {
    return failedCall(failure, response.status, response.status >= 500 ? 'INTERNAL' : 'BAD_RESPONSE');
  }
  const { code, message, messageCode, params, fields, fieldCodes } = body.data.error;
  // A server fault says nothing the user can act on; a client error explains what to change.
  const clientError = response.status < 500;
  const detailCode =
    clientError && messageCode && isMessageCode(messageCode) ? codedMessage(messageCode, params) : undefined;
  const knownFieldCodes = Object.entries(fieldCodes ?? {}).filter((entry): entry is [string, TCodedMessage] =>
    isMessageCode(entry[1].code),
  );
  return new ApiError(english(failure), response.status, code, clientError ? message : undefined, fields, {
    message: codedMessage(failure),
    ...(detailCode ? { detail: detailCode } : {}),
    ...(knownFieldCodes.length > 0 ? { fields: Object.fromEntries(knownFieldCodes) } : {}),
  });
}

export interface UploadRequest<S extends z.ZodType> {
  /** A same-origin URL the API handed out (e.g. a signed upload URL). */
  url: string;
  method?: 'PUT' | 'POST';
  body: Blob;
  contentType: string;
  organizationUid?: string;
  response: S;
  failure: TMessageCode;
  /** Called with the fraction of the body sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file as the raw request body and reports upload progress, which fetch cannot do, so this
 * one call uses XMLHttpRequest. Answers and failures are read exactly as `apiRequest` reads them.
 */
export function uploadRequest<S extends z.ZodType>(request: UploadRequest<S>): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? 'PUT', request.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', request.contentType);
    if (request.organizationUid) xhr.setRequestHeader(ORGANIZATION_HEADER, request.organizationUid);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    xhr.onerror = () => reject(networkError(request.failure));
    xhr.onload = () => {
      request.signal?.removeEventListener('abort', abort);
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      if (!response.ok) {
        toApiError(response, request.failure).then(reject, reject);
        return;
      }
      response.json().then(
        (json: unknown) => {
          const parsed = request.response.safeParse(json);
          if (parsed.success) resolve(parsed.data);
          else reject(badResponse(request.failure, xhr.status));
        },
        () => reject(badResponse(request.failure, xhr.status)),
      );
    };
    xhr.send(request.body);
  });
}
