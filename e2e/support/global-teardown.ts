import { rmSync } from 'node:fs';

/** The e2e database and launcher files live in a temporary directory made for this run only. */
export default function removeRunData(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir?.includes('dash-e2e-')) rmSync(dataDir, { recursive: true, force: true });
}
