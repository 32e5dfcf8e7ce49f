import '../i18n';
import { formatAmount, ROLES, type TFunction, transferNoteMessage, useT } from '@dash/shared';
import {
  AUDIT_ACTIONS,
  BANK_BENEFICIARY_TYPES,
  formatFileSize,
  KYB_STATUSES,
  NETWORKS,
  PIX_KEY_TYPES,
  PROVIDER_ACCOUNT_STATUSES,
  TRANSFER_EVENT_SOURCES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  WALLET_STATUSES,
} from '@dash/shared/api';
import { useMemo } from 'react';
import { STATE_MOVE, show, type TChangeWords } from '../describe-change';

/** A message when there is one, else the fallback (a code this page does not know yet). */
function labelOr(t: TFunction, key: string, fallback: string): string {
  const label = t(key);
  return label === key ? fallback : label;
}

/** One of the codes (the shared enums name every code the API records). */
const among = (codes: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && codes.includes(value);

/** The fields that record an amount (a decimal string, as `numeric` gives it: '150.25000000'). */
const AMOUNT_FIELDS = new Set(['amount', 'sourceAmount', 'targetAmount', 'threshold']);
const DECIMAL = /^\d+(\.\d+)?$/;

/** How recordAudit labels a provider's changes: `provider:<uid>`. */
export const PROVIDER_ACTOR = 'provider:';

/** A recorded field's name as written by the API (camelCase), never a path into the messages. */
const FIELD_NAME = /^\w+$/;

/** What an object in a record stands for: a signer's e-mail, a requirement's text, an owner's address. */
function objectWord(value: object): string | null {
  for (const key of ['email', 'description', 'address', 'userUid'] as const) {
    const word = (value as Record<string, unknown>)[key];
    if (typeof word === 'string' && word !== '') return word;
  }
  return null;
}

/**
 * The log's codes in the reader's words: actions, subject types, and the changes' fields and values.
 * The codes are those recordAudit writes (api/src/modules/<domain>/service.ts): a subject's states
 * (from → to) and the fields of its `data`. A code or field this page does not know shows as written.
 */
export function useAuditWords() {
  const { t, locale } = useT('audit');
  const { t: common } = useT('common');
  const { t: settings } = useT('settings');
  return useMemo(() => {
    const action = (code: string) => labelOr(t, `actions.${code}`, code);

    /** A state of the subject's own state machine, or null when it is not one. */
    const state = (subjectType: string, value: unknown): string | null => {
      switch (subjectType) {
        // A member's role before it changed or they left; the role an invitation gave.
        case 'member':
        case 'invitation':
          return among(ROLES, value) ? common(`roles.${value}`) : null;
        case 'kyb_application':
          return among(KYB_STATUSES, value) ? labelOr(settings, `kyb.status.${value}`, value) : null;
        case 'transfer':
          return among(TRANSFER_STATUSES, value) ? labelOr(t, `states.transfer.${value}`, value) : null;
        case 'provider_account':
          return among(PROVIDER_ACCOUNT_STATUSES, value)
            ? labelOr(t, `states.providerAccount.${value}`, value)
            : null;
        case 'wallet':
          return among(WALLET_STATUSES, value) ? labelOr(t, `states.wallet.${value}`, value) : null;
        // An organization's only from → to: its off-ramp approval threshold before and after (as
        // numeric keeps it, or as typed in records written before the API answered that way).
        case 'organization':
          return typeof value === 'string' && DECIMAL.test(value) ? formatAmount(value, locale) : null;
        default:
          return null;
      }
    };

    /** A field's value in words, or null when it has none (shown as written). */
    const fieldValue = (key: string, value: unknown): string | null => {
      if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
      // As money is written in the reader's language: '150.25000000' is "150,25" in pt-BR, '100' "100,00".
      if (AMOUNT_FIELDS.has(key) && typeof value === 'string' && DECIMAL.test(value))
        return formatAmount(value, locale);
      if (key === 'role' && among(ROLES, value)) return common(`roles.${value}`);
      if (key === 'kind' && typeof value === 'string')
        return labelOr(settings, `documentKinds.${value}`, value);
      if (key === 'byteSize' && typeof value === 'number') return formatFileSize(value, locale);
      // A transfer's type, or a bank beneficiary's.
      if (key === 'type' && among(TRANSFER_TYPES, value))
        return labelOr(t, `values.transferType.${value}`, value);
      if (key === 'type' && among(BANK_BENEFICIARY_TYPES, value))
        return labelOr(t, `values.beneficiaryType.${value}`, value);
      if (key === 'pixKeyType' && among(PIX_KEY_TYPES, value))
        return labelOr(t, `values.pixKeyType.${value}`, value);
      if (key === 'source' && among(TRANSFER_EVENT_SOURCES, value))
        return labelOr(t, `values.source.${value}`, value);
      if (key === 'network') return NETWORKS.find((network) => network.id === value)?.name ?? null;
      if (Array.isArray(value))
        return value.length === 0 ? '—' : value.map((item) => fieldValue(key, item) ?? show(item)).join(', ');
      if (typeof value === 'object' && value !== null) return objectWord(value);
      return null;
    };

    const change: TChangeWords = {
      field: (key) => (FIELD_NAME.test(key) ? labelOr(t, `fields.${key}`, key) : key),
      value: (key, value, subjectType) =>
        (key === STATE_MOVE ? state(subjectType, value) : fieldValue(key, value)) ?? show(value),
      // A member's decision on a transfer (approved_by, canceled_by, rejected_by, with its actor) or the
      // API's own reason for failing it (provider_unavailable, provider_refused with the provider's
      // words as its reason, provider_unreachable: no actor), as its timeline words it.
      note: (code, params) => (FIELD_NAME.test(code) ? transferNoteMessage(t, code, params) : null),
    };
    /**
     * Who made a change, as recordAudit labels them: a member's e-mail as it is, the system, an
     * operator, or a provider by name (`provider:<uid>`; its uid while the catalogue has no name for it).
     */
    const actor = (label: string, providerName: (uid: string) => string | undefined) => {
      if (label === 'system') return t('actors.system');
      if (label.startsWith('operator:'))
        return t('actors.operator', { email: label.slice('operator:'.length) });
      if (label.startsWith(PROVIDER_ACTOR)) {
        const name = providerName(label.slice(PROVIDER_ACTOR.length));
        return name ? t('actors.provider', { name }) : label;
      }
      return label;
    };
    return {
      action,
      actor,
      subject: (type: string) => labelOr(t, `subjects.${type}`, type),
      change,
      actionOptions: AUDIT_ACTIONS.map((code) => ({ value: code, label: action(code) })),
    };
  }, [t, common, settings, locale]);
}
