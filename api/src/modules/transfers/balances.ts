import type { TLedgerBalance } from '@dash/shared/contracts';
import type { OrganizationContext } from '../../http/guards';
import type { TransferDeps } from './deps';
import { ledgerBalances } from './ledger';

// The organization's ledger balances per account and currency, posted and pending (GET rails/balances).

export function balances(deps: TransferDeps, context: OrganizationContext): Promise<TLedgerBalance[]> {
  return ledgerBalances(deps.db, context.organization.uid);
}
