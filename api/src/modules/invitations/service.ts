import {
  codedMessage,
  INVITATION_TTL_DAYS,
  personName,
  type TCreateInvitationRequest,
  type TInvitation,
  type TLocale,
  type TMyInvitation,
  type TOrganization,
  type TUser,
} from '@dash/shared/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { findLocaleOfEmail, invitationMail, type Mailer } from '../mail/index';
import type { OrganizationService } from '../organization/index';
import {
  answerInvitation,
  findInvitation,
  findInvitationAddress,
  type InvitationRow,
  insertMembership,
  isMemberByEmail,
  listPendingInvitations,
  listPendingInvitationsFor,
  revokeInvitation,
  upsertInvitation,
} from './repo';

function toInvitation(row: InvitationRow): TInvitation {
  return { ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

const SUBJECT = 'invitation';

export type InvitationService = ReturnType<typeof createInvitationService>;

export function createInvitationService(deps: {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  organizations: Pick<OrganizationService, 'findForMember'>;
}) {
  const { db, mailer, config } = deps;

  /** Why an invitation cannot be answered: not this user's (404, nothing to learn) or no longer pending (410). */
  async function unanswerable(invitationUid: string, user: TUser): Promise<AppError> {
    const found = await findInvitationAddress(db, invitationUid);
    if (!found || found.email !== user.email)
      return new AppError('NOT_FOUND', codedMessage('messages.invitationNotFound'));
    return new AppError('GONE', codedMessage('messages.invitationGone'));
  }

  return {
    /**
     * Invites an address with a role and mails it a link. Inviting the same address again while the
     * invitation is open renews it (new role, 7 more days) and mails it again; a member is refused.
     */
    async create(
      organization: TOrganization,
      inviter: TUser,
      input: TCreateInvitationRequest,
      requestLocale: TLocale,
    ): Promise<TInvitation> {
      if (await isMemberByEmail(db, organization.uid, input.email)) {
        throw new AppError('CONFLICT', codedMessage('messages.alreadyMember'), {
          email: codedMessage('messages.alreadyMember'),
        });
      }
      const { uid } = await db.transaction(async (tx) => {
        const invitation = await upsertInvitation(tx, {
          organizationUid: organization.uid,
          email: input.email,
          role: input.role,
          invitedBy: inviter.uid,
          ttlDays: INVITATION_TTL_DAYS,
        });
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(inviter),
          action: 'invitation.sent',
          subjectType: SUBJECT,
          subjectUid: invitation.uid,
          data: { email: input.email, role: input.role },
        });
        return invitation;
      });
      // The invitee's language when they have an account; someone new gets the inviter's.
      const locale = (await findLocaleOfEmail(db, input.email)) ?? inviter.locale ?? requestLocale;
      await mailer.send({
        to: input.email,
        ...invitationMail(locale, {
          organizationName: organization.name,
          inviter: personName(inviter),
          role: input.role,
          link: `${config.publicUrl}/settings/invites`,
        }),
      });
      const invitation = await findInvitation(db, uid);
      if (!invitation) throw new Error('Invitation vanished after insert');
      return toInvitation(invitation);
    },

    async list(organization: TOrganization): Promise<TInvitation[]> {
      return (await listPendingInvitations(db, organization.uid)).map(toInvitation);
    },

    async revoke(organization: TOrganization, user: TUser, invitationUid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const revoked = await revokeInvitation(tx, organization.uid, invitationUid);
        if (!revoked) throw new AppError('NOT_FOUND', codedMessage('messages.invitationNotFound'));
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'invitation.revoked',
          subjectType: SUBJECT,
          subjectUid: invitationUid,
          data: { email: revoked.email, role: revoked.role },
        });
      });
    },

    /** The signed-in user's pending invitations: those addressed to their e-mail. */
    async listMine(user: TUser): Promise<TMyInvitation[]> {
      const rows = await listPendingInvitationsFor(db, user.email);
      return rows.map(({ email: _email, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /** Joins the organization with the invitation's role; the invitation is used up in the same transaction. */
    async accept(user: TUser, invitationUid: string): Promise<TOrganization> {
      const accepted = await db.transaction(async (tx) => {
        const invitation = await answerInvitation(tx, {
          invitationUid,
          email: user.email,
          answer: 'accepted',
        });
        if (invitation) {
          await insertMembership(tx, { ...invitation, userUid: user.uid });
          await recordAudit(tx, {
            organizationUid: invitation.organizationUid,
            actor: userActor(user),
            action: 'invitation.accepted',
            subjectType: SUBJECT,
            subjectUid: invitationUid,
            to: invitation.role,
            data: { email: user.email, role: invitation.role },
          });
        }
        return invitation;
      });
      if (!accepted) throw await unanswerable(invitationUid, user);
      const organization = await deps.organizations.findForMember(accepted.organizationUid, user.uid);
      if (!organization) throw new AppError('GONE', codedMessage('messages.invitationGone'));
      return organization;
    },

    async decline(user: TUser, invitationUid: string): Promise<void> {
      const declined = await db.transaction(async (tx) => {
        const invitation = await answerInvitation(tx, {
          invitationUid,
          email: user.email,
          answer: 'declined',
        });
        if (invitation) {
          await recordAudit(tx, {
            organizationUid: invitation.organizationUid,
            actor: userActor(user),
            action: 'invitation.declined',
            subjectType: SUBJECT,
            subjectUid: invitationUid,
            data: { email: user.email, role: invitation.role },
          });
        }
        return invitation;
      });
      if (!declined) throw await unanswerable(invitationUid, user);
    },
  };
}
