import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { call } from '../test/http';
import { openApiPath, routeTable } from './openapi';

interface Operation {
  parameters: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

describe('GET /openapi.json', () => {
  it('documents every route Fastify registered, and nothing it did not', async () => {
    const { app } = await createTestApp();
    const response = await call(app, 'GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Paths };
    expect(document.openapi).toBe('3.1.0');

    const registered = routeTable(app).map(({ method, url }) => `${method} ${openApiPath(url)}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(30);
    expect([...new Set(documented)].sort()).toEqual([...new Set(registered)].sort());
  });

  it('carries the contracts: path parameters, request bodies and the error shape', async () => {
    const { app } = await createTestApp();
    const { paths } = (await call(app, 'GET', '/openapi.json')).json() as { paths: Paths };

    const createOrganization = paths['/api/v0/organization']?.post;
    const body = createOrganization?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(expect.arrayContaining(['name', 'slug']));
    expect(createOrganization?.responses).toHaveProperty('201');
    expect(createOrganization?.responses).toHaveProperty('default');

    const changeRole = paths['/api/v0/organization/users/{userUid}']?.patch;
    expect(changeRole?.parameters).toContainEqual(expect.objectContaining({ name: 'userUid', in: 'path' }));
  });

  it('is rendered at /docs by a page whose script the API serves itself', async () => {
    const { app } = await createTestApp();
    const entry = await call(app, 'GET', '/docs');
    const page =
      entry.statusCode === 301
        ? await app.inject({ method: 'GET', url: String(entry.headers.location) })
        : entry;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/v0/openapi.json');
    const script = page.body.match(/<script[^>]+src="([^"]+)"/)?.[1];
    const scriptUrl = new URL(script ?? '', `http://localhost${page.raw.req.url}`);
    expect(scriptUrl.host).toBe('localhost');
    const served = await app.inject({ method: 'GET', url: scriptUrl.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('javascript');
  });
});
