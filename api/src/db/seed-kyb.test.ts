import { ZDocumentsResponse, ZKybApplicationResponse, ZKybQueueResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { call } from '../test/http';
import { DEMO_USER, seed } from './seed';
import { DEMO_OPERATOR, DEMO_REVIEW_ORGANIZATION, seedKyb } from './seed-kyb';

describe('seedKyb', () => {
  it('gives Acme Treasury an Approved application with documents and the queue one to review, once', async () => {
    const { app, db } = await createTestApp();
    const { organizationUid, userUid } = await seed(db);
    const acme = { organizationUid, userUid, email: DEMO_USER.email };
    expect(await seedKyb(db, app.blobs, acme)).toEqual({ seeded: 2 });
    expect(await seedKyb(db, app.blobs, acme)).toEqual({ seeded: 0 });

    const demo = { cookie: await signIn(app, DEMO_USER.email), organization: organizationUid };
    expect(ZKybApplicationResponse.parse((await call(app, 'GET', '/kyb', demo)).json()).data.status).toBe(
      'Approved',
    );
    const documents = ZDocumentsResponse.parse((await call(app, 'GET', '/documents', demo)).json()).data;
    expect(documents).toHaveLength(4);
    const download = await app.inject({
      method: 'GET',
      url: documents[0]?.downloadUrl ?? '',
      headers: { cookie: demo.cookie },
    });
    expect(download.statusCode).toBe(200);

    const operator = await signIn(app, DEMO_OPERATOR.email);
    const queue = ZKybQueueResponse.parse(
      (await call(app, 'GET', '/ops/kyb', { cookie: operator })).json(),
    ).data;
    expect(queue.map((item) => item.organizationSlug)).toEqual([DEMO_REVIEW_ORGANIZATION.slug]);
  });
});
