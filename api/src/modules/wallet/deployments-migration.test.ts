import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { emptyDatabase, migrateFrom, migrationsBefore } from '../../test/migration-replay';

// Migration 0031_wallet_deployments: the one deployment each wallet had becomes its first network's
// row of wallet_deployments; the configuration stays on the wallet; an undeployed wallet gets none.

const MIGRATION = '0031_wallet_deployments';

describe(`migration ${MIGRATION}`, () => {
  it('moves each requested wallet’s deployment to its first network’s row, losing nothing', async () => {
    const database = await emptyDatabase();
    await migrateFrom(database, migrationsBefore(MIGRATION));

    const org = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    for (const n of [1, 2, 3]) {
      await database.db.execute(
        sql`insert into organizations (uid, name, slug) values (${org(n)}, ${`Org ${n}`}, ${`org-${n}`})`,
      );
    }
    await database.db.execute(sql`
      insert into wallets (organization_uid, status, chain_id, address, owners, threshold, salt_nonce,
        proxy_factory, singleton, fallback_handler, deploy_attempt, tx_hash, tx_nonce, raw_tx, error,
        requested_at, deployed_at)
      values
        (${org(1)}, 'deployed', 421614, '0xAbc', '["0x01"]', 1, '7', '0xf', '0xs', '0xh', 2, '0xhash', 5,
          '0xraw', null, '2026-01-01T00:00:00Z', '2026-01-01T00:00:09Z'),
        (${org(2)}, 'failed', 421614, '0xDef', '["0x02"]', 1, '8', '0xf', '0xs', '0xh', 1, null, null,
          null, 'The chain refused the deployment: GS000', '2026-01-02T00:00:00Z', null),
        (${org(3)}, 'undeployed', null, null, null, null, null, null, null, null, 0, null, null, null,
          null, null, null)`);

    await migrate(database);

    const deployments = await database.db.execute(sql`
      select organization_uid, chain_id, status, address, deploy_attempt, tx_hash, tx_nonce, raw_tx,
        error, requested_at::text, deployed_at::text from wallet_deployments order by organization_uid`);
    expect(deployments.rows).toEqual([
      {
        organization_uid: org(1),
        chain_id: 421614,
        status: 'deployed',
        address: '0xAbc',
        deploy_attempt: 2,
        tx_hash: '0xhash',
        tx_nonce: 5,
        raw_tx: '0xraw',
        error: null,
        requested_at: '2026-01-01 00:00:00+00',
        deployed_at: '2026-01-01 00:00:09+00',
      },
      {
        organization_uid: org(2),
        chain_id: 421614,
        status: 'failed',
        address: '0xDef',
        deploy_attempt: 1,
        tx_hash: null,
        tx_nonce: null,
        raw_tx: null,
        error: 'The chain refused the deployment: GS000',
        requested_at: '2026-01-02 00:00:00+00',
        deployed_at: null,
      },
    ]);
    const configs = await database.db.execute(sql`
      select organization_uid, chain_id, address, owners, threshold, salt_nonce from wallets
      order by organization_uid`);
    expect(configs.rows).toEqual([
      {
        organization_uid: org(1),
        chain_id: 421614,
        address: '0xAbc',
        owners: ['0x01'],
        threshold: 1,
        salt_nonce: '7',
      },
      {
        organization_uid: org(2),
        chain_id: 421614,
        address: '0xDef',
        owners: ['0x02'],
        threshold: 1,
        salt_nonce: '8',
      },
      {
        organization_uid: org(3),
        chain_id: null,
        address: null,
        owners: null,
        threshold: null,
        salt_nonce: null,
      },
    ]);
  });
});
