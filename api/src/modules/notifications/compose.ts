import { paths, type TLocale } from '@dash/shared/contracts';
import {
  kybDecisionMail,
  offRampApprovalMail,
  providerMessageMail,
  safeSignatureMail,
  transferOutcomeMail,
} from '../mail/index';
import type { NotificationEvent } from './events';

type Rendered = ReturnType<typeof kybDecisionMail>;

/** The mail of an event, in one language, with a link to what it is about. */
export function composeMail(
  event: NotificationEvent,
  locale: TLocale,
  organization: { name: string; slug: string },
  publicUrl: string,
): Rendered {
  const organizationName = organization.name;
  switch (event.type) {
    case 'transfer.approval_requested':
    case 'transfer.approval_decided': {
      const decided = event.type === 'transfer.approval_decided';
      return offRampApprovalMail(locale, {
        kind: decided ? event.decision : 'requested',
        organizationName,
        amount: event.amount,
        beneficiary: event.beneficiary,
        creator: event.creator,
        actor: decided ? event.actor : event.creator,
        note: decided ? event.note : null,
        link: `${publicUrl}${paths.org.rails.transaction(organization.slug, event.transferUid)}`,
      });
    }
    case 'transfer.finished':
      return transferOutcomeMail(locale, {
        outcome: event.outcome,
        type: event.transferType,
        organizationName,
        amount: event.amount,
        reason: event.reason,
        link: `${publicUrl}${paths.org.rails.transaction(organization.slug, event.transferUid)}`,
      });
    case 'safe_transaction.proposed':
      return safeSignatureMail(locale, {
        organizationName,
        nonce: event.nonce,
        transfer: event.transfer,
        link: `${publicUrl}${paths.org.wallet.transaction(organization.slug, event.safeTxHash)}`,
      });
    case 'kyb.decided':
      return kybDecisionMail(locale, {
        organizationName,
        decision: event.decision,
        note: event.note,
        link: `${publicUrl}${paths.org.kyb(organization.slug)}`,
      });
    case 'message.received':
      return providerMessageMail(locale, {
        organizationName,
        provider: event.provider,
        conversation: event.conversation,
        snippet: event.snippet,
        link: `${publicUrl}${paths.org.messageThread(organization.slug, event.threadUid)}`,
      });
  }
}
