import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, isMessageCode, ORGANIZATION_HEADER } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../test/app';
import { signIn } from '../test/auth';
import { call, errorOf } from '../test/http';
import { openApiPath, routeTable } from './openapi';

interface Operation {
  summary: string;
  security?: Array<Record<string, string[]>>;
  parameters: Array<{ name?: string; in?: string; $ref?: string }>;
  requestBody?: {
    content: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }>;
  };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
type Paths = Record<string, Record<string, Operation>>;
interface OpenApiDocument {
  paths: Paths;
  components: Record<string, Record<string, Record<string, unknown>>>;
}

const testReleases = () => testConfig().releases;

/**
 * Codes the API's source uses that no operation answers with, each for its reason: the answers to
 * a request no route takes, the command-line tools', a job's reasons kept on its record, a reason
 * worded inside another code's message.
 */
const NEVER_A_ROUTE_ANSWER = new Set([
  'messages.apiRouteNotFound',
  'messages.fileNotFound',
  'messages.invalidRequest',
  'messages.requestInvalid',
  'messages.requestUrlInvalid',
  'messages.undeclaredMessageCode',
  'messages.organizationSlugUnknown',
  'messages.releaseBuildFailed',
  'messages.providerNoKyb',
  'messages.providerRefusedRequest',
  'messages.providerUnavailable',
  'messages.providerUnreachableOnboarding',
  'messages.shellManifestMissing',
  'messages.shellManifestUnreadable',
]);

/** Every TypeScript file of api/src but the tests, with its path from api/src. */
function apiSources(): [string, string][] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
    .map((file) => [file, readFileSync(join(root, file), 'utf8')]);
}

async function referenceOf(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/v0/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as OpenApiDocument;
}

function operations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      // Any value fits a path parameter: the guard answers before parameters are parsed.
      url: path.replace(/\{[^}]+\}/g, '3f1c7a52-8f0e-4d55-9b1e-2c6f1d0a9e41'),
      operation,
    })),
  );
}

const refs = (operation: Operation) => operation.parameters.map((parameter) => parameter.$ref);

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
    expect(body).toEqual({ $ref: '#/components/schemas/CreateOrganizationRequest' });
    expect(createOrganization?.responses).toHaveProperty('201');
    expect(createOrganization?.responses).toHaveProperty('400');

    const changeRole = paths['/api/v0/organization/users/{userUid}']?.patch;
    expect(changeRole?.parameters).toContainEqual(expect.objectContaining({ name: 'userUid', in: 'path' }));
  });

  it("lists each operation's message codes: its guard's, its contracts', its own, each in en.json", async () => {
    const { app } = await createTestApp();
    const { paths } = (await call(app, 'GET', '/openapi.json')).json() as {
      paths: Record<string, Record<string, { 'x-error-codes'?: string[] }>>;
    };
    const emailChange = paths['/api/v0/profile/email-change-request']?.post?.['x-error-codes'];
    // The guard's, the body contract's (ZEmail), the body's, the route's own.
    expect(emailChange).toEqual(
      expect.arrayContaining([
        'messages.signInToContinue',
        'messages.emailRequired',
        'messages.emailInvalid',
        'messages.bodyNotJson',
        'messages.emailTaken',
        'messages.internal',
      ]),
    );
    const members = paths['/api/v0/organization/users']?.get?.['x-error-codes'];
    expect(members).toEqual(
      expect.arrayContaining(['messages.organizationNotFound', 'messages.deniedMembersRead']),
    );
    expect(members).not.toContain('messages.bodyNotJson');
    // A superRefine's codes, registered with its schema (raisesCodes): walking the schema cannot see them.
    expect(paths['/api/v0/rails/bank-beneficiaries']?.post?.['x-error-codes']).toEqual(
      expect.arrayContaining(['messages.invalidClabe', 'messages.clabeChecksum', 'messages.pixCnpjLength']),
    );
    expect(paths['/api/v0/kyb']?.put?.['x-error-codes']).toContain('messages.kybOwnershipTotal');
    const all = Object.values(paths).flatMap((byMethod) =>
      Object.values(byMethod).flatMap((operation) => operation['x-error-codes'] ?? []),
    );
    expect(
      Object.values(paths)
        .flatMap(Object.values)
        .every((operation) => operation['x-error-codes']),
    ).toBe(true);
    expect(all.filter((code) => !isMessageCode(code))).toEqual([]);
  });

  it('declares on some operation every message code the API source words an answer with', async () => {
    const { app } = await createTestApp();
    const { paths } = (await call(app, 'GET', '/openapi.json')).json() as {
      paths: Record<string, Record<string, { 'x-error-codes'?: string[] }>>;
    };
    const declared = new Set(
      Object.values(paths).flatMap((byMethod) =>
        Object.values(byMethod).flatMap((operation) => operation['x-error-codes'] ?? []),
      ),
    );
    const undeclared: string[] = [];
    for (const [file, source] of apiSources()) {
      for (const [, code] of source.matchAll(/'(messages\.[A-Za-z]+)'/g)) {
        if (code && isMessageCode(code) && !declared.has(code) && !NEVER_A_ROUTE_ANSWER.has(code))
          undeclared.push(`${code} (${file})`);
      }
    }
    // A code found here answers with 500 in tests (undeclaredMessageCode): declare it on its route.
    expect([...new Set(undeclared)].sort()).toEqual([]);
  });

  it('says who may call each operation, and the API answers as it says', async () => {
    const { app } = await createTestApp({ releases: { ...testReleases(), token: 'release-secret' } });
    const document = await referenceOf(app);
    const cookie = await signIn(app, 'ada@example.com');
    const schemes = Object.keys(document.components.securitySchemes ?? {});
    expect(schemes).toEqual(expect.arrayContaining(['session', 'organizationKey', 'releaseToken']));

    const publicOnes: string[] = [];
    for (const { name, method, url, operation } of operations(document)) {
      expect(operation.security, name).toBeInstanceOf(Array);
      const accepted = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      for (const scheme of accepted) expect(schemes, name).toContain(scheme);
      if (accepted.length === 0) {
        publicOnes.push(name);
        continue;
      }
      // Without credentials: 401, whatever else is missing.
      const anonymous = await app.inject({ method, url });
      expect(errorOf(anonymous), name).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      // Signed in, without the organization header it documents: 400 naming the header.
      if (refs(operation).includes('#/components/parameters/OrganizationUid')) {
        const headerless = await app.inject({ method, url, headers: { cookie } });
        expect(errorOf(headerless), name).toMatchObject({ status: 400, code: 'VALIDATION' });
        expect(headerless.json().error.fields, name).toHaveProperty(ORGANIZATION_HEADER);
      }
    }
    expect(publicOnes.sort()).toEqual([
      'GET /api/v0/dev/mailbox',
      'GET /api/v0/health',
      'GET /api/v0/openapi.json',
      'GET /api/v0/remotes',
      'GET /releases/{remote}/{version}/{path}',
      'POST /api/v0/auth',
      'POST /api/v0/auth/sign-out',
      'POST /api/v0/auth/{token}',
      'POST /api/v0/inbound/email',
      'POST /api/v0/profile/email-change',
      'POST /api/v0/providers/webhooks/{providerUid}',
    ]);
  });

  it('asks for an Idempotency-Key on the POSTs that move money or send a chain transaction, and only there', async () => {
    const { app } = await createTestApp();
    const document = await referenceOf(app);
    const idempotent = operations(document).filter(({ operation }) =>
      refs(operation).includes('#/components/parameters/IdempotencyKey'),
    );
    expect(idempotent.map(({ name }) => name).sort()).toEqual([
      'POST /api/v0/deposits',
      'POST /api/v0/rails/off-ramps',
      'POST /api/v0/rails/on-ramps',
      // The Safe on another network: a deployment the relayer pays for.
      'POST /api/v0/wallet/deployments',
      'POST /api/v0/wallet/transactions',
    ]);
    for (const { name, operation } of idempotent) {
      expect(operation.summary, name).toContain('Idempotency-Key required');
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['409', '422']));
    }
    expect(document.components.parameters?.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
    });
  });

  it("lists each operation's errors as the one named Error shape, with the request id", async () => {
    const { app } = await createTestApp();
    const document = await referenceOf(app);
    const { schemas = {}, responses = {} } = document.components;
    expect(schemas.ErrorBody).toMatchObject({
      properties: { error: { $ref: '#/components/schemas/Error' } },
    });
    expect(schemas.Error).toMatchObject({
      properties: {
        code: { $ref: '#/components/schemas/ErrorCode' },
        message: { type: 'string' },
        fields: { type: 'object' },
        requestId: { type: 'string' },
      },
    });
    expect(schemas.ErrorCode).toMatchObject({ enum: [...ERROR_CODES] });
    for (const { name, operation } of operations(document)) {
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.some(([status]) => status === '500'),
        name,
      ).toBe(true);
      for (const [status, response] of errors) {
        const named = response.$ref?.replace('#/components/responses/', '') ?? '';
        expect(responses[named], `${name} ${status}`).toMatchObject({
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        });
      }
    }
  });

  it('names its shapes: every $ref leads to a component, and answers are references', async () => {
    const { app } = await createTestApp();
    const document = await referenceOf(app);
    const text = JSON.stringify(document);
    const targets = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    expect(targets.length).toBeGreaterThan(500);
    for (const [, kind, name] of targets)
      expect(document.components[kind as string], `${kind}/${name}`).toHaveProperty(name as string);
    expect(Object.keys(document.components.schemas ?? {}).length).toBeGreaterThan(100);
    const answers = operations(document).flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) < 300)
        .map(([status, response]) => ({
          where: `${name} ${status}`,
          schema: response.content?.['application/json']?.schema,
        })),
    );
    const inline = answers.filter(({ schema }) => schema && !schema.$ref).map(({ where }) => where);
    expect(inline).toEqual(['GET /api/v0/openapi.json 200']);
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
