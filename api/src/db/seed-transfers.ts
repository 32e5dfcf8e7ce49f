import { randomBytes } from 'node:crypto';
import type { TTransferStatus } from '@dash/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { makeQuote, makeTransfer } from '../../sandbox-provider/transfers';
import { postPending, settle } from '../modules/transfers/ledger';
import { transitionPath } from '../modules/transfers/state';
import type { Database } from './client';
import {
  bankBeneficiaries,
  providerAccounts,
  providers,
  quotes,
  registeredWallets,
  transferEvents,
  transfers,
} from './schema';

interface SeedTransfer {
  provider: 'Transfero' | 'Bitso';
  type: 'on_ramp' | 'off_ramp' | 'deposit';
  currency: 'BRL' | 'MXN';
  network: 'polygon-amoy' | 'arbitrum-sepolia';
  amount: string;
  status: TTransferStatus;
  daysAgo: number;
  reason?: string;
}

/** A history in every state (the demo's /rails/transactions), oldest first. */
const HISTORY: SeedTransfer[] = [
  {
    provider: 'Transfero',
    type: 'deposit',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '25000.00',
    status: 'completed',
    daysAgo: 30,
  },
  {
    provider: 'Transfero',
    type: 'on_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '12500.00',
    status: 'completed',
    daysAgo: 21,
  },
  {
    provider: 'Bitso',
    type: 'on_ramp',
    currency: 'MXN',
    network: 'arbitrum-sepolia',
    amount: '180000.00',
    status: 'completed',
    daysAgo: 18,
  },
  {
    provider: 'Transfero',
    type: 'off_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '4800',
    status: 'completed',
    daysAgo: 14,
  },
  {
    provider: 'Transfero',
    type: 'off_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '950',
    status: 'returned',
    daysAgo: 12,
    reason: 'The receiving account is closed.',
  },
  {
    provider: 'Transfero',
    type: 'off_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '300',
    status: 'failed',
    daysAgo: 9,
    reason: 'The Pix key does not exist at the receiving bank.',
  },
  {
    provider: 'Transfero',
    type: 'on_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '700.00',
    status: 'canceled',
    daysAgo: 7,
    reason: 'No funds arrived before the deadline.',
  },
  {
    provider: 'Bitso',
    type: 'off_ramp',
    currency: 'MXN',
    network: 'arbitrum-sepolia',
    amount: '2500',
    status: 'payment_submitted',
    daysAgo: 3,
  },
  {
    provider: 'Transfero',
    type: 'off_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '1200',
    status: 'funds_received',
    daysAgo: 2,
  },
  {
    provider: 'Transfero',
    type: 'off_ramp',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '60000',
    status: 'awaiting_approval',
    daysAgo: 1,
  },
  {
    provider: 'Transfero',
    type: 'deposit',
    currency: 'BRL',
    network: 'polygon-amoy',
    amount: '1500.00',
    status: 'awaiting_funds',
    daysAgo: 0,
  },
];

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The demo organization's Active Transfero account (the sandbox's) and a
 * history of transfers in every state, each with its quote, timeline and ledger lines written by
 * the same ledger code the API uses. Once: skipped when the organization has transfers.
 */
export async function seedTransfers(
  db: Database,
  organizationUid: string,
  userUid: string,
): Promise<{ accounts: number; transfers: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(providers)
      .where(inArray(providers.name, ['Transfero', 'Bitso']));
    const byName = new Map(rows.map((row) => [row.name, row]));
    // Transfero is Active for the demo (rails and /deposit use it); Bitso is left to onboard through
    // Open Stable (the sandbox approves it in seconds), so both flows can be tried.
    for (const provider of rows.filter((row) => row.name === 'Transfero')) {
      await tx
        .insert(providerAccounts)
        .values({
          organizationUid,
          providerUid: provider.uid,
          status: 'Active',
          externalId: `onb_seed_${provider.adapterAccount}`,
        })
        .onConflictDoUpdate({
          target: [providerAccounts.organizationUid, providerAccounts.providerUid],
          set: { status: 'Active' },
        });
    }
    const [existing] = await tx
      .select({ uid: transfers.uid })
      .from(transfers)
      .where(eq(transfers.organizationUid, organizationUid))
      .limit(1);
    if (existing || rows.length < 2) return { accounts: 1, transfers: 0 };

    const wallets = await tx
      .select()
      .from(registeredWallets)
      .where(eq(registeredWallets.organizationUid, organizationUid));
    const [pix] = await tx
      .select()
      .from(bankBeneficiaries)
      .where(
        and(eq(bankBeneficiaries.organizationUid, organizationUid), eq(bankBeneficiaries.type, 'PixKey')),
      )
      .limit(1);
    const [clabe] = await tx
      .select()
      .from(bankBeneficiaries)
      .where(and(eq(bankBeneficiaries.organizationUid, organizationUid), eq(bankBeneficiaries.type, 'Clabe')))
      .limit(1);

    let written = 0;
    for (const entry of HISTORY) {
      const provider = byName.get(entry.provider);
      const wallet = wallets.find((candidate) => candidate.network === entry.network);
      const beneficiary = entry.currency === 'BRL' ? pix : clabe;
      if (!provider || !wallet || !beneficiary) continue;
      const at = new Date(Date.now() - entry.daysAgo * 86_400_000 - 3_600_000);
      const quoteType = entry.type === 'off_ramp' ? 'off_ramp' : 'on_ramp';
      const sandboxQuote = makeQuote(
        provider.adapterAccount ?? 'transfero',
        { type: quoteType, currency: entry.currency, network: entry.network, amount: entry.amount },
        900,
        at,
      );
      const sandboxTransfer = makeTransfer(
        provider.adapterAccount ?? 'transfero',
        sandboxQuote,
        { externalReference: 'seed' },
        at,
      );
      const amounts = {
        network: entry.network,
        fiatCurrency: entry.currency,
        sourceCurrency: sandboxQuote.sourceCurrency,
        sourceAmount: sandboxQuote.sourceAmount,
        targetCurrency: sandboxQuote.targetCurrency,
        targetAmount: sandboxQuote.targetAmount,
        rate: sandboxQuote.rate,
        fee: sandboxQuote.fee,
        feeCurrency: sandboxQuote.feeCurrency,
      };
      const [quote] = await tx
        .insert(quotes)
        .values({
          organizationUid,
          providerUid: provider.uid,
          type: quoteType,
          externalId: sandboxQuote.id,
          expiresAt: new Date(sandboxQuote.expiresAt),
          createdBy: userUid,
          createdAt: at,
          ...amounts,
        })
        .returning();
      if (!quote) continue;
      const first = entry.status === 'awaiting_approval' ? 'awaiting_approval' : 'awaiting_funds';
      const counterparty =
        entry.type === 'off_ramp'
          ? {
              bankBeneficiaryUid: beneficiary.uid,
              beneficiaryName: beneficiary.name,
              beneficiaryAccountKey: beneficiary.accountKey,
              approvalRequired: entry.status === 'awaiting_approval',
              // Paid from the organization's registered wallet on the network, as a treasury does.
              walletUid: wallet.uid,
              walletName: wallet.name,
              walletAddress: wallet.address,
            }
          : { walletUid: wallet.uid, walletName: wallet.name, walletAddress: wallet.address };
      const [created] = await tx
        .insert(transfers)
        .values({
          organizationUid,
          providerUid: provider.uid,
          quoteUid: quote.uid,
          type: entry.type,
          status: first,
          createdBy: userUid,
          createdAt: at,
          updatedAt: at,
          ...(first === 'awaiting_funds'
            ? { externalId: sandboxTransfer.id, instructions: sandboxTransfer.instructions as never }
            : {}),
          ...amounts,
          ...counterparty,
        })
        .returning();
      if (!created) continue;
      await tx.update(quotes).set({ usedBy: created.uid }).where(eq(quotes.uid, quote.uid));
      await tx.insert(transferEvents).values({
        transferUid: created.uid,
        fromStatus: null,
        toStatus: first,
        source: 'user',
        createdAt: at,
      });
      await postPending(tx, created);
      let current = created;
      let minute = 0;
      for (const next of transitionPath(first, entry.status) ?? []) {
        minute += 7;
        const when = new Date(at.getTime() + minute * 60_000);
        const reason = ['failed', 'returned', 'canceled'].includes(next) ? (entry.reason ?? null) : null;
        await settle(tx, current, current.status, next);
        await tx.insert(transferEvents).values({
          transferUid: created.uid,
          fromStatus: current.status,
          toStatus: next,
          source: 'provider',
          note: reason,
          createdAt: when,
        });
        const [moved] = await tx
          .update(transfers)
          .set({
            status: next,
            updatedAt: when,
            ...(reason ? { failureReason: reason } : {}),
            ...(next === 'payment_submitted' && entry.type !== 'off_ramp' ? { txHash: `0x${hex(32)}` } : {}),
            ...(next === 'funds_received' && entry.type === 'off_ramp' ? { txHash: `0x${hex(32)}` } : {}),
            ...(next === 'payment_submitted' && entry.type === 'off_ramp'
              ? {
                  payoutReference:
                    entry.currency === 'BRL' ? `E${hex(15).toUpperCase()}` : `SPEI${hex(8).toUpperCase()}`,
                }
              : {}),
          })
          .where(eq(transfers.uid, created.uid))
          .returning();
        if (moved) current = moved;
      }
      written += 1;
    }
    return { accounts: 1, transfers: written };
  });
}
