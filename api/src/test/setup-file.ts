import { afterAll } from 'vitest';
import { removeTestFolders } from './app';
import { stopTestDevChain } from './dev-chain';
import { stopTestSandbox } from './providers';

// The api project runs its files without isolation (one module graph per worker): a helper
// module's own afterAll would be registered for the first file of a worker only, and a later
// file's dev chains (anvil processes) would outlive the run. The per-file services stop here,
// after every file, and so are the blob and releases folders testConfig named (some files build
// their apps without createTestApp, in a beforeAll).
afterAll(async () => {
  await stopTestSandbox();
  await stopTestDevChain();
  await removeTestFolders();
});
