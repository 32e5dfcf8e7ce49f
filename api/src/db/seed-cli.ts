import Fastify from 'fastify';
import { createBlobStore } from '../blobs/store';
import { createChains } from '../chain/index';
import { ConfigError, loadConfig } from '../config';
import { createInProcessEventBus } from '../events/bus';
import { createInboundService } from '../modules/messages/inbound';
import { createDatabase } from './client';
import { migrate } from './migrate';
import { DEMO_ORGANIZATION, DEMO_SIGNING_DEVICE, DEMO_USER, seed } from './seed';
import { seedOnChain } from './seed-chain';
import { DEMO_OPERATOR, DEMO_REVIEW_ORGANIZATION, DEMO_REVIEW_USER, seedKyb } from './seed-kyb';
import { seedMessages } from './seed-messages';
import { seedProviderCatalogue } from './seed-providers';
import { seedTransfers } from './seed-transfers';

try {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    // Seeding needs the tables; migrating first makes this safe to run on a brand-new database.
    await migrate(database);
    const { organizationUid, userUid } = await seed(database.db);
    console.log(
      `Seeded (${database.kind}): ${DEMO_USER.email} is Admin of "${DEMO_ORGANIZATION.name}" (/${DEMO_ORGANIZATION.slug}), with the signing device "${DEMO_SIGNING_DEVICE.name}".`,
    );
    const blobs = await createBlobStore(config);
    const kyb = await seedKyb(database.db, blobs, { organizationUid, userUid, email: DEMO_USER.email });
    console.log(
      `Seeded KYB (${kyb.seeded} new applications): ${DEMO_OPERATOR.email} reviews (OPERATOR_EMAILS); "${DEMO_REVIEW_ORGANIZATION.name}" (${DEMO_REVIEW_USER.email}) waits at /ops/kyb.`,
    );
    const inbound = createInboundService({
      db: database.db,
      blobs,
      events: createInProcessEventBus(),
      config: config.messages,
      log: Fastify({ logger: false }).log,
    });
    const mailbox = `${DEMO_ORGANIZATION.slug}@${config.messages.clientMailDomain}`;
    if (config.seedLongThreadMessages > 0) {
      console.log(
        `Seeding the demo conversations (the long thread has ${config.seedLongThreadMessages} messages; once, skipped when present; SEED_LONG_THREAD_MESSAGES changes it)…`,
      );
    }
    const messages = await seedMessages(database.db, inbound, {
      organizationUid,
      mailbox,
      longThreadMessages: config.seedLongThreadMessages,
    });
    console.log(
      `Seeded messages to ${mailbox}: ${messages.stored} stored, ${messages.skipped} already there, in ${(messages.ms / 1000).toFixed(1)} s.`,
    );
    const catalogued = await seedProviderCatalogue(database.db);
    console.log(
      `Seeded the provider catalogue: ${catalogued} providers (Transfero and Bitso onboard through the sandbox provider).`,
    );
    const history = await seedTransfers(database.db, organizationUid, userUid);
    console.log(
      `Seeded rails: ${history.accounts} Active provider account (Transfero), ${history.transfers} transactions (in every state; once, skipped when present).`,
    );
    const onChain = await seedOnChain(database.db, createChains(config.chains), organizationUid);
    const skipped = Object.entries(onChain.skipped).map(([network, why]) => `${network}: ${why}`);
    console.log(
      `Seeded the dev chains: ${onChain.sent} token transfers so the seeded wallets hold what the ledger says${skipped.length > 0 ? `; skipped ${skipped.join('; ')}` : ''}.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
