import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { violationsOf } from './check-boundaries.mjs';
import { ROOT } from './ensure-install.mjs';

const file = (path) => join(ROOT, path);

describe('the boundary check', () => {
  it('refuses a remote that imports another remote', () => {
    const problems = violationsOf(
      file('remote-wallet/src/app/WalletArea.tsx'),
      "import { x } from 'remote-rails/src/a';",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('remote-wallet imports remote-rails');
  });

  it('refuses a relative import from one app into another', () => {
    const problems = violationsOf(
      file('shell/src/app/router.tsx'),
      "import('../../../remote-settings/src/app/InvitePage')",
    );
    expect(problems[0]).toContain('shell imports remote-settings');
  });

  it('refuses shared importing an app', () => {
    expect(violationsOf(file('shared/src/x.ts'), "import { a } from '../../shell/src/a';")).toHaveLength(1);
  });

  it('keeps the API on the contracts entry of shared', () => {
    expect(violationsOf(file('api/src/x.ts'), "import { a } from '@dash/shared';")).toHaveLength(1);
    expect(violationsOf(file('api/src/x.ts'), "import { a } from '@dash/shared/contracts';")).toEqual([]);
    expect(
      violationsOf(file('api/src/x.ts'), "import { a } from '@dash/shared/counterparty-rules';"),
    ).toEqual([]);
    expect(violationsOf(file('api/src/x.ts'), "import { a } from '@dash/shared/dev-harness';")).toHaveLength(
      1,
    );
  });

  it('accepts an app importing the shared package and its own files', () => {
    const source =
      "import { paths } from '@dash/shared';\nimport { A } from './A';\nimport type { B } from '../b';";
    expect(violationsOf(file('remote-rails/src/app/RailsArea.tsx'), source)).toEqual([]);
  });

  it("keeps the areas' contracts and calls out of the @dash/shared singleton", () => {
    const session = file('shared/src/session/session-context.tsx');
    expect(violationsOf(session, "import { getProviders } from '../endpoints/get-providers';")[0]).toContain(
      'it belongs in @dash/shared/api',
    );
    expect(violationsOf(session, "import { ZThread } from '../contracts/messages';")).toHaveLength(1);
    expect(violationsOf(session, "import { getProviders } from '@dash/shared/api';")[0]).toContain('by name');
    expect(violationsOf(session, "import { getMe } from '../endpoints/get-me';")).toEqual([]);
    expect(
      violationsOf(
        file('shared/src/endpoints/get-me.ts'),
        "import { apiRequest } from '../client/api-client';",
      ),
    ).toEqual([]);
  });

  it("makes an area's calls use the singleton's client, not a copy", () => {
    const area = file('shared/src/endpoints/get-providers.ts');
    expect(violationsOf(area, "import { apiRequest } from '../client/api-client';")[0]).toContain(
      "import it from '@dash/shared'",
    );
    expect(violationsOf(area, "import { meQueryOptions } from './get-me';")).toHaveLength(1);
    expect(violationsOf(area, "import { apiRequest } from '@dash/shared';")).toEqual([]);
    expect(violationsOf(area, "import { ZUid } from '../contracts/common';")).toHaveLength(1);
    expect(violationsOf(area, "import { ZProvidersResponse } from '../contracts/providers';")).toEqual([]);
    // A contract reaches the boot's contracts by name too (the API resolves it without the browser singleton).
    const contract = file('shared/src/contracts/messages.ts');
    expect(violationsOf(contract, "import { ZUid } from './common';")[0]).toContain(
      '@dash/shared/contracts-core',
    );
    expect(violationsOf(contract, "import { ZUid } from '@dash/shared/contracts-core';")).toEqual([]);
    expect(violationsOf(contract, "import { ZUploadedFile } from './uploads';")).toEqual([]);
  });

  it("makes an app's own calls (src/features/<feature>/api/) use the singleton's client too", () => {
    const call = file('remote-messages/src/features/threads/api/get-threads.ts');
    expect(
      violationsOf(call, "import { apiRequest } from '../../../../../shared/src/client/api-client';")[0],
    ).toContain('reaches into shared by path');
    expect(violationsOf(call, "import { apiRequest, english } from '@dash/shared';")).toEqual([]);
    expect(violationsOf(call, "import { ZThreadsResponse } from '@dash/shared/api';")).toEqual([]);
  });

  it('refuses react-router-dom wherever a file names it as a module, tests and mocks included', () => {
    const page = file('remote-rails/src/a/Page.tsx');
    const test = file('shell/src/a/Page.test.tsx');
    for (const [path, source] of [
      [page, "import { Link } from 'react-router-dom';"],
      [page, "import type { NavigateFunction } from 'react-router-dom';"],
      [page, "export { Link } from 'react-router-dom';"],
      [page, "const m = await import('react-router-dom');"],
      [page, "import 'react-router-dom';"],
      [test, "vi.mock('react-router-dom', async () => ({}));"],
      [test, "vi.mock(\n  'react-router-dom',\n  () => ({}),\n);"],
      [test, "await vi.importActual<typeof import('react-router')>('react-router-dom');"],
      [file('api/src/x.ts'), "const r = require('react-router-dom/server');"],
      [file('e2e/tests/x.spec.ts'), "import { Link } from 'react-router-dom';"],
    ]) {
      const problems = violationsOf(path, source);
      expect(problems, source).toHaveLength(1);
      expect(problems[0]).toContain("a retired package: import it from 'react-router'");
    }
    expect(violationsOf(page, "\n\nimport { Link } from 'react-router-dom';")[0]).toMatch(/^line 3 /);
    expect(violationsOf(page, "import { Link } from 'react-router';")).toEqual([]);
    expect(violationsOf(test, "vi.mock('react-router', async () => ({}));")).toEqual([]);
    expect(violationsOf(page, "const text = 'react-router-dom is retired';")).toEqual([]);
  });

  it('keeps the test harness out of production code', () => {
    const harness = "import { renderPage } from '@dash/shared/test';";
    expect(violationsOf(file('remote-rails/src/a/Page.test.tsx'), harness)).toEqual([]);
    expect(violationsOf(file('remote-rails/src/test/render.tsx'), harness)).toEqual([]);
    expect(violationsOf(file('remote-rails/src/a/Page.tsx'), harness)[0]).toContain('test harness');
    expect(
      violationsOf(file('shared/src/ui/x.tsx'), "import { renderPage } from '../test/render-page';"),
    ).toHaveLength(1);
    expect(
      violationsOf(file('shared/src/ui/x.test.tsx'), "import { renderPage } from '../test/render-page';"),
    ).toEqual([]);
  });

  it("keeps the API's modules apart: one reaches another only through its index", () => {
    const kyb = file('api/src/modules/kyb/service.ts');
    const deep = violationsOf(kyb, "import { listDocuments } from '../documents/repo';");
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain('line 1 imports "../documents/repo", inside the documents module');
    expect(deep[0]).toContain("import it from '../documents/index'");
    // The line is the specifier's, on a long import too; a type or a dynamic import is no exception.
    const source =
      "import { z } from 'zod';\nimport {\n  type Mailer,\n  createMailer,\n} from '../mail/service';";
    expect(violationsOf(kyb, source)[0]).toContain('line 5 imports "../mail/service"');
    expect(violationsOf(kyb, "import type { Mailer } from '../mail/service';")).toHaveLength(1);
    expect(violationsOf(kyb, "await import('../mail/templates')")).toHaveLength(1);
    // From a folder inside a module, the fix is the path from there.
    expect(
      violationsOf(
        file('api/src/modules/providers/adapters/x.ts'),
        "import { a } from '../../audit/audit';",
      )[0],
    ).toContain("import it from '../../audit/index'");
  });

  it("accepts an API module importing another's index, its own files and the API's shared code", () => {
    const kyb = file('api/src/modules/kyb/service.ts');
    expect(violationsOf(kyb, "import { listDocuments, toDocument } from '../documents/index';")).toEqual([]);
    expect(violationsOf(kyb, "import type { Mailer } from '../mail';")).toEqual([]);
    expect(violationsOf(kyb, "import { lockOrCreateApplication } from './repo';")).toEqual([]);
    expect(violationsOf(kyb, "import { enqueueJob } from '../../jobs/runner';")).toEqual([]);
    const adapter = file('api/src/modules/providers/adapters/sandbox.ts');
    expect(violationsOf(adapter, "import { findProvider } from '../repo';")).toEqual([]);
    expect(violationsOf(adapter, "import { verifyTimestamped } from '../../../http/hmac';")).toEqual([]);
  });

  it("wires the API's modules in app.ts through their indexes; other code and test helpers may reach in", () => {
    const app = file('api/src/app.ts');
    expect(violationsOf(app, "import { createMailer } from './modules/mail/service';")[0]).toContain(
      "import it from './modules/mail/index'",
    );
    expect(violationsOf(app, "import { createMailer } from './modules/mail/index';")).toEqual([]);
    const helper = "import { toProvider } from '../modules/providers/repo';";
    expect(violationsOf(file('api/src/test/providers.ts'), helper)).toEqual([]);
    expect(violationsOf(file('api/src/db/seed-kyb.ts'), helper)).toEqual([]);
  });

  it("lets only an API module's repo files (repo.ts, *-repo.ts) import the schema", () => {
    const schema = "import { quotes } from '../../db/schema';";
    const useCase = violationsOf(file('api/src/modules/transfers/safe-off-ramp.ts'), schema);
    expect(useCase).toHaveLength(1);
    expect(useCase[0]).toContain('line 1 imports "../../db/schema"');
    expect(useCase[0]).toContain("only a module's repo files (repo.ts or *-repo.ts) may import the schema");
    expect(useCase[0]).toContain('api/src/modules/transfers/repo.ts');
    // A type import, a schema file or a dynamic import is no exception; from a folder inside a module too.
    const service = file('api/src/modules/audit/audit.ts');
    expect(violationsOf(service, "import type { auditEvents } from '../../db/schema';")).toHaveLength(1);
    expect(violationsOf(service, "import { auditEvents } from '../../db/schema/audit';")).toHaveLength(1);
    expect(violationsOf(service, "const s = await import('../../db/schema/index.ts');")).toHaveLength(1);
    expect(
      violationsOf(
        file('api/src/modules/providers/adapters/x.ts'),
        "import { p } from '../../../db/schema';",
      ),
    ).toHaveLength(1);
    // Not a repo by its name: a file that only ends in "repo" or holds "repo" elsewhere.
    expect(violationsOf(file('api/src/modules/x/grepo.ts'), schema)).toHaveLength(1);
    expect(violationsOf(file('api/src/modules/x/repo-helpers.ts'), schema)).toHaveLength(1);
    // Repo files, tests, and code outside the modules may.
    expect(violationsOf(file('api/src/modules/transfers/repo.ts'), schema)).toEqual([]);
    expect(violationsOf(file('api/src/modules/transfers/ledger-repo.ts'), schema)).toEqual([]);
    expect(violationsOf(file('api/src/modules/transfers/transfers.test.ts'), schema)).toEqual([]);
    expect(violationsOf(file('api/src/jobs/runner.ts'), "import { jobs } from '../db/schema';")).toEqual([]);
    // Other code of the db folder is not the schema.
    expect(violationsOf(service, "import type { Database } from '../../db/client';")).toEqual([]);
  });
});
