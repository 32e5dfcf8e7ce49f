import {
  coded,
  codeOfIssue,
  deferred,
  english,
  ZIsoDateTime,
  ZOrganizationSlug,
  ZRemoteName,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * Release management: immutable builds of a remote (`remote-wallet@1.4.2`) and, per environment, an
 * append-only log of pins saying which build the dashboard loads. Used by the release HTTP API
 * (`/api/v0/releases`, release token) and the `pnpm release` command.
 */

/**
 * A semantic version without build metadata (`1.4.2`, `1.5.0-rc.1`): `1.4.2+a` and `1.4.2+b` would
 * be two immutable releases that semver calls equal. It is also a path segment of the release's URL.
 */
export const RELEASE_VERSION_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
export const RELEASE_VERSION_MESSAGE = english('messages.releaseVersion');
export const ZReleaseVersion = deferred(() =>
  z
    .string(coded('messages.releaseVersion'))
    .max(64, coded('messages.releaseVersionTooLong'))
    .regex(RELEASE_VERSION_PATTERN, coded('messages.releaseVersion')),
);

export const DEFAULT_RELEASE_ENVIRONMENT = 'production';
export const ZReleaseEnvironment = deferred(() =>
  z
    .string(coded('messages.releaseEnvironmentRequired'))
    .regex(/^[a-z][a-z0-9-]{0,31}$/, coded('messages.releaseEnvironmentFormat')),
);

/** Who did it, as recorded in the pin history (an e-mail address, a CI job name). */
export const ZReleaseActor = deferred(() =>
  z
    .string()
    .trim()
    .min(1, coded('messages.releaseActorRequired'))
    .max(120, coded('messages.releaseActorTooLong'))
    .regex(/^[^\p{Cc}]+$/u, coded('messages.releaseActorControlCharacters')),
);

/**
 * A file of a release, relative to the build's root: `static/js/async/1.4c2a.js`. No `.` or `..`
 * segments, no leading or doubled slashes, so it can never name anything outside the release.
 */
export const RELEASE_FILE_PATH_PATTERN =
  /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._@+~-]+(?:\/[A-Za-z0-9._@+~-]+)*$/;
export const RELEASE_FILE_PATH_MESSAGE = english('messages.releaseFilePath');
export const ZReleaseFilePath = deferred(() =>
  z
    .string()
    .max(512, coded('messages.releaseFilePathTooLong'))
    .regex(RELEASE_FILE_PATH_PATTERN, coded('messages.releaseFilePath')),
);

export const ZContentHash = deferred(() =>
  z.string().regex(/^sha256:[0-9a-f]{64}$/, coded('messages.releaseContentHash')),
);

/** One shared dependency the release was built against, from its federation manifest. */
export const ZReleaseSharedDependency = deferred(() =>
  z.object({
    name: z.string(),
    /** The version the release bundles as its fallback. */
    version: z.string().nullable(),
    /** The range it needs from whoever provides the shared instance (the shell). */
    requiredVersion: z.string().nullable(),
    singleton: z.boolean(),
  }),
);
export type TReleaseSharedDependency = z.infer<typeof ZReleaseSharedDependency>;

export const ZRelease = deferred(() =>
  z.object({
    remote: ZRemoteName,
    version: ZReleaseVersion,
    /** sha256 over the sorted (path, bytes) of every file: equal content, equal hash. */
    contentHash: ZContentHash,
    builtAt: ZIsoDateTime,
    publishedAt: ZIsoDateTime,
    publishedBy: z.string(),
    /** The commit the build came from (`-dirty` when the working tree had changes), when known. */
    gitCommit: z.string().nullable(),
    /** The federation container name in the build (`remote_wallet`). */
    container: z.string(),
    shared: z.array(ZReleaseSharedDependency),
    /** Exposed modules, e.g. `./WalletArea`. */
    exposes: z.array(z.string()),
    /** The @mantine/core exports the build's tree-shaken Mantine needs, when its stats say. */
    mantineExports: z.array(z.string()).nullable(),
    /**
     * Every shared package the build tree-shakes (@mantine/core, @mantine/hooks, react-router…)
     * with the exports it needs, when its stats say. Absent in releases published before it existed.
     */
    treeShakenExports: z.record(z.string(), z.array(z.string())).nullable().optional(),
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
);
export type TRelease = z.infer<typeof ZRelease>;

export const PIN_ACTIONS = ['pin', 'rollback', 'unpin'] as const;
export const ZPinAction = deferred(() => z.enum(PIN_ACTIONS));

/** One line of an environment's pin log. Never rewritten: the log is the history. */
export const ZPinEntry = deferred(() =>
  z.object({
    /** Position in the environment's log (1, 2, …); a remote's head is its latest entry's seq. */
    seq: z.number().int().positive(),
    remote: ZRemoteName,
    action: ZPinAction,
    /** What this entry makes live for its audience; null: the configured remote (REMOTES). */
    version: ZReleaseVersion.nullable(),
    /**
     * What its audience had before. For a canary (pin or rollback) it is what the named organizations
     * were served; when they were not all on one version, the one most of them had (ties: the first
     * slug's), and `previousVersions` has each organization's.
     */
    previousVersion: ZReleaseVersion.nullable(),
    /** A canary: only these organizations (slugs). Absent: everyone. */
    organizations: z.array(ZOrganizationSlug).optional(),
    /**
     * A canary whose organizations were on different versions before it: each one's (null: the
     * configured remote). Absent when they all had `previousVersion`.
     */
    previousVersions: z.record(ZOrganizationSlug, ZReleaseVersion.nullable()).optional(),
    /**
     * A canary rollback after which its organizations are on different versions: each one's. Absent
     * when they all get `version`.
     */
    versions: z.record(ZOrganizationSlug, ZReleaseVersion.nullable()).optional(),
    /** The compatibility gate was skipped; `overrides` says what it would have refused. */
    force: z.boolean(),
    overrides: z.array(z.string()).optional(),
    by: z.string(),
    at: ZIsoDateTime,
    via: z.enum(['cli', 'api']),
  }),
);
export type TPinEntry = z.infer<typeof ZPinEntry>;

export const ZCanary = deferred(() =>
  z.object({
    version: ZReleaseVersion,
    organizations: z.array(ZOrganizationSlug),
    seq: z.number().int().positive(),
    by: z.string(),
    at: ZIsoDateTime,
  }),
);
export type TCanary = z.infer<typeof ZCanary>;

/** Where a remote stands in one environment. */
export const ZRemoteReleaseStatus = deferred(() =>
  z.object({
    remote: ZRemoteName,
    environment: ZReleaseEnvironment,
    /** The version everyone gets; null: not pinned, the configured remote (REMOTES) is served. */
    version: ZReleaseVersion.nullable(),
    /** What `rollback` would return everyone to (null: nothing earlier, or the configured remote). */
    previousVersion: ZReleaseVersion.nullable(),
    /** The remote's head in the log: send it back as `expectedSeq` so a stale change is refused. */
    seq: z.number().int().nonnegative(),
    pinnedAt: ZIsoDateTime.nullable(),
    pinnedBy: z.string().nullable(),
    force: z.boolean(),
    canaries: z.array(ZCanary),
  }),
);
export type TRemoteReleaseStatus = z.infer<typeof ZRemoteReleaseStatus>;

export const ZReleaseEnvironmentQuery = deferred(() =>
  z.strictObject({ env: ZReleaseEnvironment.optional() }),
);

/**
 * Lines of the environment's pin log that are not pin entries (written by another version of the
 * tool, or edited by hand): skipped when replaying, so the versions shown come from the others.
 */
const ZPinLogWarnings = deferred(() => z.array(z.string()));

export const ZReleasesStatusResponse = deferred(() =>
  z.object({
    environment: ZReleaseEnvironment,
    remotes: z.array(ZRemoteReleaseStatus),
    warnings: ZPinLogWarnings,
  }),
);
export type TReleasesStatusResponse = z.infer<typeof ZReleasesStatusResponse>;

export const ZRemoteReleasesResponse = deferred(() =>
  z.object({
    remote: ZRemoteName,
    environment: ZReleaseEnvironment,
    status: ZRemoteReleaseStatus,
    /** Published builds, oldest first. */
    releases: z.array(ZRelease),
    /** This remote's pin history in the environment, oldest first. */
    history: z.array(ZPinEntry),
    warnings: ZPinLogWarnings,
  }),
);
export type TRemoteReleasesResponse = z.infer<typeof ZRemoteReleasesResponse>;

export const ZRemoteReleaseParams = deferred(() => z.strictObject({ remote: ZRemoteName }));
export const ZRemoteReleaseVersionParams = deferred(() =>
  z.strictObject({ remote: ZRemoteName, version: ZReleaseVersion }),
);

/** PUT releases/{remote}/{version}: an already-built `dist/`, every file base64-encoded. */
export const ZPublishReleaseRequest = deferred(() =>
  z.strictObject({
    files: z
      .record(ZReleaseFilePath, z.base64(coded('messages.releaseFileBase64')), {
        // zod's own word for a bad key is "Invalid key in record"; the key's contract says what is wrong.
        error: (issue) => {
          if (issue.code !== 'invalid_key') return undefined;
          const key = issue.issues[0] && codeOfIssue(issue.issues[0]);
          return coded(key?.code ?? 'messages.releaseFilePath', key?.params).error(issue);
        },
      })
      .refine((files) => Object.keys(files).length > 0, coded('messages.releaseFilesRequired'))
      .refine((files) => Object.keys(files).length <= 5000, coded('messages.releaseFilesTooMany')),
    builtAt: ZIsoDateTime.optional(),
    gitCommit: z
      .string()
      .regex(/^[0-9a-f]{7,64}(-dirty)?$/, coded('messages.releaseGitCommit'))
      .optional(),
    by: ZReleaseActor.optional(),
  }),
);
export type TPublishReleaseRequest = z.infer<typeof ZPublishReleaseRequest>;

export const ZPublishReleaseResponse = deferred(() =>
  z.object({
    /** false: this exact content was already published under this version (nothing changed). */
    created: z.boolean(),
    release: ZRelease,
  }),
);
export type TPublishReleaseResponse = z.infer<typeof ZPublishReleaseResponse>;

const ZExpectedSeq = deferred(() =>
  z
    .number(coded('messages.releaseExpectedSeq'))
    .int(coded('messages.releaseExpectedSeqWhole'))
    .nonnegative(coded('messages.releaseExpectedSeqNonNegative')),
);

export const ZPinReleaseRequest = deferred(() =>
  z.strictObject({
    version: ZReleaseVersion,
    env: ZReleaseEnvironment.optional(),
    /** The remote's seq when you looked (status); the pin is refused if it moved since. */
    expectedSeq: ZExpectedSeq.optional(),
    /** Canary: pin for these organizations (slugs) only. */
    organizations: z
      .array(ZOrganizationSlug)
      .min(1, coded('messages.releaseCanaryRequired'))
      .max(100, coded('messages.releaseCanaryTooMany'))
      .refine((slugs) => new Set(slugs).size === slugs.length, coded('messages.releaseCanaryTwice'))
      .optional(),
    force: z.boolean().optional(),
    by: ZReleaseActor.optional(),
  }),
);
export type TPinReleaseRequest = z.infer<typeof ZPinReleaseRequest>;

/** POST releases/{remote}/rollback; `force` rolls back past the compatibility gate. */
export const ZPinChangeRequest = deferred(() =>
  z.strictObject({
    env: ZReleaseEnvironment.optional(),
    expectedSeq: ZExpectedSeq.optional(),
    force: z.boolean().optional(),
    by: ZReleaseActor.optional(),
  }),
);
export type TPinChangeRequest = z.infer<typeof ZPinChangeRequest>;

/**
 * POST releases/{remote}/unpin. No `force`: the configured remote passes no gate, so a force would
 * be accepted and mean nothing; like any other unknown field it is refused.
 */
export const ZUnpinRequest = deferred(() => ZPinChangeRequest.omit({ force: true }));
export type TUnpinRequest = z.infer<typeof ZUnpinRequest>;

export const ZPinChangeResponse = deferred(() =>
  z.object({
    /** false: it already was so (nothing appended). */
    changed: z.boolean(),
    entry: ZPinEntry.nullable(),
    status: ZRemoteReleaseStatus,
  }),
);
export type TPinChangeResponse = z.infer<typeof ZPinChangeResponse>;
