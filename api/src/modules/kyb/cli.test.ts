import { KYB_NOT_SUBMITTED_MESSAGE, ZKybTimelineResponse, ZMailboxResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createOrganization, signInUser } from '../../test/factories';
import { call } from '../../test/http';
import { submitCompleteApplication } from '../../test/kyb';
import { runKybCli, UsageError } from './cli';

async function arrange() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const who = { cookie: admin.cookie, organization: organization.uid };
  await submitCompleteApplication(testApp.app, who);
  const lines: string[] = [];
  const run = (...argv: string[]) =>
    runKybCli(argv, { db: testApp.db, config: testApp.config, print: (line) => lines.push(line) });
  return { testApp, admin, organization, who, lines, run };
}

describe('pnpm ops kyb', () => {
  it('lists the queue and approves by slug with the same rules, audit and mail as the API', async () => {
    const { testApp, admin, organization, who, lines, run } = await arrange();

    expect(await run('kyb', 'list')).toBe(0);
    expect(lines.at(-1)).toContain(organization.slug);

    expect(await run('kyb', 'approve', organization.slug)).toBe(0);
    expect(lines.at(-1)).toBe(`${organization.slug}: Approved`);
    await expect(run('kyb', 'approve', organization.uid)).rejects.toThrow(KYB_NOT_SUBMITTED_MESSAGE);

    const timeline = ZKybTimelineResponse.parse(
      (await call(testApp.app, 'GET', '/kyb/timeline', who)).json(),
    ).data;
    expect(timeline.at(-1)).toMatchObject({ actor: 'operator:cli', to: 'Approved' });
    const mails = ZMailboxResponse.parse(
      (await call(testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(admin.email)}`)).json(),
    ).filter((mail) => mail.subject.startsWith('KYB application'));
    expect(mails.map((mail) => mail.subject)).toEqual([`KYB application approved: ${organization.name}`]);
  });

  it('requests changes as a named operator, and needs a note, a reason and a known operator', async () => {
    const { testApp, organization, who, run } = await arrange();
    await expect(run('kyb', 'reject', organization.slug)).rejects.toBeInstanceOf(UsageError);
    await expect(
      run('kyb', 'request-changes', organization.slug, '--as', 'someone@example.com'),
    ).rejects.toThrow('is not an operator');

    expect(
      await run(
        'kyb',
        'request-changes',
        organization.slug,
        '--note',
        'Sign the articles',
        '--as',
        'ops@example.com',
      ),
    ).toBe(0);
    const timeline = ZKybTimelineResponse.parse(
      (await call(testApp.app, 'GET', '/kyb/timeline', who)).json(),
    ).data;
    expect(timeline.at(-1)).toMatchObject({
      actor: 'operator:ops@example.com',
      to: 'ChangesRequested',
      note: 'Sign the articles',
    });
  });
});

describe('pnpm ops jobs failed', () => {
  it('lists the jobs the runner gave up on with their last error, newest first', async () => {
    const testApp = await createTestApp();
    const lines: string[] = [];
    const run = (...argv: string[]) =>
      runKybCli(argv, { db: testApp.db, config: testApp.config, print: (line) => lines.push(line) });

    expect(await run('jobs', 'failed')).toBe(0);
    expect(lines).toEqual(['No failed job.']);

    const [older, newer] = await testApp.db
      .insert(jobs)
      .values([
        {
          kind: 'mail',
          payload: {},
          status: 'failed',
          failures: 8,
          lastError: 'SMTP said\n550',
          finishedAt: new Date('2026-01-01T00:00:00Z'),
        },
        {
          kind: 'deploy',
          payload: {},
          status: 'failed',
          failures: 3,
          lastError: 'RPC down',
          finishedAt: new Date('2026-01-02T00:00:00Z'),
        },
        { kind: 'mail', payload: {}, status: 'done', finishedAt: new Date('2026-01-03T00:00:00Z') },
      ])
      .returning({ id: jobs.id });
    lines.length = 0;
    expect(await run('jobs', 'failed')).toBe(0);
    expect(lines).toEqual([
      `2026-01-02T00:00:00.000Z  #${newer?.id}  deploy  3 failures  RPC down`,
      `2026-01-01T00:00:00.000Z  #${older?.id}  mail  8 failures  SMTP said 550`,
    ]);
    lines.length = 0;
    expect(await run('jobs', 'failed', '--limit', '1')).toBe(0);
    expect(lines).toHaveLength(1);
    await expect(run('jobs', 'failed', '--limit', '0')).rejects.toThrow(UsageError);
  });
});
