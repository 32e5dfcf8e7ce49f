import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A temporary directory (`dash-<label>-…`) removed when the test ends. Call it inside a test. */
export async function tempDir(label = 'test'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `dash-${label}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
