export { findLocaleOfEmail, listOutboxMails } from './repo';
export { createMailer, createOutboxMailer, escapeHtml, type Mailer, type OutgoingMail } from './service';
export {
  emailChangedMail,
  emailChangeMail,
  invitationMail,
  type KybDecision,
  kybDecisionMail,
  offRampApprovalMail,
  providerMessageMail,
  safeSignatureMail,
  signInMail,
  type TransferOutcome,
  transferOutcomeMail,
  webhookDisabledMail,
} from './templates';
