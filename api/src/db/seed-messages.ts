import { eq, sql } from 'drizzle-orm';
import type { InboundService } from '../modules/messages/inbound';
import { type ComposedMail, composeMail, composePlainMail } from '../modules/messages/mime';
import { findMessageByMessageId } from '../modules/messages/repo';
import type { Database } from './client';
import { providerAddresses, providers } from './schema';

/** The demo providers: name, logo (null: the UI shows initials) and the addresses they write from. */
export const DEMO_PROVIDERS = [
  { name: 'Transfero', imageUrl: null, addresses: ['ops@transfero.example', 'compliance@transfero.example'] },
  { name: 'Bitso', imageUrl: null, addresses: ['support@bitso.example'] },
  { name: 'Circle', imageUrl: null, addresses: ['treasury@circle.example'] },
] as const;

/** The Message-ID domain of seeded mail; ids are fixed, so seeding again stores nothing twice. */
const SEED_ID = (name: string) => `${name}@seed.dash.example`;

/** A tiny valid PDF and PNG, as a provider would attach them. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function ensureProviders(db: Database): Promise<void> {
  for (const provider of DEMO_PROVIDERS) {
    const [known] = await db
      .select({ uid: providerAddresses.providerUid })
      .from(providerAddresses)
      .where(eq(providerAddresses.address, provider.addresses[0]));
    if (known) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(providers)
        .values({ name: provider.name, imageUrl: provider.imageUrl })
        .returning({ uid: providers.uid });
      if (!row) throw new Error('Seeding providers failed');
      await tx
        .insert(providerAddresses)
        .values(provider.addresses.map((address) => ({ address, providerUid: row.uid })))
        .onConflictDoNothing();
    });
  }
}

export interface SeedMessagesResult {
  stored: number;
  skipped: number;
  ms: number;
}

/**
 * The demo conversations of an organization, fed as real MIME through the inbound service (the
 * path mail from outside takes): an invoice with a PDF and an image, a compliance thread with CC
 * recipients, a short back-and-forth, and one long thread of `longThreadMessages` messages.
 */
export async function seedMessages(
  db: Database,
  inbound: InboundService,
  options: { organizationUid: string; mailbox: string; longThreadMessages: number; now?: Date },
): Promise<SeedMessagesResult> {
  const started = performance.now();
  await ensureProviders(db);
  const now = options.now ?? new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  let stored = 0;
  let skipped = 0;

  const send = async (mail: ComposedMail) => {
    const deliveries = await inbound.receive(await composeMail(mail), {
      recipients: [options.mailbox],
      via: 'seed',
    });
    for (const delivery of deliveries) {
      if (delivery.status === 'stored') stored += 1;
      else skipped += 1;
    }
  };
  const seen = async (name: string) =>
    (await findMessageByMessageId(db, options.organizationUid, SEED_ID(name))) !== undefined;

  const to = options.mailbox;
  const mails: ComposedMail[] = [
    {
      from: 'Transfero Operations <ops@transfero.example>',
      to,
      subject: 'Invoice for October',
      text: 'Hello,\n\nplease find attached the invoice for October and the signed transfer receipt.\n\nBest regards,\nTransfero Operations',
      messageId: SEED_ID('invoice-october'),
      date: minutesAgo(60 * 26),
      attachments: [
        { filename: 'invoice-2026-10.pdf', contentType: 'application/pdf', content: PDF },
        { filename: 'receipt.png', contentType: 'image/png', content: PNG },
      ],
    },
    {
      from: 'Bitso Support <support@bitso.example>',
      to,
      cc: ['compliance@bitso.example', 'legal@acme-treasury.example'],
      subject: 'Quarterly compliance review',
      text: 'Hi Acme team,\n\nour quarterly compliance review is due. Could you confirm the beneficial owners listed in your file are still current?\n\nThanks,\nBitso Support',
      messageId: SEED_ID('compliance-review'),
      date: minutesAgo(60 * 5),
    },
    {
      from: 'Transfero Compliance <compliance@transfero.example>',
      to,
      subject: 'Payout delayed',
      text: 'The BRL payout scheduled for today is delayed by the bank. We expect the settlement tomorrow morning.',
      messageId: SEED_ID('payout-1'),
      date: minutesAgo(180),
    },
    {
      from: 'Transfero Compliance <compliance@transfero.example>',
      to,
      subject: 'Re: Payout delayed',
      text: 'Update: the settlement went through. The funds should arrive within the hour.',
      messageId: SEED_ID('payout-2'),
      inReplyTo: SEED_ID('payout-1'),
      references: [SEED_ID('payout-1')],
      date: minutesAgo(45),
    },
  ];
  for (const mail of mails) {
    if (await seen(mail.messageId as string)) skipped += 1;
    else await send(mail);
  }

  // The long thread: USDC settlement reports, each In-Reply-To the previous one, stored in batches
  // (one transaction each) through the same inbound path.
  const count = options.longThreadMessages;
  if (count > 0 && !(await seen(SEED_ID(`usdc-${count}`)))) {
    const first = SEED_ID('usdc-1');
    const BATCH = 500;
    for (let start = 1; start <= count; start += BATCH) {
      const raws: Buffer[] = [];
      for (let index = start; index < Math.min(count + 1, start + BATCH); index += 1) {
        raws.push(
          await composePlainMail({
            from: 'Circle Treasury <treasury@circle.example>',
            to,
            subject: index === 1 ? 'USDC settlement report' : 'Re: USDC settlement report',
            text: `Settlement report #${index}: ${(index * 1250).toLocaleString('en-US')}.00 USDC settled to the Acme Treasury wallet on Arbitrum. Reference ACME-${String(index).padStart(5, '0')}.`,
            messageId: SEED_ID(`usdc-${index}`),
            ...(index > 1
              ? { inReplyTo: SEED_ID(`usdc-${index - 1}`), references: [first, SEED_ID(`usdc-${index - 1}`)] }
              : {}),
            // Oldest first, one every 10 minutes, ending 20 minutes ago.
            date: minutesAgo(20 + (count - index) * 10),
          }),
        );
      }
      for (const delivery of await inbound.receiveMany(raws, {
        recipients: [options.mailbox],
        via: 'seed',
      })) {
        if (delivery.status === 'stored') stored += 1;
        else skipped += 1;
      }
    }
  } else if (count > 0) skipped += count;

  // Fresh statistics, so the planner walks the long thread's index instead of sorting all of it.
  if (stored > 0) await db.execute(sql`analyze messages, threads, attachments`);
  return { stored, skipped, ms: Math.round(performance.now() - started) };
}
