import { createHash, timingSafeEqual } from 'node:crypto';
import {
  codedMessage,
  english,
  RELEASE_VERSION_PATTERN,
  ZPinChangeRequest,
  ZPinChangeResponse,
  ZPinReleaseRequest,
  ZPublishReleaseRequest,
  ZPublishReleaseResponse,
  ZReleaseEnvironmentQuery,
  ZReleasesStatusResponse,
  ZRemoteName,
  ZRemoteReleaseParams,
  ZRemoteReleasesResponse,
  ZRemoteReleaseVersionParams,
  ZUnpinRequest,
} from '@dash/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { documentGuard, documentRoute, PUBLIC_ACCESS } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { PIN_LOG_CODES } from './pin-status';
import type { ReleaseService } from './service';
import { isReleaseFilePath, type ReleaseFileSource } from './store';

/** A remote's build is a few MB; base64 adds a third. Only the publish route accepts this much. */
export const PUBLISH_BODY_LIMIT_BYTES = 25 * 1024 * 1024;
const PUBLISH_TOO_LARGE = codedMessage('messages.releaseUploadTooLarge', {
  megabytes: String(PUBLISH_BODY_LIMIT_BYTES / 1024 / 1024),
  bytes: String(PUBLISH_BODY_LIMIT_BYTES),
});
export const PUBLISH_TOO_LARGE_MESSAGE = english(PUBLISH_TOO_LARGE.code, PUBLISH_TOO_LARGE.params);
const DEFAULT_ACTOR = 'release-api';

export const RELEASE_API_OFF_MESSAGE = english('messages.releaseApiOff');
export const RELEASE_TOKEN_MESSAGE = english('messages.releaseTokenRequired');

/**
 * The release API authenticates CI and tools with one bearer token (no cookie, no session).
 * Comparing digests keeps the comparison constant-time whatever the lengths.
 */
export function releaseTokenGuard(token: string | undefined) {
  const expected = token === undefined ? null : createHash('sha256').update(token).digest();
  const guard = async (request: FastifyRequest): Promise<void> => {
    if (expected === null) throw new AppError('NOT_FOUND', codedMessage('messages.releaseApiOff'));
    const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
    const given = createHash('sha256')
      .update(match?.[1] ?? '')
      .digest();
    if (!match || !timingSafeEqual(given, expected)) {
      throw new AppError('UNAUTHENTICATED', codedMessage('messages.releaseTokenRequired'), undefined, {
        headers: { 'www-authenticate': 'Bearer realm="releases"' },
      });
    }
  };
  // 404 when the release API is off (no RELEASE_TOKEN).
  return documentGuard(guard, {
    security: ['releaseToken'],
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
    messageCodes: ['messages.releaseApiOff', 'messages.releaseTokenRequired'],
  });
}

/** /api/v0/releases: the same operations as `pnpm release`, for CI and tools. */
export function registerReleaseRoutes(
  app: FastifyInstance,
  deps: { releases: ReleaseService; token: string | undefined },
): void {
  const guard = releaseTokenGuard(deps.token);
  const { releases } = deps;

  app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (route.method === 'PUT') route.bodyLimit = PUBLISH_BODY_LIMIT_BYTES;
    });
    // The app-wide answer to a body over its limit cannot know this route's limit; thrown on, the
    // error still goes through the one error path (which also drains the unread body).
    scope.setErrorHandler((error, request) => {
      if (request.method === 'PUT' && (error as { statusCode?: number }).statusCode === 413) {
        throw new AppError('PAYLOAD_TOO_LARGE', PUBLISH_TOO_LARGE, undefined, { cause: error });
      }
      throw error;
    });

    defineRoute(scope, {
      method: 'GET',
      url: '/releases',
      guard,
      query: ZReleaseEnvironmentQuery,
      response: ZReleasesStatusResponse,
      handler: ({ query }) => releases.status(query.env),
    });

    defineRoute(scope, {
      method: 'GET',
      url: '/releases/:remote',
      guard,
      params: ZRemoteReleaseParams,
      query: ZReleaseEnvironmentQuery,
      response: ZRemoteReleasesResponse,
      handler: ({ params, query }) => releases.remote(params.remote, query.env),
    });

    defineRoute(scope, {
      method: 'PUT',
      url: '/releases/:remote/:version',
      messageCodes: [
        'messages.releaseUploadTooLarge',
        'messages.releaseVersionMismatch',
        'messages.releaseWrongContainer',
        'messages.releaseAlreadyPublished',
        'messages.releaseNoManifest',
        'messages.releaseFileNotJson',
        'messages.releaseNotFederationManifest',
        'messages.releaseNoVersion',
      ],
      guard,
      params: ZRemoteReleaseVersionParams,
      body: ZPublishReleaseRequest,
      response: ZPublishReleaseResponse,
      handler: ({ params, body }) =>
        releases.publish({
          remote: params.remote,
          version: params.version,
          files: new Map(
            Object.entries(body.files).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]),
          ),
          builtAt: body.builtAt,
          gitCommit: body.gitCommit ?? null,
          by: body.by ?? DEFAULT_ACTOR,
        }),
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/releases/:remote/pins',
      messageCodes: [
        'messages.releaseCannotPin',
        'messages.releaseNotPublished',
        'messages.releaseOriginNotAllowed',
        'messages.releasePinNoSuchSeq',
        'messages.releaseGateCannotRunPin',
        'messages.releaseUnknownOrganization',
        'messages.releaseUnknownOrganizations',
        ...PIN_LOG_CODES,
      ],
      guard,
      params: ZRemoteReleaseParams,
      body: ZPinReleaseRequest,
      response: ZPinChangeResponse,
      handler: ({ params, body }) =>
        releases.pin({
          remote: params.remote,
          version: body.version,
          environment: body.env,
          expectedSeq: body.expectedSeq,
          organizations: body.organizations,
          force: body.force,
          by: body.by ?? DEFAULT_ACTOR,
        }),
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/releases/:remote/rollback',
      messageCodes: [
        'messages.releaseNothingToRollBack',
        'messages.releaseCannotRollBack',
        'messages.releaseGateCannotRunRollback',
        'messages.releaseRollbackTargetGone',
        'messages.releaseChangedWhileRollingBack',
        ...PIN_LOG_CODES,
      ],
      guard,
      params: ZRemoteReleaseParams,
      body: ZPinChangeRequest.optional(),
      response: ZPinChangeResponse,
      handler: ({ params, body = {} }) =>
        releases.rollback({
          remote: params.remote,
          environment: body.env,
          expectedSeq: body.expectedSeq,
          force: body.force,
          by: body.by ?? DEFAULT_ACTOR,
        }),
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/releases/:remote/unpin',
      messageCodes: PIN_LOG_CODES,
      guard,
      params: ZRemoteReleaseParams,
      body: ZUnpinRequest.optional(),
      response: ZPinChangeResponse,
      handler: ({ params, body = {} }) =>
        releases.unpin({
          remote: params.remote,
          environment: body.env,
          expectedSeq: body.expectedSeq,
          by: body.by ?? DEFAULT_ACTOR,
        }),
    });
  });
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  wasm: 'application/wasm',
};

export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

export const RELEASE_FILES_PREFIX = '/releases';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /releases/<remote>/<version>/<path>: a static host for the release store, outside /api/v0.
 * A version's files never change, so browsers and CDNs keep them for a year; any dashboard origin
 * may load them (they carry no credentials). Whatever does not name a stored file is a 404.
 */
export function registerReleaseFileRoutes(app: FastifyInstance, deps: { files: ReleaseFileSource }): void {
  documentRoute(app, {
    method: 'GET',
    url: `${RELEASE_FILES_PREFIX}/:remote/:version/*`,
    summary: 'A file of a published remote release (immutable, CORS)',
    access: PUBLIC_ACCESS,
    messageCodes: ['messages.releaseFileNotFound'],
    responses: {
      200: { contentType: 'application/octet-stream', description: 'The file, with its own content type' },
    },
  });
  app.route({
    method: 'GET',
    url: `${RELEASE_FILES_PREFIX}/:remote/:version/*`,
    // After the app-wide no-store hook: a stored file is immutable, anything else stays no-store.
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('cache-control', IMMUTABLE);
      return payload;
    },
    handler: async (request, reply) => {
      const params = request.params as { remote: string; version: string; '*': string };
      const remote = ZRemoteName.safeParse(params.remote);
      const path = params['*'];
      const file =
        remote.success && RELEASE_VERSION_PATTERN.test(params.version) && isReleaseFilePath(path)
          ? await deps.files.openFile(remote.data, params.version, path)
          : null;
      if (!file) {
        throw new AppError(
          'NOT_FOUND',
          codedMessage('messages.releaseFileNotFound', {
            file: `${params.remote}@${params.version}/${path}`,
          }),
          undefined,
          {
            headers: { 'access-control-allow-origin': '*' },
          },
        );
      }
      return reply
        .headers({
          'content-type': contentTypeOf(path),
          'content-length': String(file.size),
          'access-control-allow-origin': '*',
          'cross-origin-resource-policy': 'cross-origin',
          'x-content-type-options': 'nosniff',
        })
        .send(file.stream);
    },
  });
}
