import { type TFunction, wordIssue } from '@dash/shared';
import { ZPositiveAmount } from '@dash/shared/api';
import { type TTokenRecord, toBaseUnits } from '@dash/shared/contracts';

/** The "Send from the Safe" form's values, named as the API's fields (its field errors land on them). */
export interface TSendValues {
  symbol: string;
  /** As the contract takes it: a decimal string ("1234.56"), once read from what was typed. */
  amount: string;
  walletUid: string;
}

/**
 * The form's field errors in the reader's language (t of the wallet namespace): a token and a
 * recipient chosen, and a positive amount (the contracts' rule, ZPositiveAmount) with no more decimal
 * places than the token has (toBaseUnits, the one conversion to the chain's units).
 */
export function sendFormErrors(
  values: TSendValues,
  tokens: readonly TTokenRecord[],
  t: TFunction,
): Partial<Record<keyof TSendValues, string>> {
  const errors: Partial<Record<keyof TSendValues, string>> = {};
  const token = tokens.find((candidate) => candidate.symbol === values.symbol);
  if (!token) errors.symbol = t('send.tokenRequired');
  if (!values.walletUid) errors.walletUid = t('send.recipientRequired');
  const amount = ZPositiveAmount.safeParse(values.amount);
  const issue = amount.success ? undefined : amount.error.issues[0];
  if (issue) errors.amount = wordIssue(issue);
  else if (amount.success && token) {
    try {
      toBaseUnits(amount.data, token.decimals);
    } catch {
      errors.amount = t('send.decimals', { symbol: token.symbol, count: token.decimals });
    }
  }
  return errors;
}
