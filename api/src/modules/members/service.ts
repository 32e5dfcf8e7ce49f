import {
  can,
  codedMessage,
  PERMISSION_DENIED_CODE,
  type TOrganization,
  type TOrganizationUser,
  type TRole,
  type TUser,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { requestedWalletOwnerAddress } from '../wallet/index';
import {
  countAdmins,
  deleteMembership,
  findOrganizationUser,
  listOrganizationUsers,
  lockOrganization,
  updateMembershipRole,
} from './repo';

const SUBJECT = 'member';

/**
 * What the audit of a member who goes records: their e-mail, and the address they keep among the
 * owners of the organization's requested wallet, if any. Leaving does not block on it: access to the
 * dashboard ends now, while the Safe's owners change only on chain (the wallet page keeps showing
 * them, marked as no longer a member).
 */
async function departureData(tx: Database, organizationUid: string, member: TOrganizationUser) {
  const walletOwnerAddress = await requestedWalletOwnerAddress(tx, organizationUid, member.uid);
  return { email: member.email, ...(walletOwnerAddress ? { remainsWalletOwner: walletOwnerAddress } : {}) };
}

export type MemberService = ReturnType<typeof createMemberService>;

/** Members of an organization. The rule: every organization keeps at least one Admin. */
export function createMemberService({ db }: { db: Database }) {
  /**
   * Runs a change to one member with the organization locked, after checking that the change
   * does not take away its last Admin.
   */
  function changeMember<T>(
    organizationUid: string,
    userUid: string,
    nextRole: TRole | null,
    apply: (tx: Database, member: TOrganizationUser) => Promise<T>,
    /** Who asks, when it takes members.manage: their role is read again under the lock. */
    manager?: TUser,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      if (!(await lockOrganization(tx, organizationUid))) {
        throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
      }
      // The guard read the caller's role before this lock: another change may have demoted or
      // removed them since, and a change made on the strength of a role they no longer hold is refused.
      if (manager) {
        const current = await findOrganizationUser(tx, organizationUid, manager.uid);
        if (!current) throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
        if (!can(current.role, 'members.manage')) {
          throw new AppError('FORBIDDEN', codedMessage(PERMISSION_DENIED_CODE['members.manage']));
        }
      }
      const member = await findOrganizationUser(tx, organizationUid, userUid);
      if (!member) throw new AppError('NOT_FOUND', codedMessage('messages.memberNotFound'));
      const losesAdmin = member.role === 'Admin' && nextRole !== 'Admin';
      if (losesAdmin && (await countAdmins(tx, organizationUid)) <= 1) {
        throw new AppError('CONFLICT', codedMessage('messages.lastAdmin'));
      }
      return apply(tx, member);
    });
  }

  return {
    list(organization: TOrganization): Promise<TOrganizationUser[]> {
      return listOrganizationUsers(db, organization.uid);
    },

    changeRole(
      organization: TOrganization,
      actor: TUser,
      userUid: string,
      role: TRole,
    ): Promise<TOrganizationUser> {
      return changeMember(
        organization.uid,
        userUid,
        role,
        async (tx, member) => {
          if (member.role !== role) {
            await updateMembershipRole(tx, organization.uid, userUid, role);
            await recordAudit(tx, {
              organizationUid: organization.uid,
              actor: userActor(actor),
              action: 'member.role_changed',
              subjectType: SUBJECT,
              subjectUid: userUid,
              from: member.role,
              to: role,
              data: { email: member.email },
            });
          }
          return { ...member, role };
        },
        actor,
      );
    },

    remove(organization: TOrganization, actor: TUser, userUid: string): Promise<void> {
      return changeMember(
        organization.uid,
        userUid,
        null,
        async (tx, member) => {
          const data = await departureData(tx, organization.uid, member);
          await deleteMembership(tx, organization.uid, userUid);
          await recordAudit(tx, {
            organizationUid: organization.uid,
            actor: userActor(actor),
            action: 'member.removed',
            subjectType: SUBJECT,
            subjectUid: userUid,
            from: member.role,
            data,
          });
        },
        actor,
      );
    },

    /** Any member may leave; the last Admin first makes someone else Admin (or deletes the organization). */
    leave(organization: TOrganization, user: TUser): Promise<void> {
      return changeMember(organization.uid, user.uid, null, async (tx, member) => {
        const data = await departureData(tx, organization.uid, member);
        await deleteMembership(tx, organization.uid, user.uid);
        await recordAudit(tx, {
          organizationUid: organization.uid,
          actor: userActor(user),
          action: 'member.left',
          subjectType: SUBJECT,
          subjectUid: user.uid,
          from: member.role,
          data,
        });
      });
    },
  };
}
