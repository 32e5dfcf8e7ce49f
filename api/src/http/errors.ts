import {
  codedMessage,
  codeOfIssue,
  defaultIssueCode,
  english,
  type TCodedMessage,
  type TErrorBody,
  type TErrorCode,
  type TMessageCode,
} from '@dash/shared/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The one map from error codes to HTTP statuses. */
export const STATUS_BY_CODE: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_ALLOWLISTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface AppErrorOptions {
  /** Extra response headers, e.g. Retry-After with RATE_LIMITED. */
  headers?: Record<string, string>;
  /** Only for a status the code map cannot express for this code. */
  status?: number;
  cause?: unknown;
}

/**
 * A message as a service gives it: always coded (its English comes from en.json), so every
 * message on the wire carries a code a client words in its reader's language. A bare string
 * does not compile (issue 49).
 */
export type TAppMessage = TCodedMessage;

const englishOf = (message: TAppMessage) => english(message.code, message.params);

/**
 * What services throw for anything a caller should see. Everything else becomes a 500 INTERNAL.
 * A coded message (`codedMessage('messages.emailTaken')`) answers with its English and its code,
 * so a client words it in its reader's language; the same for each field's message.
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The message's code and values. */
  readonly messageCode: TCodedMessage;
  readonly fields?: Record<string, string>;
  readonly fieldCodes?: Record<string, TCodedMessage>;

  constructor(
    readonly code: TErrorCode,
    message: TAppMessage,
    fields?: Record<string, TAppMessage>,
    options: AppErrorOptions = {},
  ) {
    super(englishOf(message), { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? STATUS_BY_CODE[code];
    this.headers = options.headers ?? {};
    this.messageCode = message;
    if (fields) {
      const entries = Object.entries(fields);
      this.fields = Object.fromEntries(entries.map(([name, text]) => [name, englishOf(text)]));
      if (entries.length > 0) this.fieldCodes = fields;
    }
  }

  /** The body, naming the request that failed (its x-request-id header and log lines carry the same id). */
  toBody(requestId: string): TErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        messageCode: this.messageCode.code,
        ...(this.messageCode.params ? { params: this.messageCode.params } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.fieldCodes ? { fieldCodes: this.fieldCodes } : {}),
        requestId,
      },
    };
  }
}

/**
 * An inner error (a store's, a parser's, a log's) whose message is coded, so the AppError it
 * becomes carries the same code: `new AppError('CONFLICT', error.coded)`.
 */
export class CodedError extends Error {
  constructor(readonly coded: TCodedMessage) {
    super(english(coded.code, coded.params));
  }
}

export const INTERNAL_MESSAGE = english('messages.internal');

/**
 * A failed zod parse as a VALIDATION error: the first issue is the message, and fields maps each
 * path (dot-joined, optionally prefixed) to its first message, coded when the contract's rule is
 * (`coded(...)`) or zod's (`defaultIssueCode`). Unknown keys of strict objects are reported per key.
 */
export function validationError(error: z.ZodError, options: { prefix?: string } = {}): AppError {
  const fields: Record<string, TAppMessage> = {};
  const join = (path: readonly PropertyKey[]) =>
    [options.prefix, ...path.map(String)].filter((part) => part !== undefined && part !== '').join('.');
  // Every issue is coded: a contract's rule by coded(), zod's own wording by the generic codes.
  const messageOf = (issue: z.core.$ZodIssue): TAppMessage => codeOfIssue(issue) ?? defaultIssueCode(issue);

  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const name = join([...issue.path, key]);
        fields[name] ??= codedMessage('messages.unknownField');
      }
      continue;
    }
    const name = join(issue.path);
    if (name !== '') fields[name] ??= messageOf(issue);
  }

  const first = error.issues[0];
  const message: TAppMessage =
    first?.code === 'unrecognized_keys'
      ? codedMessage(first.keys.length > 1 ? 'messages.unknownFields' : 'messages.unknownFieldNamed', {
          keys: first.keys.join(', '),
        })
      : first
        ? messageOf(first)
        : codedMessage('messages.invalidRequest');
  return new AppError('VALIDATION', message, Object.keys(fields).length > 0 ? fields : undefined);
}

/** What a request is told whose body is missing, or is not the JSON value its contract expects. */
export const BODY_MISSING_MESSAGE = english('messages.bodyEmpty');
export const bodyTypeMessage = (expected: string) =>
  codedMessage('messages.bodyMustBeJson', { type: expected === 'record' ? 'object' : expected });

/** Fastify's own errors (body parsing, limits, content type) in the same shape as ours. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('VALIDATION', codedMessage('messages.bodyNotJson'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION', codedMessage('messages.bodyEmpty'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.bodyTooLarge'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', codedMessage('messages.bodyMediaType'));
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION', codedMessage('messages.bodyLengthMismatch'));
  }
  // secure-json-parse (prototype poisoning) and other client errors carry a 4xx status.
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.bodyTooLarge'));
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', codedMessage('messages.bodyMediaType'));
  if (status >= 400 && status < 500)
    return new AppError('VALIDATION', codedMessage('messages.requestInvalid'));
  return undefined;
}

/** Reading at most this much of a refused body so its sender gets the answer (beyond it: closed). */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * A body refused before it was read (too large, wrong type) is still on its way: answering and
 * closing at once resets the connection under the sender, who then sees an error instead of our
 * 4xx. So the rest is read and dropped first, within a bound; past it the connection is closed.
 */
function drainUnreadBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) {
        raw.destroy();
        done();
      }
    };
    const timer = setTimeout(() => {
      raw.destroy();
      done();
    }, DRAIN_MAX_MS);
    raw.on('data', count);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}

export interface ErrorHandlingOptions {
  /**
   * For tests: the message codes the route a request went to declares (http/openapi.ts). An
   * AppError with a code its route does not declare then answers 500 naming both, so the test that
   * provoked it fails and the API reference's `x-error-codes` cannot drift from what is answered.
   */
  declaredMessageCodes?: (request: FastifyRequest) => ReadonlySet<TMessageCode> | undefined;
}

/** The 500 a test sees when a route answers with a message code it does not declare. */
function undeclaredCode(error: AppError, request: FastifyRequest, options: ErrorHandlingOptions) {
  const declared = options.declaredMessageCodes?.(request);
  if (!declared || declared.has(error.messageCode.code)) return undefined;
  const route = `${request.method} ${request.routeOptions.url}`;
  return new AppError(
    'INTERNAL',
    codedMessage('messages.undeclaredMessageCode', { code: error.messageCode.code, route }),
  );
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const undeclared = error instanceof AppError ? undeclaredCode(error, request, options) : undefined;
    if (undeclared) {
      // Said on stderr too: a test's log is silent, and its assertion may only see the status.
      process.stderr.write(`${undeclared.message}\n`);
      request.log.error({ err: error }, undeclared.message);
      return reply.code(500).send(undeclared.toBody(request.id));
    }
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (appError) {
      if (appError.status >= 500) request.log.error({ err: error }, appError.message);
      if (appError.status === 413 || appError.status === 415) {
        await drainUnreadBody(request);
        reply.header('connection', 'close');
      }
      return reply.code(appError.status).headers(appError.headers).send(appError.toBody(request.id));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply
      .code(500)
      .send(new AppError('INTERNAL', codedMessage('messages.internal')).toBody(request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError(
      'NOT_FOUND',
      codedMessage(request.url.startsWith('/api') ? 'messages.apiRouteNotFound' : 'messages.fileNotFound'),
    );
    request.log.info({ method: request.method, url: request.url }, 'Route not found');
    return reply.code(error.status).send(error.toBody(request.id));
  });
}
