import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  codedMessage,
  ZCreateOrganizationRequest,
  ZDeleteOrganizationRequest,
  ZOrganizationResponse,
  ZUid,
  ZUpdateOrganizationRequest,
} from '@dash/shared/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import {
  ORGANIZATION_IN_PATH_ACCESS,
  organizationGuard,
  requireOrganizationByUid,
  requireUser,
} from '../../http/guards';
import { documentRoute } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import type { OrganizationService } from './service';

export function registerOrganizationRoutes(
  app: FastifyInstance,
  deps: { organizations: OrganizationService },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organization',
    guard: organizationGuard('organization.read'),
    response: ZOrganizationResponse,
    async handler({ auth }) {
      return { data: auth.organization };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organization',
    messageCodes: ['messages.slugTaken'],
    status: 201,
    guard: requireUser,
    body: ZCreateOrganizationRequest,
    response: ZOrganizationResponse,
    async handler({ auth, body }) {
      return { data: await deps.organizations.create(auth, body) };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/organization',
    messageCodes: ['messages.slugTaken'],
    guard: organizationGuard('organization.update'),
    body: ZUpdateOrganizationRequest,
    response: ZOrganizationResponse,
    async handler({ auth, body }) {
      return { data: await deps.organizations.update(auth.organization, auth.user, body) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/organization',
    guard: organizationGuard('organization.delete'),
    body: ZDeleteOrganizationRequest,
    response: null,
    async handler({ auth, body }) {
      await deps.organizations.delete(auth.organization, auth.user, body.slug);
    },
  });

  // An <img> cannot send the organization header, so the organization is in the path; members only.
  documentRoute(app, {
    method: 'GET',
    url: '/organization-avatars/:organizationUid',
    messageCodes: ['messages.avatarNotFound'],
    summary: "The organization's avatar image (members only)",
    access: ORGANIZATION_IN_PATH_ACCESS,
    responses: { 200: { contentType: 'image/*', description: 'PNG, JPEG or WebP' } },
  });
  app.get('/organization-avatars/:organizationUid', async (request, reply) => {
    const { organizationUid } = request.params as { organizationUid: string };
    const uid = ZUid.safeParse(organizationUid);
    if (!uid.success) {
      await requireUser(request);
      throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
    }
    await requireOrganizationByUid(request, uid.data, 'organization.read');
    const avatar = await deps.organizations.avatar(uid.data);
    return reply
      .header('content-type', avatar.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(avatar.bytes);
  });
}

/** The one file of an avatar upload, read into memory (it is at most 2 MB). */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      codedMessage('messages.avatarMultipart', { field: AVATAR_FIELD }),
      {
        [AVATAR_FIELD]: codedMessage('messages.avatarMultipart', { field: AVATAR_FIELD }),
      },
    );
  }
  const missing = () =>
    new AppError('VALIDATION', codedMessage('messages.avatarMissing'), {
      [AVATAR_FIELD]: codedMessage('messages.avatarMissing'),
    });
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.avatarTooLarge'), {
      [AVATAR_FIELD]: codedMessage('messages.avatarTooLarge'),
    });
  try {
    const part = await request.file();
    if (!part || part.fieldname !== AVATAR_FIELD) throw missing();
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw missing();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_'))
      throw new AppError('VALIDATION', codedMessage('messages.avatarMultipart', { field: AVATAR_FIELD }));
    throw error;
  }
}

/**
 * POST organization/avatar, in its own plugin scope: only this route parses multipart bodies, and
 * only up to the avatar limit; everything else stays JSON with the app's 1 MiB limit.
 */
export async function registerOrganizationAvatarRoutes(
  app: FastifyInstance,
  deps: { organizations: OrganizationService },
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organization/avatar',
    messageCodes: [
      'messages.avatarType',
      'messages.avatarMissing',
      'messages.avatarTooLarge',
      'messages.avatarMultipart',
    ],
    guard: organizationGuard('organization.update'),
    response: ZOrganizationResponse,
    async handler({ auth, request }) {
      const bytes = await readAvatarUpload(request);
      return { data: await deps.organizations.setAvatar(auth.organization, auth.user, bytes) };
    },
  });
}
