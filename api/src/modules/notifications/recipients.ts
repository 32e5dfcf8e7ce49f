import { PERMISSIONS, type TRole } from '@dash/shared/contracts';
import { getAddress } from 'viem';
import type { Database } from '../../db/client';
import { listSigners } from '../wallet/index';
import { kindOf, type NotificationEvent } from './events';
import { isMember, listMembersToMail, type Member } from './repo';

/** Who may approve or reject an off-ramp: the roles that move money. */
const APPROVER_ROLES: readonly TRole[] = PERMISSIONS['rails.write'];
const ADMINS: readonly TRole[] = ['Admin'];

/**
 * Who is told of an event: members of its organization only, who did not switch its kind off.
 * - an approval request: every member who may approve, but the creator;
 * - an approval decision: the creator;
 * - a Safe transaction proposed: each member whose signing device holds one of its owner keys,
 *   but the proposer;
 * - a finished transfer: its creator, or the Admins when no member created it (or they left);
 * - a KYB decision: the Admins;
 * - a provider's message: the members who started the conversation or wrote in it.
 */
export async function recipientsOf(db: Database, event: NotificationEvent): Promise<Member[]> {
  const kind = kindOf(event);
  const members = (only: Parameters<typeof listMembersToMail>[3]) =>
    listMembersToMail(db, event.organizationUid, kind, only);
  switch (event.type) {
    case 'transfer.approval_requested':
      return (await members({ roles: APPROVER_ROLES })).filter((member) => member.uid !== event.creatorUid);
    case 'transfer.approval_decided':
      return event.creatorUid ? members({ userUids: [event.creatorUid] }) : [];
    case 'transfer.finished':
      // A creator who switched these off is still the one they concern: nobody else is told.
      if (event.creatorUid && (await isMember(db, event.organizationUid, event.creatorUid))) {
        return members({ userUids: [event.creatorUid] });
      }
      return members({ roles: ADMINS });
    case 'safe_transaction.proposed': {
      const owners = new Set(event.owners.map((owner) => getAddress(owner)));
      const signers = (await listSigners(db, event.organizationUid)).filter(
        (signer) =>
          signer.ethAddress !== null &&
          owners.has(getAddress(signer.ethAddress)) &&
          signer.uid !== event.proposedBy,
      );
      return members({ userUids: signers.map((signer) => signer.uid) });
    }
    case 'kyb.decided':
      return members({ roles: ADMINS });
    case 'message.received':
      return members({ userUids: event.participantUids });
  }
}
