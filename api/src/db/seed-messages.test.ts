import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { threadPage, threadsOf } from '../test/messages';
import { DEMO_ORGANIZATION, DEMO_USER, seed } from './seed';
import { seedMessages } from './seed-messages';

describe('seeded conversations', () => {
  it('feeds the demo mail through the inbound path once: attachments, CC, a reply chain and the long thread', async () => {
    const testApp = await createTestApp();
    const { organizationUid } = await seed(testApp.db);
    const mailbox = `${DEMO_ORGANIZATION.slug}@${testApp.config.messages.clientMailDomain}`;
    const options = { organizationUid, mailbox, longThreadMessages: 12 };

    const first = await seedMessages(testApp.db, testApp.app.inbound, options);
    expect(first).toMatchObject({ stored: 16, skipped: 0 });
    const again = await seedMessages(testApp.db, testApp.app.inbound, options);
    expect(again).toMatchObject({ stored: 0 });

    const cookie = await signIn(testApp.app, DEMO_USER.email);
    const list = await threadsOf(testApp.app, cookie, organizationUid);
    expect(list.data.map((thread) => [thread.name, thread.provider?.name, thread.messageCount])).toEqual([
      ['USDC settlement report', 'Circle', 12],
      ['Payout delayed', 'Transfero', 2],
      ['Quarterly compliance review', 'Bitso', 1],
      ['Invoice for October', 'Transfero', 1],
    ]);
    const invoice = await threadPage(testApp.app, cookie, organizationUid, list.data[3]?.uid ?? '');
    expect(invoice.data[0]?.attachments.map((file) => file.fileName)).toEqual([
      'invoice-2026-10.pdf',
      'receipt.png',
    ]);
    const review = await threadPage(testApp.app, cookie, organizationUid, list.data[2]?.uid ?? '');
    expect(review.data[0]?.cc).toEqual(['compliance@bitso.example', 'legal@acme-treasury.example']);
  });
});
