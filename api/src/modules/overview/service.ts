import { OVERVIEW_LATEST_TRANSACTIONS, OVERVIEW_VOLUME_DAYS, type TOverview } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import type { OrganizationContext } from '../../http/guards';
import { signaturesAwaitedFrom } from '../safe-transactions/index';
import { latestTransfers } from '../transfers/index';
import {
  approvalsWaitingFor,
  balances,
  checklistFacts,
  invitationsTo,
  kybOf,
  providerAccountsOf,
  unreadConversations,
  volume,
  walletOf,
} from './repo';

export type OverviewService = ReturnType<typeof createOverviewService>;

const DAY_MS = 86_400_000;

/** The first UTC midnight of the volume window (today and the 29 days before it). */
export function volumeWindow(now: Date): { since: Date; from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (OVERVIEW_VOLUME_DAYS - 1) * DAY_MS);
  return { since, from: since.toISOString().slice(0, 10), to: new Date(today).toISOString().slice(0, 10) };
}

/** The organization overview: read-only figures, each from where it is kept (balances from the ledger). */
export function createOverviewService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  return {
    async get({ user, organization }: OrganizationContext): Promise<TOverview> {
      const at = now();
      const window = volumeWindow(at);
      // One snapshot, so the balances, the latest transactions and the volume agree with each other.
      return db.transaction(
        async (tx) => {
          const kyb = await kybOf(tx, organization.uid);
          const providerAccounts = await providerAccountsOf(tx, organization.uid);
          const wallet = await walletOf(tx, organization.uid);
          const balanceRows = await balances(tx, organization.uid);
          const approvals =
            organization.role === 'Viewer' ? 0 : await approvalsWaitingFor(tx, organization.uid, user.uid);
          const unread = await unreadConversations(tx, organization.uid, user.uid);
          const signatures = await signaturesAwaitedFrom(tx, organization.uid, user.uid);
          const invitations = await invitationsTo(tx, user.email);
          const latest = await latestTransfers(tx, organization.uid, OVERVIEW_LATEST_TRANSACTIONS);
          const points = await volume(tx, organization.uid, window.from);
          const facts = await checklistFacts(tx, organization.uid);
          return {
            kyb,
            providerAccounts,
            wallet,
            balances: balanceRows,
            waiting: { approvals, signatures, unreadConversations: unread, invitations },
            latestTransactions: latest,
            volume: { from: window.from, to: window.to, points },
            checklist: {
              kybApproved: organization.approvalStatus === 'Approved',
              providerAccountActive: providerAccounts.some((account) => account.status === 'Active'),
              walletRegistered: facts.walletRegistered,
              firstDeposit: facts.firstDeposit,
              teammateInvited: facts.teammateInvited,
            },
            hasTransfers: facts.hasTransfers,
            generatedAt: at.toISOString(),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
