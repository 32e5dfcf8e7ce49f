import {
  codedMessage,
  KYB_EDITABLE_STATUSES,
  missingDocuments,
  opsDocumentDownloadPath,
  requiredDocuments,
  type TApprovalStatus,
  type TKybApplication,
  type TKybApplicationData,
  type TKybDraft,
  type TKybQueueItem,
  type TKybReview,
  type TKybStatus,
  type TKybTimelineEntry,
  type TOrganization,
  type TOrganizationEvent,
  type TUser,
  ZKybApplicationData,
} from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError, validationError } from '../../http/errors';
import type { JobRunner } from '../../jobs/runner';
import { type AuditActor, auditTrail, recordAudit, userActor } from '../audit/index';
import { listDocuments, toDocument } from '../documents/index';
import type { KybDecision } from '../mail/index';
import { notify } from '../notifications/index';
import {
  decideSubmittedApplication,
  findApplication,
  findOrganization,
  type KybApplicationRow,
  listApplications,
  lockOrCreateApplication,
  setApprovalStatus,
  updateApplication,
} from './repo';

/** The audit record's subject type of an application (its uid is the application row's). */
export const KYB_SUBJECT = 'kyb_application';

/** approvalStatus follows the application: Approved and Rejected show, anything else is Pending. */
function approvalStatusOf(status: TKybStatus): TApprovalStatus {
  if (status === 'Approved') return 'Approved';
  if (status === 'Rejected') return 'Rejected';
  return 'Pending';
}

const ACTION_OF: Record<TKybStatus, string> = {
  NotStarted: 'kyb.not_started',
  Draft: 'kyb.draft_saved',
  Submitted: 'kyb.submitted',
  Approved: 'kyb.approved',
  Rejected: 'kyb.rejected',
  ChangesRequested: 'kyb.changes_requested',
};

function toApplication(row: KybApplicationRow | undefined): TKybApplication {
  if (!row) {
    return {
      status: 'NotStarted',
      data: {},
      decisionNote: null,
      submittedAt: null,
      decidedAt: null,
      updatedAt: null,
    };
  }
  return {
    status: row.status,
    data: row.data,
    decisionNote: row.decisionNote,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    updatedAt: row.status === 'NotStarted' ? null : row.updatedAt.toISOString(),
  };
}

export type KybService = ReturnType<typeof createKybService>;

/** The operator actor for a signed-in operator (the CLI uses { kind: 'operator', email: 'cli' }). */
export function operatorActor(user: { uid: string; email: string }): AuditActor {
  return { kind: 'operator', email: user.email, userUid: user.uid };
}

/**
 * The KYB application of an organization and its review. Rules: Admins and Editors edit while it is
 * NotStarted, Draft or ChangesRequested (editing a ChangesRequested one makes it a Draft again);
 * Admins submit a complete one with its required documents; operators decide a Submitted one once.
 * Every state change is an audit record in the same transaction, and moves approvalStatus with it.
 */
export function createKybService(deps: {
  db: Database;
  events: EventBus;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** Called after a commit that changed approvalStatus, before the event goes out (read cache). */
  onApprovalChanged?: () => void;
}) {
  const { db, log } = deps;

  async function publish(organizationUid: string, event: TOrganizationEvent): Promise<void> {
    try {
      await deps.events.publish(organizationUid, event);
    } catch (error) {
      log.error({ err: error, organizationUid, event }, 'Publishing an event failed');
    }
  }

  async function afterChange(organizationUid: string): Promise<void> {
    deps.onApprovalChanged?.();
    await publish(organizationUid, { type: 'kyb.updated' });
  }

  async function timelineOf(
    organizationUid: string,
    row: KybApplicationRow | undefined,
  ): Promise<TKybTimelineEntry[]> {
    if (!row) return [];
    const records = await auditTrail(db, { organizationUid, subjectType: KYB_SUBJECT, subjectUid: row.uid });
    return records.map((record) => ({
      actor: record.actor,
      action: record.action,
      from: record.from,
      to: record.to,
      note: record.note,
      at: record.at,
    }));
  }

  async function decide(
    actor: AuditActor,
    organizationUid: string,
    decision: KybDecision,
    note: string | null,
  ): Promise<TKybApplication> {
    const row = await db.transaction(async (tx) => {
      const decided = await decideSubmittedApplication(tx, organizationUid, { status: decision, note });
      if (!decided) {
        const existing = await findApplication(tx, organizationUid);
        if (!existing || !(await findOrganization(tx, organizationUid))) {
          throw new AppError('NOT_FOUND', codedMessage('messages.kybNotFound'));
        }
        throw new AppError('CONFLICT', codedMessage('messages.kybNotSubmitted'));
      }
      await setApprovalStatus(tx, organizationUid, approvalStatusOf(decision));
      await recordAudit(tx, {
        organizationUid,
        actor,
        action: ACTION_OF[decision],
        subjectType: KYB_SUBJECT,
        subjectUid: decided.uid,
        from: 'Submitted',
        to: decision,
        note,
      });
      // The Admins are told, in their language (the notifications module, after the commit).
      await notify(tx, {
        type: 'kyb.decided',
        organizationUid,
        applicationUid: decided.uid,
        version: decided.version,
        decision,
        note,
      });
      return decided;
    });
    deps.jobs.wake();
    await afterChange(organizationUid);
    return toApplication(row);
  }

  return {
    async get(organizationUid: string): Promise<TKybApplication> {
      return toApplication(await findApplication(db, organizationUid));
    },

    async timeline(organizationUid: string): Promise<TKybTimelineEntry[]> {
      return timelineOf(organizationUid, await findApplication(db, organizationUid));
    },

    /** Saves the draft (Admins, Editors): 409 once submitted; a ChangesRequested one becomes a Draft. */
    async saveDraft(
      context: { user: TUser; organization: TOrganization },
      data: TKybDraft,
    ): Promise<TKybApplication> {
      const organizationUid = context.organization.uid;
      const row = await db.transaction(async (tx) => {
        const current = await lockOrCreateApplication(tx, organizationUid);
        if (!KYB_EDITABLE_STATUSES.includes(current.status)) {
          throw new AppError('CONFLICT', codedMessage('messages.kybNotEditable'));
        }
        const saved = await updateApplication(tx, current.uid, { status: 'Draft', data });
        await recordAudit(tx, {
          organizationUid,
          actor: userActor(context.user),
          action: ACTION_OF.Draft,
          subjectType: KYB_SUBJECT,
          subjectUid: current.uid,
          from: current.status,
          to: 'Draft',
        });
        if (current.status === 'ChangesRequested') await setApprovalStatus(tx, organizationUid, 'Pending');
        return { saved, changedState: current.status !== 'Draft' };
      });
      if (row.changedState) await afterChange(organizationUid);
      return toApplication(row.saved);
    },

    /**
     * Submits (Admins): the saved data must be complete (400 with every field's message) and the
     * required documents uploaded (400 naming each missing one).
     */
    async submit(context: { user: TUser; organization: TOrganization }): Promise<TKybApplication> {
      const organizationUid = context.organization.uid;
      const row = await db.transaction(async (tx) => {
        const current = await lockOrCreateApplication(tx, organizationUid);
        if (current.status === 'Submitted')
          throw new AppError('CONFLICT', codedMessage('messages.kybAlreadySubmitted'));
        if (!KYB_EDITABLE_STATUSES.includes(current.status)) {
          throw new AppError('CONFLICT', codedMessage('messages.kybNotEditable'));
        }
        const complete = ZKybApplicationData.safeParse(current.data);
        if (!complete.success) {
          throw new AppError(
            'VALIDATION',
            codedMessage('messages.kybSubmitIncomplete'),
            validationError(complete.error).fieldCodes,
          );
        }
        const documents = await listDocuments(tx, organizationUid);
        const missing = missingDocuments(requiredDocuments(complete.data), documents);
        if (missing.length > 0) {
          throw new AppError(
            'VALIDATION',
            codedMessage('messages.kybDocumentsMissing'),
            Object.fromEntries(
              missing.map((need) => [
                `documents.${need.kind}${need.ownerId ? `.${need.ownerId}` : ''}`,
                need.uploadMessage,
              ]),
            ),
          );
        }
        const submitted = await updateApplication(tx, current.uid, {
          status: 'Submitted',
          data: complete.data,
          decisionNote: null,
          submittedAt: new Date(),
          submittedByUserUid: context.user.uid,
          decidedAt: null,
        });
        await setApprovalStatus(tx, organizationUid, 'Pending');
        await recordAudit(tx, {
          organizationUid,
          actor: userActor(context.user),
          action: ACTION_OF.Submitted,
          subjectType: KYB_SUBJECT,
          subjectUid: current.uid,
          from: current.status,
          to: 'Submitted',
        });
        return submitted;
      });
      await afterChange(organizationUid);
      return toApplication(row);
    },

    approve: (actor: AuditActor, organizationUid: string) => decide(actor, organizationUid, 'Approved', null),
    reject: (actor: AuditActor, organizationUid: string, reason: string) =>
      decide(actor, organizationUid, 'Rejected', reason),
    requestChanges: (actor: AuditActor, organizationUid: string, note: string) =>
      decide(actor, organizationUid, 'ChangesRequested', note),

    /** The review queue: submitted applications, oldest first. */
    async queue(statuses: readonly TKybStatus[] = ['Submitted']): Promise<TKybQueueItem[]> {
      const rows = await listApplications(db, statuses);
      return rows.map((row) => ({
        organizationUid: row.organizationUid,
        organizationName: row.organizationName,
        organizationSlug: row.organizationSlug,
        legalName: row.data.legalName ?? null,
        status: row.status,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        submittedBy: row.submittedBy,
      }));
    },

    /** One application as an operator sees it: data, documents (operators' links) and timeline. */
    async review(organizationUid: string): Promise<TKybReview> {
      const organization = await findOrganization(db, organizationUid);
      if (!organization) throw new AppError('NOT_FOUND', codedMessage('messages.kybNotFound'));
      const row = await findApplication(db, organizationUid);
      const documents = await listDocuments(db, organizationUid);
      return {
        organization,
        application: toApplication(row),
        documents: documents.map((document) => toDocument(document, opsDocumentDownloadPath)),
        timeline: await timelineOf(organizationUid, row),
      };
    },

    /**
     * The data of the organization's Approved application, else null: what provider onboarding
     * sends to a provider.
     */
    async approvedApplication(organizationUid: string): Promise<TKybApplicationData | null> {
      const row = await findApplication(db, organizationUid);
      if (row?.status !== 'Approved') return null;
      const parsed = ZKybApplicationData.safeParse(row.data);
      return parsed.success ? parsed.data : null;
    },
  };
}
