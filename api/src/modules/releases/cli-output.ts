/** What `pnpm release` prints: tables of releases, pins and their history, and each change in a sentence. */
import type { TPinChangeResponse, TPinEntry, TRelease, TRemoteName } from '@dash/shared/contracts';
import { shortTime } from './pins';
import type { ReleaseService } from './service';

export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export const versionName = (version: string | null) => version ?? 'the configured remote';

/** "acme-treasury 1.1.0, globex the configured remote", or just "1.1.0" when they are all on one version. */
export function canaryVersionsText(version: string | null, each: Record<string, string | null> | undefined) {
  return each
    ? Object.entries(each)
        .map(([organization, its]) => `${organization} ${versionName(its)}`)
        .join(', ')
    : versionName(version);
}

export function describeChange(result: TPinChangeResponse, environment: string, unchanged: string): string {
  const { entry } = result;
  if (!entry) return `${unchanged}; nothing changed.`;
  const subject = `${entry.remote} in ${environment}`;
  const was = versionName(entry.previousVersion);
  let line: string;
  if (entry.action === 'unpin')
    line = `Unpinned ${subject}: it serves the configured remote again (was ${was}).`;
  else if (entry.action === 'rollback' && entry.organizations)
    line = `Withdrew the canary of ${entry.remote} ${entry.previousVersion} for ${entry.organizations.join(', ')} in ${environment} (now: ${canaryVersionsText(entry.version, entry.versions)}).`;
  else if (entry.action === 'rollback')
    line = `Rolled back ${subject} to ${versionName(entry.version)} (was ${was}).`;
  else if (entry.organizations)
    line =
      `Pinned ${entry.remote} ${entry.version} in ${environment} for ${entry.organizations.join(', ')} only ` +
      `(canary; they had ${canaryVersionsText(entry.previousVersion, entry.previousVersions)}; ` +
      `everyone else keeps ${versionName(result.status.version)}).`;
  else line = `Pinned ${subject} to ${entry.version} (was ${was}).`;
  const forced = entry.force
    ? `\nThe compatibility gate was skipped (--force)${entry.overrides ? `; it found:\n${entry.overrides.map((problem) => `  - ${problem}`).join('\n')}` : '.'}`
    : '';
  return `${line} Seq ${entry.seq}. Live on the next page load.${forced}`;
}

export function printWarnings(warnings: readonly string[]): void {
  for (const warning of warnings) console.error(`Warning: ${warning}`);
}

export function printStatus(status: Awaited<ReturnType<ReleaseService['status']>>): void {
  printWarnings(status.warnings);
  console.log(`Environment: ${status.environment}\n`);
  const rows = [['REMOTE', 'PINNED', 'PREVIOUS', 'SEQ', 'WHEN', 'BY']];
  for (const remote of status.remotes) {
    rows.push([
      remote.remote,
      remote.version === null ? '(configured)' : `${remote.version}${remote.force ? ' (forced)' : ''}`,
      remote.previousVersion ?? '-',
      String(remote.seq),
      remote.pinnedAt ? shortTime(remote.pinnedAt) : '-',
      remote.pinnedBy ?? '-',
    ]);
  }
  console.log(table(rows));
  const canaries = status.remotes.flatMap((remote) =>
    remote.canaries.map(
      (canary) =>
        `  ${remote.remote} ${canary.version} for ${canary.organizations.join(', ')} (seq ${canary.seq}, by ${canary.by} at ${shortTime(canary.at)})`,
    ),
  );
  if (canaries.length > 0) console.log(`\nActive canaries:\n${canaries.join('\n')}`);
}

export function printHistory(history: TPinEntry[], remote: TRemoteName, environment: string): void {
  if (history.length === 0) {
    console.log(`${remote} has no pin history in ${environment}: it serves the configured remote.`);
    return;
  }
  const rows = [['SEQ', 'WHEN', 'ACTION', 'VERSION', 'PREVIOUS', 'FOR', 'BY', 'NOTES']];
  for (const entry of history) {
    rows.push([
      String(entry.seq),
      shortTime(entry.at),
      entry.action,
      entry.version ?? '(configured)',
      entry.previousVersion ?? '(configured)',
      entry.organizations?.join(',') ?? 'everyone',
      entry.by,
      [
        entry.force ? `forced${entry.overrides ? `: ${entry.overrides.join('; ')}` : ''}` : '',
        `via ${entry.via}`,
      ]
        .filter(Boolean)
        .join(', '),
    ]);
  }
  console.log(`${remote} in ${environment}:\n\n${table(rows)}`);
}

export function printReleases(releases: TRelease[], remote: TRemoteName): void {
  if (releases.length === 0) {
    console.log(`${remote} has no published releases.`);
    return;
  }
  const rows = [['VERSION', 'BUILT', 'PUBLISHED', 'BY', 'COMMIT', 'SIZE', 'HASH']];
  for (const release of releases) {
    rows.push([
      release.version,
      shortTime(release.builtAt),
      shortTime(release.publishedAt),
      release.publishedBy,
      release.gitCommit?.slice(0, 12) ?? '-',
      megabytes(release.bytes),
      release.contentHash.slice(0, 19),
    ]);
  }
  console.log(table(rows));
}
