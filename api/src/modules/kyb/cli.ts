/**
 * `pnpm ops kyb …`: the compliance review from a terminal, with the same service functions as the
 * HTTP routes (same rules, audit records and decision mails). It acts as operator 'cli', or as the
 * operator named with --as (one of OPERATOR_EMAILS). Decision mails are sent before it exits.
 *
 * Exit codes: 0 done, 1 refused or failed, 2 wrong usage.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { codedMessage } from '@dash/shared/contracts';
import Fastify from 'fastify';
import { type Config, ConfigError, loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createClusteredEventBus, createInProcessEventBus, type EventBus } from '../../events/bus';
import { createPostgresLink } from '../../events/cluster';
import { AppError } from '../../http/errors';
import { formatFailedJob, listFailedJobs } from '../../jobs/failed';
import { createJobRunner } from '../../jobs/runner';
import type { AuditActor } from '../audit/index';
import { createMailer, type Mailer } from '../mail/index';
import { dispatchJob, mailJob } from '../notifications/index';
import { awaitsSignature } from '../safe-transactions/index';
import { findOrganizationByUidOrSlug } from './repo';
import { createKybService } from './service';

export const KYB_CLI_USAGE = `Usage: pnpm ops kyb <command> [options]

  list                                   Submitted applications waiting for review, oldest first.
  approve <org>                          Approve the organization's submitted application.
  reject <org> --reason "…"              Reject it, with the reason the Admins will read.
  request-changes <org> --note "…"       Send it back, saying what to change.

  <org> is the organization's slug or uid.
  --as EMAIL   Act as this operator (one of OPERATOR_EMAILS); default: operator "cli".

       pnpm ops jobs failed [--limit N]

  failed                                 Jobs the runner gave up on, newest first, with their last
                                         error (at most N, default 50). Succeeded jobs are deleted
                                         after JOB_RETENTION_HOURS; failed ones are kept.

Environment: DATABASE_URL or DATA_DIR, OPERATOR_EMAILS, SMTP_URL, PUBLIC_URL, as for the API.`;

export class UsageError extends Error {}

export interface KybCliDeps {
  db: Database;
  config: Pick<Config, 'operatorEmails' | 'publicUrl' | 'smtpUrl' | 'mailFrom'>;
  mailer?: Mailer;
  /** Where decisions are announced (default: nowhere but this process; main() links the API's processes on PostgreSQL). */
  events?: EventBus;
  /** Where lines go (console.log by default). */
  print?: (line: string) => void;
}

/** Runs one `ops kyb` command; throws UsageError (2) or AppError (1). Returns the exit code. */
export async function runKybCli(argv: string[], deps: KybCliDeps): Promise<number> {
  const print = deps.print ?? ((line: string) => console.log(line));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      note: { type: 'string' },
      as: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, command, target, ...extra] = positionals;
  if (values.help || area === undefined) {
    print(KYB_CLI_USAGE);
    return area === undefined && !values.help ? 2 : 0;
  }
  if (area !== 'kyb' && area !== 'jobs') throw new UsageError(`Unknown area "${area}": "kyb" or "jobs".`);
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  if (area === 'jobs') {
    if (command !== 'failed' || target !== undefined) throw new UsageError('Only "pnpm ops jobs failed".');
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit takes a whole number above 0.');
    const failed = await listFailedJobs(deps.db, limit);
    if (failed.length === 0) print('No failed job.');
    for (const job of failed) print(formatFailedJob(job));
    return 0;
  }

  let actor: AuditActor = { kind: 'operator', email: 'cli' };
  if (values.as !== undefined) {
    const email = values.as.trim().toLowerCase();
    if (!deps.config.operatorEmails.has(email))
      throw new UsageError(`${values.as} is not an operator (OPERATOR_EMAILS).`);
    actor = { kind: 'operator', email };
  }

  const log = Fastify({ logger: false }).log;
  const jobs = createJobRunner({ db: deps.db, log });
  const kyb = createKybService({
    db: deps.db,
    events: deps.events ?? createInProcessEventBus(),
    jobs,
    log,
  });
  const notifications = {
    db: deps.db,
    mailer: deps.mailer ?? createMailer(deps.config, { db: deps.db, logger: log }),
    publicUrl: deps.config.publicUrl,
    wake: () => jobs.wake(),
    awaitsSignature,
  };
  jobs.register(dispatchJob(notifications));
  jobs.register(mailJob(notifications));

  const organizationOf = async () => {
    if (target === undefined) throw new UsageError('Name the organization (slug or uid).');
    const organization = await findOrganizationByUidOrSlug(deps.db, target);
    if (!organization)
      throw new AppError(
        'NOT_FOUND',
        codedMessage('messages.organizationSlugUnknown', { organization: target }),
      );
    return organization;
  };

  switch (command) {
    case 'list': {
      const queue = await kyb.queue();
      if (queue.length === 0) {
        print('No KYB application is waiting for review.');
        return 0;
      }
      for (const item of queue) {
        print(
          [
            item.submittedAt ?? '-',
            item.organizationSlug,
            item.legalName ?? '-',
            item.submittedBy ?? '-',
          ].join('  '),
        );
      }
      return 0;
    }
    case 'approve':
    case 'reject':
    case 'request-changes': {
      const organization = await organizationOf();
      let decided: { status: string };
      if (command === 'approve') decided = await kyb.approve(actor, organization.uid);
      else if (command === 'reject') {
        const reason = values.reason?.trim();
        if (!reason) throw new UsageError('Give the reason: --reason "…"');
        decided = await kyb.reject(actor, organization.uid, reason);
      } else {
        const note = values.note?.trim();
        if (!note) throw new UsageError('Say what to change: --note "…"');
        decided = await kyb.requestChanges(actor, organization.uid, note);
      }
      // The decision is committed; its mails are jobs: send them now rather than wait for the API.
      await jobs.drain();
      print(`${organization.slug}: ${decided.status}`);
      return 0;
    }
    default:
      throw new UsageError(command === undefined ? 'Name a command.' : `Unknown command "${command}".`);
  }
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const database = await createDatabase(config);
  // On PostgreSQL the running API processes hear the decision (an open KYB page or overview follows,
  // their cached reads are dropped). With the embedded database the API cannot be running meanwhile.
  const link =
    database.kind === 'postgres' && config.databaseUrl
      ? await createPostgresLink({
          url: config.databaseUrl,
          pool: database.pool,
          log: Fastify({ logger: false }).log,
        })
      : undefined;
  try {
    await migrate(database);
    return await runKybCli(argv, {
      db: database.db,
      config,
      ...(link ? { events: createClusteredEventBus(createInProcessEventBus(), link) } : {}),
    });
  } finally {
    await link?.close();
    await database.close();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));

if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
        console.error(`${error.message}\n\n${KYB_CLI_USAGE}`);
        process.exit(2);
      }
      if (error instanceof AppError || error instanceof ConfigError) {
        console.error(error.message);
        process.exit(1);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
