import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';
import { call, errorOf } from '../../test/http';
import { DATABASE_DOWN_MESSAGE } from './service';

describe('GET /health', () => {
  it('is ok when the database answers', async () => {
    const { app } = await createTestApp();
    const response = await call(app, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is 503 when the database is down', async () => {
    const database = await openTestDatabase();
    const { app } = await createTestApp({}, { database });
    await database.close();

    const response = await call(app, 'GET', '/health');

    expect(errorOf(response)).toEqual({ status: 503, code: 'UNAVAILABLE', message: DATABASE_DOWN_MESSAGE });
  });
});
