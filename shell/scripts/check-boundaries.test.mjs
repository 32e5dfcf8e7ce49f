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
    expect(violationsOf(session, "import { getThreads } from '../endpoints/get-threads';")[0]).toContain(
      'it belongs in @dash/shared/api',
    );
    expect(violationsOf(session, "import { ZThread } from '../contracts/messages';")).toHaveLength(1);
    expect(violationsOf(session, "import { getThreads } from '@dash/shared/api';")[0]).toContain('by name');
    expect(violationsOf(session, "import { getMe } from '../endpoints/get-me';")).toEqual([]);
    expect(
      violationsOf(
        file('shared/src/endpoints/get-me.ts'),
        "import { apiRequest } from '../client/api-client';",
      ),
    ).toEqual([]);
  });

  it("makes an area's calls use the singleton's client, not a copy", () => {
    const area = file('shared/src/endpoints/get-threads.ts');
    expect(violationsOf(area, "import { apiRequest } from '../client/api-client';")[0]).toContain(
      "import it from '@dash/shared'",
    );
    expect(violationsOf(area, "import { meQueryOptions } from './get-me';")).toHaveLength(1);
    expect(violationsOf(area, "import { apiRequest } from '@dash/shared';")).toEqual([]);
    expect(violationsOf(area, "import { ZUid } from '../contracts/common';")).toHaveLength(1);
    expect(violationsOf(area, "import { ZThread } from '../contracts/messages';")).toEqual([]);
    // A contract reaches the boot's contracts by name too (the API resolves it without the browser singleton).
    const contract = file('shared/src/contracts/messages.ts');
    expect(violationsOf(contract, "import { ZUid } from './common';")[0]).toContain(
      '@dash/shared/contracts-core',
    );
    expect(violationsOf(contract, "import { ZUid } from '@dash/shared/contracts-core';")).toEqual([]);
    expect(violationsOf(contract, "import { ZUploadedFile } from './uploads';")).toEqual([]);
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
});
