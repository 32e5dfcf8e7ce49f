import type { Readable } from 'node:stream';
import {
  type TPermission,
  type TUploadPurpose,
  ZCreateUploadRequest,
  ZCreateUploadResponse,
  ZUploadedFileResponse,
  ZUploadParams,
  ZUploadQuery,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import {
  ORGANIZATION_ACCESS,
  ORGANIZATION_IN_PATH_ACCESS,
  requireCaller,
  requireOrganization,
  requireOrganizationByUid,
} from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { UploadService } from './service';

const purposeOf = (body: unknown): TUploadPurpose =>
  typeof body === 'object' && body !== null && 'purpose' in body && body.purpose === 'document'
    ? 'document'
    : 'attachment';

/** Reply attachments need messages.reply; organization documents need documents.upload. */
const uploadPermission = (purpose: TUploadPurpose): TPermission =>
  purpose === 'document' ? 'documents.upload' : 'messages.reply';

/**
 * POST uploads (JSON, org header) and PUT uploads/{tempFileId}?token=… (the file as the body, any
 * content type: checked against the token), in their own plugin scope so only the PUT takes raw
 * bodies, streamed past the app's JSON parser and its 1 MiB limit.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadService },
): Promise<void> {
  defineRoute(app, {
    method: 'POST',
    url: '/uploads',
    messageCodes: [
      'messages.deniedDocumentsUpload',
      'messages.deniedMessagesReply',
      'messages.documentTooLarge',
      'messages.fileTooLarge',
      'messages.documentType',
    ],
    status: 201,
    // Who may upload depends on what for: read before the body is parsed (the guard runs first).
    guard: (request) => requireOrganization(request, uploadPermission(purposeOf(request.body))),
    access: ORGANIZATION_ACCESS,
    body: ZCreateUploadRequest,
    response: ZCreateUploadResponse,
    async handler({ auth, body }) {
      return {
        data: await deps.uploads.create(
          { organizationUid: auth.organization.uid, userUid: auth.user.uid },
          body,
        ),
      };
    },
  });

  await app.register(async (scope) => {
    // The body stays a stream: the service reads it (the JSON parser must not touch a file).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    defineRoute(scope, {
      method: 'PUT',
      url: '/uploads/:tempFileId',
      messageCodes: [
        'messages.deniedMessagesReply',
        'messages.fileContentMismatch',
        'messages.uploadLinkInvalid',
        'messages.uploadLinkUsed',
        'messages.uploadLinkExpired',
        'messages.deniedDocumentsUpload',
        'messages.fileSizeMismatch',
        'messages.fileEmpty',
      ],
      // The link first (no database), then who sends it: the signed-in user named by the token,
      // still allowed to upload in that organization.
      access: { ...ORGANIZATION_IN_PATH_ACCESS, errors: [...ORGANIZATION_IN_PATH_ACCESS.errors, 'GONE'] },
      guard: async (request) => {
        await requireCaller(request);
        const params = ZUploadParams.safeParse(request.params);
        const query = ZUploadQuery.safeParse(request.query);
        const claims = deps.uploads.verify(
          params.success ? params.data.tempFileId : '',
          query.success ? query.data.token : '',
        );
        const context = await requireOrganizationByUid(
          request,
          claims.organizationUid,
          uploadPermission(claims.purpose),
        );
        return { ...context, claims };
      },
      params: ZUploadParams,
      response: ZUploadedFileResponse,
      async handler({ auth, request }) {
        return {
          data: await deps.uploads.receive(auth.claims, {
            userUid: auth.user.uid,
            contentType: request.headers['content-type'],
            contentLength: request.headers['content-length'],
            body: (request.body as Readable | undefined) ?? request.raw,
          }),
        };
      },
    });
  });
}
