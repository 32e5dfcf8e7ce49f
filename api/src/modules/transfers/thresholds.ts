import type { OrganizationContext } from '../../http/guards';
import { recordAudit, userActor } from '../audit/index';
import type { TransferDeps } from './deps';
import { findOrganizationThreshold, setOrganizationThreshold, trim } from './repo';

// The organization's off-ramp approval threshold (GET and PUT rails/settings): an off-ramp worth
// more than it waits for a second member. Setting it is audited with its value before and after.

export async function getApprovalThreshold(deps: TransferDeps, context: OrganizationContext) {
  const threshold = await findOrganizationThreshold(deps.db, context.organization.uid);
  return { offRampApprovalThreshold: threshold === null ? null : trim(threshold) };
}

export async function setApprovalThreshold(
  deps: TransferDeps,
  context: OrganizationContext,
  threshold: string | null,
) {
  const saved = await deps.db.transaction(async (tx) => {
    const before = await findOrganizationThreshold(tx, context.organization.uid);
    await setOrganizationThreshold(tx, context.organization.uid, threshold);
    // As the database keeps it (numeric): the answer and the record say what GET will say.
    const after = await findOrganizationThreshold(tx, context.organization.uid);
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'organization.off_ramp_approval_threshold_changed',
      subjectType: 'organization',
      subjectUid: context.organization.uid,
      from: before,
      to: after,
    });
    return after;
  });
  return { offRampApprovalThreshold: saved === null ? null : trim(saved) };
}
