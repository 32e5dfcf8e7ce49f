import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export interface FailedJob {
  id: number;
  kind: string;
  failures: number;
  createdAt: Date;
  finishedAt: Date | null;
  lastError: string | null;
}

/**
 * Jobs the runner gave up on, newest first, with their last error: what an operator looks at
 * (`pnpm ops jobs failed`). The runner never deletes them (only succeeded jobs expire).
 */
export async function listFailedJobs(db: Database, limit = 50): Promise<FailedJob[]> {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      failures: jobs.failures,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(limit);
}

/** One line per job: when it gave up, its id and kind, how many failures, then its last error. */
export function formatFailedJob(job: FailedJob): string {
  const error = (job.lastError ?? '-').replace(/\s+/g, ' ');
  return [
    job.finishedAt?.toISOString() ?? '-',
    `#${job.id}`,
    job.kind,
    `${job.failures} failures`,
    error,
  ].join('  ');
}
