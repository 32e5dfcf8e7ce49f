import { createHash } from 'node:crypto';
import {
  API_PREFIX,
  AVATAR_MAX_BYTES,
  codedMessage,
  english,
  sniffAvatarType,
  type TCreateOrganizationRequest,
  type TOrganization,
  type TUpdateOrganizationRequest,
  type TUser,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { isUniqueViolation, retryOnConflict } from '../../db/errors';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import {
  deleteOrganization,
  findOrganizationAvatar,
  insertOrganizationWithAdmin,
  lockOrganizationRow,
  prepareFindOrganizationForMember,
  saveOrganizationAvatar,
  toOrganization,
  updateOrganization,
} from './repo';

/** Where an organization's avatar is served; the version changes with the image, so caches never go stale. */
export function avatarUrl(organizationUid: string, bytes: Buffer): string {
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return `${API_PREFIX}/organization-avatars/${organizationUid}?v=${version}`;
}

export const AVATAR_NOT_FOUND_MESSAGE = english('messages.avatarNotFound');

export const SLUG_TAKEN_MESSAGE = english('messages.slugTaken');

function slugTaken(cause?: unknown): AppError {
  return new AppError(
    'CONFLICT',
    codedMessage('messages.slugTaken'),
    { slug: codedMessage('messages.slugTaken') },
    { cause },
  );
}

const SUBJECT = 'organization';

export type OrganizationService = ReturnType<typeof createOrganizationService>;

export function createOrganizationService({ db }: { db: Database }) {
  const findOrganizationForMember = prepareFindOrganizationForMember(db);
  return {
    async findForMember(organizationUid: string, userUid: string): Promise<TOrganization | null> {
      return (await findOrganizationForMember(organizationUid, userUid)) ?? null;
    },

    /** A new organization starts Pending, with its creator as Admin. */
    async create(user: TUser, input: TCreateOrganizationRequest): Promise<TOrganization> {
      try {
        return await db.transaction(async (tx) => {
          const organization = await insertOrganizationWithAdmin(tx, input, user.uid);
          if (!organization) throw slugTaken();
          await recordAudit(tx, {
            organizationUid: organization.uid,
            actor: userActor(user),
            action: 'organization.created',
            subjectType: SUBJECT,
            subjectUid: organization.uid,
            data: { name: organization.name, slug: organization.slug },
          });
          return organization;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_slug_unique')) throw slugTaken(error);
        throw error;
      }
    },

    async update(
      current: TOrganization,
      user: TUser,
      changes: TUpdateOrganizationRequest,
    ): Promise<TOrganization> {
      try {
        // Two organizations swapping slugs wait on each other's unique index entry: PostgreSQL
        // rolls one back as a deadlock, and that one simply runs again.
        return await retryOnConflict(() =>
          db.transaction(async (tx) => {
            const before = await lockOrganizationRow(tx, current.uid);
            // Deleted between the membership check and this write.
            if (!before) throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
            const changed: Record<string, { from: string; to: string }> = {};
            if (changes.name !== undefined && changes.name !== before.name)
              changed.name = { from: before.name, to: changes.name };
            if (changes.slug !== undefined && changes.slug !== before.slug)
              changed.slug = { from: before.slug, to: changes.slug };
            if (Object.keys(changed).length === 0) return toOrganization(before, current.role);
            const updated = await updateOrganization(tx, current.uid, changes);
            if (!updated) throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
            await recordAudit(tx, {
              organizationUid: current.uid,
              actor: userActor(user),
              action: 'organization.updated',
              subjectType: SUBJECT,
              subjectUid: current.uid,
              data: changed,
            });
            return toOrganization(updated, current.role);
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_slug_unique')) throw slugTaken(error);
        throw error;
      }
    },

    /** The slug, typed again by the caller, confirms which organization goes. */
    async delete(current: TOrganization, user: TUser, confirmation: string): Promise<void> {
      if (confirmation !== current.slug) {
        throw new AppError('VALIDATION', codedMessage('messages.deleteConfirmation'), {
          slug: codedMessage('messages.deleteConfirmation'),
        });
      }
      await db.transaction(async (tx) => {
        if (!(await deleteOrganization(tx, current.uid))) {
          throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
        }
        // The record outlives the organization (no foreign key).
        await recordAudit(tx, {
          organizationUid: current.uid,
          actor: userActor(user),
          action: 'organization.deleted',
          subjectType: SUBJECT,
          subjectUid: current.uid,
          data: { name: current.name, slug: current.slug },
        });
      });
    },

    /** PNG, JPEG or WebP (told by the bytes, not the file name), at most 2 MB. */
    async setAvatar(current: TOrganization, user: TUser, bytes: Buffer): Promise<TOrganization> {
      if (bytes.length > AVATAR_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.avatarTooLarge'), {
          avatar: codedMessage('messages.avatarTooLarge'),
        });
      }
      const contentType = sniffAvatarType(bytes);
      if (!contentType) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', codedMessage('messages.avatarType'), {
          avatar: codedMessage('messages.avatarType'),
        });
      }
      return db.transaction(async (tx) => {
        const updated = await saveOrganizationAvatar(tx, current.uid, {
          contentType,
          bytes,
          url: avatarUrl(current.uid, bytes),
        });
        if (!updated) throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
        await recordAudit(tx, {
          organizationUid: current.uid,
          actor: userActor(user),
          action: 'organization.avatar_changed',
          subjectType: SUBJECT,
          subjectUid: current.uid,
          data: { avatar: { from: current.avatar, to: updated.avatar } },
        });
        return toOrganization(updated, current.role);
      });
    },

    async avatar(organizationUid: string): Promise<{ contentType: string; bytes: Buffer }> {
      const avatar = await findOrganizationAvatar(db, organizationUid);
      if (!avatar) throw new AppError('NOT_FOUND', codedMessage('messages.avatarNotFound'));
      return avatar;
    },
  };
}
