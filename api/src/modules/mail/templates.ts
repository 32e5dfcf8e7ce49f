import {
  EMAIL_CHANGE_TTL_MINUTES,
  INVITATION_TTL_DAYS,
  type TLocale,
  type TRole,
} from '@dash/shared/contracts';
import en from './locales/en.json';
import esMX from './locales/es-MX.json';
import ptBR from './locales/pt-BR.json';
import { escapeHtml } from './service';

/**
 * Every mail the product writes, in the recipient's language (issue 14). English is the source of
 * truth; the other languages translate it key for key (a unit test checks every locales folder).
 */
type MailMessages = typeof en;
const MESSAGES: Record<TLocale, MailMessages> = { en, 'es-MX': esMX, 'pt-BR': ptBR };

export const SIGN_IN_TTL_MINUTES = 15;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** `{{name}}` placeholders filled in; a missing value is a bug in the template, not a blank. */
function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Mail template value ${name} is missing`);
    return String(value);
  });
}

type Paragraph = string | { link: string };

/** Greeting, paragraphs and links as plain text (lines with blank lines between) and as HTML. */
function render(locale: TLocale, subject: string, paragraphs: Paragraph[]): RenderedMail {
  const all: Paragraph[] = [MESSAGES[locale].greeting, ...paragraphs];
  const text = `${all.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n')}\n`;
  const html = all
    .map((p) => {
      if (typeof p === 'string') return `<p>${escapeHtml(p)}</p>`;
      const href = escapeHtml(p.link);
      return `<p><a href="${href}">${href}</a></p>`;
    })
    .join('\n');
  return { subject, text, html };
}

export function signInMail(locale: TLocale, link: string): RenderedMail {
  const words = MESSAGES[locale].signIn;
  return render(locale, words.subject, [
    words.intro,
    { link },
    fill(words.expiry, { minutes: SIGN_IN_TTL_MINUTES }),
  ]);
}

export function emailChangeMail(locale: TLocale, link: string): RenderedMail {
  const words = MESSAGES[locale].emailChange;
  return render(locale, words.subject, [
    words.intro,
    { link },
    fill(words.expiry, { minutes: EMAIL_CHANGE_TTL_MINUTES }),
  ]);
}

/** To the previous address once a change is confirmed. */
export function emailChangedMail(locale: TLocale, newEmail: string): RenderedMail {
  const words = MESSAGES[locale].emailChanged;
  return render(locale, words.subject, [fill(words.body, { email: newEmail })]);
}

export function invitationMail(
  locale: TLocale,
  input: { organizationName: string; inviter: string; role: TRole; link: string },
): RenderedMail {
  const words = MESSAGES[locale].invitation;
  const values = {
    organization: input.organizationName,
    inviter: input.inviter,
    role: MESSAGES[locale].roles[input.role],
    days: INVITATION_TTL_DAYS,
  };
  return render(locale, fill(words.subject, values), [
    fill(words.body, values),
    words.intro,
    { link: input.link },
    fill(words.expiry, values),
  ]);
}

export type KybDecision = 'Approved' | 'Rejected' | 'ChangesRequested';

/** The decision mail to an Admin: the decision, the reason or note, and a link to the KYB page. */
export function kybDecisionMail(
  locale: TLocale,
  input: { organizationName: string; decision: KybDecision; note: string | null; link: string },
): RenderedMail {
  const all = MESSAGES[locale].kybDecision;
  const words: { subject: string; headline: string; note?: string } = all[input.decision];
  const values = { organization: input.organizationName, note: input.note ?? '' };
  return render(locale, fill(words.subject, values), [
    fill(words.headline, values),
    ...(words.note && input.note ? [fill(words.note, values)] : []),
    all.open,
    { link: input.link },
  ]);
}

export type OffRampApprovalMail = 'requested' | 'approved' | 'rejected';

/**
 * The two-person approval of an off-ramp: to the members who may decide (requested), and to its
 * creator once another member decided (approved, rejected with the reason if one was given).
 * Amounts are the exact decimal and its currency, as the ledger has them.
 */
export function offRampApprovalMail(
  locale: TLocale,
  input: {
    kind: OffRampApprovalMail;
    organizationName: string;
    amount: string;
    beneficiary: string;
    creator: string;
    actor: string;
    note: string | null;
    link: string;
  },
): RenderedMail {
  const all = MESSAGES[locale].offRampApproval;
  const words: { subject: string; headline: string; note?: string } = all[input.kind];
  const values = {
    organization: input.organizationName,
    amount: input.amount,
    beneficiary: input.beneficiary,
    creator: input.creator,
    actor: input.actor,
    note: input.note ?? '',
  };
  return render(locale, fill(words.subject, values), [
    fill(words.headline, values),
    ...(words.note && input.note ? [fill(words.note, values)] : []),
    all.open,
    { link: input.link },
  ]);
}

/** A Safe transaction waits for the recipient's signature (one mail per owner and transaction). */
export function safeSignatureMail(
  locale: TLocale,
  input: {
    organizationName: string;
    nonce: number;
    /** A transfer's amount (with its token) and recipient; null for a rejection. */
    transfer: { amount: string; recipient: string } | null;
    link: string;
  },
): RenderedMail {
  const words = MESSAGES[locale].safeSignature;
  const what = input.transfer
    ? fill(words.transfer, input.transfer)
    : fill(words.rejection, { nonce: input.nonce });
  const values = { what, organization: input.organizationName, nonce: input.nonce };
  return render(locale, fill(words.subject, values), [
    fill(words.headline, values),
    words.open,
    { link: input.link },
  ]);
}

export type TransferOutcome = 'completed' | 'failed' | 'returned';

/**
 * A transfer its creator (or, when no member created it, the organization's Admins) asked about
 * reached its end: completed, failed (with the reason when there is one) or returned.
 */
export function transferOutcomeMail(
  locale: TLocale,
  input: {
    outcome: TransferOutcome;
    type: 'on_ramp' | 'off_ramp' | 'deposit';
    organizationName: string;
    amount: string;
    reason: string | null;
    link: string;
  },
): RenderedMail {
  const all = MESSAGES[locale].transferOutcome;
  const words: { subject: string; headline: string; note?: string } = all[input.outcome];
  const values = {
    organization: input.organizationName,
    amount: input.amount,
    transfer: all.types[input.type],
    note: input.reason ?? '',
  };
  return render(locale, fill(words.subject, values), [
    fill(words.headline, values),
    ...(words.note && input.reason ? [fill(words.note, values)] : []),
    all.open,
    { link: input.link },
    MESSAGES[locale].notificationFooter,
  ]);
}

/** A provider wrote in a conversation the recipient started or wrote in. */
export function providerMessageMail(
  locale: TLocale,
  input: { organizationName: string; provider: string; conversation: string; snippet: string; link: string },
): RenderedMail {
  const words = MESSAGES[locale].providerMessage;
  const values = {
    organization: input.organizationName,
    provider: input.provider,
    conversation: input.conversation,
  };
  return render(locale, fill(words.subject, values), [
    fill(words.headline, values),
    ...(input.snippet ? [input.snippet] : []),
    words.open,
    { link: input.link },
    MESSAGES[locale].notificationFooter,
  ]);
}

/** To each Admin when an endpoint was disabled after its deliveries failed for a whole retry schedule. */
export function webhookDisabledMail(
  locale: TLocale,
  input: { organizationName: string; url: string; link: string },
): RenderedMail {
  const words = MESSAGES[locale].webhookDisabled;
  const values = { organization: input.organizationName, url: input.url };
  return render(locale, fill(words.subject, values), [
    fill(words.headline, values),
    words.next,
    { link: input.link },
  ]);
}
