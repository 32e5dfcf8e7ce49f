import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { AppError } from '../../http/errors';
import { emptyTestDatabase } from '../../test/database';
import { fakeBuild, writeShellManifest } from '../../test/releases';
import { tempDir } from '../../test/temp-dir';
import { FilePinLog } from './pins';
import { organizationDirectory } from './repo';
import { createReleaseService, type OrganizationDirectory } from './service';
import { FileSystemReleaseStore } from './store';

async function newService(options: { organizations?: OrganizationDirectory } = {}) {
  const dir = await tempDir();
  const shellManifestPath = await writeShellManifest(join(dir, 'shell'));
  const service = createReleaseService({
    store: new FileSystemReleaseStore(join(dir, 'releases'), 'http://localhost:3001/releases'),
    pins: new FilePinLog(join(dir, 'pins')),
    config: { environment: 'production', remoteOrigins: ['http://localhost:3001'], shellManifestPath },
    via: 'cli',
    ...options,
  });
  const publish = (version: string) =>
    service.publish({ remote: 'remote-wallet', files: fakeBuild({ version }), by: 'ana@acme.mx' });
  return { dir, service, publish, shellDir: join(dir, 'shell') };
}

const change = { remote: 'remote-wallet' as const, by: 'ana@acme.mx' };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('overlapping canaries', () => {
  it('record what the organizations were served before, and what they get after a rollback', async () => {
    const { service, publish } = await newService();
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await publish(version);
    await service.pin({ ...change, version: '1.0.0' });
    await service.pin({ ...change, version: '1.1.0', organizations: ['acme-treasury', 'globex'] });

    const second = await service.pin({ ...change, version: '1.2.0', organizations: ['acme-treasury'] });
    expect(second.entry).toMatchObject({ version: '1.2.0', previousVersion: '1.1.0' });
    expect(second.entry).not.toHaveProperty('previousVersions');

    const rolledBack = await service.rollback(change);
    expect(rolledBack.entry).toMatchObject({
      action: 'rollback',
      version: '1.1.0',
      previousVersion: '1.2.0',
      organizations: ['acme-treasury'],
    });
    expect((await service.servedReleases('acme-treasury')).get('remote-wallet')?.version).toBe('1.1.0');

    // A writer that saw seq 3 is told the truth about what the rollback did.
    const stale = await refusal(service.pin({ ...change, version: '1.0.0', expectedSeq: 3 }));
    expect(stale.message).toMatch(
      /^remote-wallet changed since you looked: it was rolled back for acme-treasury to 1\.1\.0 /,
    );
  });

  it('record each organization when they were on different versions', async () => {
    const { service, publish } = await newService();
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await publish(version);
    await service.pin({ ...change, version: '1.0.0' });
    await service.pin({ ...change, version: '1.1.0', organizations: ['acme-treasury'] });

    const pinned = await service.pin({
      ...change,
      version: '1.2.0',
      organizations: ['acme-treasury', 'globex'],
    });
    // A tie: the first slug's version sums it up; previousVersions has the exact record.
    expect(pinned.entry).toMatchObject({
      previousVersion: '1.1.0',
      previousVersions: { 'acme-treasury': '1.1.0', globex: '1.0.0' },
    });

    const rolledBack = await service.rollback(change);
    expect(rolledBack.entry).toMatchObject({
      version: '1.1.0',
      versions: { 'acme-treasury': '1.1.0', globex: '1.0.0' },
    });
  });
});

describe('canaries name organizations that exist', () => {
  it('refuses unknown slugs, naming them, and pins nothing', async () => {
    const database = await emptyTestDatabase();
    await database.db.insert(organizations).values({ name: 'Globex', slug: 'globex' });
    const { service, publish } = await newService({ organizations: organizationDirectory(database.db) });
    await publish('1.1.0');

    const refused = await refusal(
      service.pin({ ...change, version: '1.1.0', organizations: ['globex', 'no-such-org', 'zzz'] }),
    );
    expect(refused).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message:
        'There are no organizations "no-such-org", "zzz", so nothing was pinned. A canary names organizations by their slug (as in /org/<slug>/…).',
    });
    expect((await service.status()).remotes.find((remote) => remote.remote === 'remote-wallet')?.seq).toBe(0);

    const pinned = await service.pin({ ...change, version: '1.1.0', organizations: ['globex'] });
    expect(pinned.changed).toBe(true);
  });
});

describe('rollback and the compatibility gate', () => {
  it('words a refusal as a rollback', async () => {
    const { service, publish, shellDir } = await newService();
    await publish('1.0.0');
    await publish('1.1.0');
    await service.pin({ ...change, version: '1.0.0' });
    await service.pin({ ...change, version: '1.1.0' });
    // The shell was redeployed with a React the releases were not built for.
    await writeShellManifest(shellDir, { react: '20.0.0', 'react-dom': '19.3.1', '@mantine/core': '9.7.3' });

    const refused = await refusal(service.rollback(change));

    expect(refused.message).toBe(
      'remote-wallet cannot be rolled back to 1.0.0 in production: the shell cannot run that release any more.\n' +
        '  - react: the release requires ^19.2.0, the shell provides 20.0.0\n' +
        'Pin a version the shell can run instead, or roll back anyway with --force (force: true), which the history records.',
    );
  });
});
