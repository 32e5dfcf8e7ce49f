import type { THealthResponse } from '@dash/shared/contracts';
import { codedMessage, english } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { pingDatabase } from './repo';

export const HEALTH_TIMEOUT_MS = 2_000;
export const DATABASE_DOWN_MESSAGE = english('messages.databaseDown');

export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService({
  db,
  timeoutMs = HEALTH_TIMEOUT_MS,
}: {
  db: Database;
  timeoutMs?: number;
}) {
  return {
    /** ok after a `select 1`; 503 when the database fails or does not answer within the timeout. */
    async check(): Promise<THealthResponse> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([pingDatabase(db), timeout]);
        return { status: 'ok', database: 'ok' };
      } catch (error) {
        throw new AppError('UNAVAILABLE', codedMessage('messages.databaseDown'), undefined, { cause: error });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
