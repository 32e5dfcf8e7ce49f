import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import {
  codedMessage,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  type TCreateUploadRequest,
  TEMP_FILE_TTL_HOURS,
  type TUploadContentType,
  type TUploadedFile,
  type TUploadPurpose,
  type TUploadResult,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_URL_TTL_SECONDS,
  uploadPath,
  uploadTooLargeCode,
} from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { BlobStore } from '../../blobs/store';
import type { UploadsConfig } from '../../config';
import { crashPoint } from '../../crash-point';
import type { Database } from '../../db/client';
import { AppError, type TAppMessage } from '../../http/errors';
import { enqueueJob, type JobRunner } from '../../jobs/runner';
import {
  claimTempFileForUpload,
  deleteTempFile,
  deleteTempFilesCreatedBefore,
  findTempFile,
  insertTempFile,
  markTempFileUploaded,
  type TempFileRow,
  takeUploadedTempFiles,
} from './repo';
import { bytesMatchType, SNIFF_BYTES } from './sniff';
import { signUploadToken, type UploadClaims, verifyUploadToken } from './token';

export const PURGE_TEMP_FILES_JOB = 'uploads.purge-temp-files';
const PURGE_EVERY_MS = 60 * 60 * 1000;

export type UploadService = ReturnType<typeof createUploadService>;

/** The bytes of one PUT: who sends them and what the request says about them. */
export interface IncomingUpload {
  userUid: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable;
}

const isUploadType = (value: string): value is TUploadContentType =>
  (UPLOAD_CONTENT_TYPES as readonly string[]).includes(value);

/** What each purpose accepts: its types, its size limit and the messages that say so. */
interface PurposeRules {
  types: readonly TUploadContentType[];
  maxBytes: number;
  typeMessage: TAppMessage;
  tooLargeMessage: TAppMessage;
}

function purposeRules(purpose: TUploadPurpose, config: UploadsConfig): PurposeRules {
  if (purpose === 'document') {
    return {
      types: DOCUMENT_CONTENT_TYPES,
      maxBytes: Math.min(DOCUMENT_MAX_BYTES, config.maxBytes),
      typeMessage: codedMessage('messages.documentType'),
      tooLargeMessage: codedMessage('messages.documentTooLarge'),
    };
  }
  return {
    types: UPLOAD_CONTENT_TYPES,
    maxBytes: config.maxBytes,
    typeMessage: codedMessage('messages.attachmentTypeUnsupported'),
    tooLargeMessage: uploadTooLargeCode(config.maxBytes),
  };
}

/**
 * Counts the bytes going through (more than `limit` is a 413 at once, while streaming) and holds
 * the first SNIFF_BYTES back until they show the declared type (else 415).
 */
function guardUpload(options: { limit: number; tooLarge: () => AppError; contentType: TUploadContentType }) {
  let seen = 0;
  let head: Buffer[] | null = [];
  let headBytes = 0;
  const checkHead = (stream: Transform): AppError | null => {
    const bytes = Buffer.concat(head ?? []);
    head = null;
    if (!bytesMatchType(bytes, options.contentType))
      return new AppError('UNSUPPORTED_MEDIA_TYPE', codedMessage('messages.fileContentMismatch'));
    stream.push(bytes);
    return null;
  };
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > options.limit) return callback(options.tooLarge());
      if (head === null) return callback(null, chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < SNIFF_BYTES) return callback();
      callback(checkHead(this));
    },
    flush(callback: TransformCallback) {
      if (seen === 0) return callback(new AppError('VALIDATION', codedMessage('messages.fileEmpty')));
      callback(head === null ? null : checkHead(this));
    },
  });
  return { guard, bytesSeen: () => seen };
}

export function createUploadService(deps: {
  db: Database;
  blobs: BlobStore;
  config: UploadsConfig;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, blobs, config } = deps;
  const now = deps.now ?? (() => new Date());
  const tooLarge = (rules: PurposeRules) =>
    new AppError('PAYLOAD_TOO_LARGE', rules.tooLargeMessage, { byteSize: rules.tooLargeMessage });

  async function purgeTempFiles(): Promise<number> {
    const before = new Date(now().getTime() - TEMP_FILE_TTL_HOURS * 3_600_000);
    // Rows first: a reply taking a file at the same moment either wins (the row is gone, we skip
    // its blob) or finds the file gone (and says so); a blob is never deleted under an attachment.
    const keys = await deleteTempFilesCreatedBefore(db, before);
    for (const key of keys) await blobs.delete(key);
    return keys.length;
  }

  // Every hour; each run enqueues the next, keyed by its hour so the chain has one link per hour.
  const purgeKey = (at: Date) => `${PURGE_TEMP_FILES_JOB}@${at.toISOString().slice(0, 13)}`;
  deps.jobs.register({
    kind: PURGE_TEMP_FILES_JOB,
    payload: z.object({}),
    maxAttempts: 3,
    async handle(_payload, context) {
      const purged = await purgeTempFiles();
      if (purged > 0) context.log.info({ purged }, 'Purged temp files nothing attached');
      const next = new Date(now().getTime() + PURGE_EVERY_MS);
      await enqueueJob(db, {
        kind: PURGE_TEMP_FILES_JOB,
        payload: {},
        key: purgeKey(next),
        delayMs: PURGE_EVERY_MS,
      });
    },
  });

  return {
    /** POST uploads: a temp file waiting for its bytes, and the signed URL to PUT them to. */
    async create(
      who: { organizationUid: string; userUid: string },
      input: TCreateUploadRequest,
    ): Promise<TUploadResult> {
      const purpose = input.purpose ?? 'attachment';
      const rules = purposeRules(purpose, config);
      if (!isUploadType(input.contentType) || !rules.types.includes(input.contentType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.typeMessage, { contentType: rules.typeMessage });
      }
      if (input.byteSize > rules.maxBytes) throw tooLarge(rules);
      const uid = randomUUID();
      const expiresAt = new Date(now().getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
      await insertTempFile(db, {
        uid,
        organizationUid: who.organizationUid,
        userUid: who.userUid,
        filename: input.filename,
        contentType: input.contentType,
        byteSize: input.byteSize,
        blobKey: `uploads/${uid}`,
        expiresAt,
      });
      const token = signUploadToken(config.secret, {
        tempFileId: uid,
        organizationUid: who.organizationUid,
        userUid: who.userUid,
        byteSize: input.byteSize,
        contentType: input.contentType,
        expiresAt: Math.floor(expiresAt.getTime() / 1000),
        purpose,
      });
      return { tempFileId: uid, signedUrl: uploadPath(uid, token), expiresAt: expiresAt.toISOString() };
    },

    /** The token's claims when it is genuine, meant for this temp file and not expired (403, 410). */
    verify(tempFileId: string, token: string): UploadClaims {
      const claims = verifyUploadToken(config.secret, token);
      if (!claims || claims.tempFileId !== tempFileId)
        throw new AppError('FORBIDDEN', codedMessage('messages.uploadLinkInvalid'));
      if (claims.expiresAt * 1000 <= now().getTime())
        throw new AppError('GONE', codedMessage('messages.uploadLinkExpired'));
      return claims;
    },

    /**
     * PUT signedUrl: checks the request against the token (user, type, size), claims the temp file
     * once, streams the bytes into the blob store (413 past the size, 415 when the bytes are not
     * the type) and marks it uploaded. A failed upload spends the link: upload again.
     */
    async receive(claims: UploadClaims, upload: IncomingUpload): Promise<TUploadedFile> {
      if (claims.userUid !== upload.userUid)
        throw new AppError('FORBIDDEN', codedMessage('messages.uploadLinkInvalid'));
      const rules = purposeRules(claims.purpose, config);
      const contentType = upload.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
      if (
        contentType !== claims.contentType ||
        !isUploadType(contentType) ||
        !rules.types.includes(contentType)
      ) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          isUploadType(contentType) && rules.types.includes(contentType)
            ? codedMessage('messages.fileContentMismatch')
            : rules.typeMessage,
        );
      }
      // A Content-Length that says too much is refused before reading; a chunked body (no length)
      // is cut off while streaming, once it passes the size in the token.
      if (upload.contentLength !== undefined) {
        const length = Number(upload.contentLength);
        if (!Number.isSafeInteger(length))
          throw new AppError('VALIDATION', codedMessage('messages.fileSizeMismatch'));
        if (length > rules.maxBytes) throw tooLarge(rules);
        if (length > claims.byteSize)
          throw new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.fileSizeMismatch'));
        if (length < claims.byteSize)
          throw new AppError('VALIDATION', codedMessage('messages.fileSizeMismatch'));
      }

      const row = await claimTempFileForUpload(db, {
        uid: claims.tempFileId,
        organizationUid: claims.organizationUid,
        userUid: claims.userUid,
      });
      if (!row) {
        const existing = await findTempFile(db, claims.tempFileId);
        if (existing) throw new AppError('CONFLICT', codedMessage('messages.uploadLinkUsed'));
        throw new AppError('GONE', codedMessage('messages.uploadLinkExpired'));
      }

      const { guard, bytesSeen } = guardUpload({
        limit: Math.min(claims.byteSize, rules.maxBytes),
        tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', codedMessage('messages.fileSizeMismatch')),
        contentType,
      });
      // The guard may fail before the store has attached to it: keep its error and raise it here.
      let refused: unknown = null;
      guard.on('error', (error) => {
        refused ??= error;
      });
      try {
        upload.body.on('error', (error) => guard.destroy(error));
        await blobs.put(row.blobKey, upload.body.pipe(guard), { contentType, byteSize: claims.byteSize });
        if (refused) throw refused;
        if (bytesSeen() !== claims.byteSize)
          throw new AppError('VALIDATION', codedMessage('messages.fileSizeMismatch'));
      } catch (error) {
        await blobs.delete(row.blobKey).catch(() => undefined);
        await deleteTempFile(db, row.uid);
        throw refused ?? error;
      }
      crashPoint('uploads.receive.after-store');
      await markTempFileUploaded(db, row.uid);
      return { tempFileId: row.uid, filename: row.filename, contentType, byteSize: claims.byteSize };
    },

    /**
     * Takes the uploaded temp files a caller names (inside the caller's transaction): each must be
     * this user's, in this organization and uploaded; otherwise a 400 naming the attachment.
     */
    async take(
      tx: Database,
      who: { organizationUid: string; userUid: string },
      tempFileIds: string[],
      field = 'attachments',
    ): Promise<Map<string, TempFileRow>> {
      const rows = await takeUploadedTempFiles(tx, {
        uids: tempFileIds,
        organizationUid: who.organizationUid,
        userUid: who.userUid,
      });
      const byUid = new Map(rows.map((row) => [row.uid, row]));
      const missing = tempFileIds.findIndex((uid) => !byUid.has(uid));
      if (missing !== -1) {
        throw new AppError('VALIDATION', codedMessage('messages.attachmentGone'), {
          [`${field}.${missing}.tempFileId`]: codedMessage('messages.attachmentGone'),
        });
      }
      return byUid;
    },

    purgeTempFiles,

    /** Starts the hourly purge chain (a no-op when this hour's link exists). */
    async schedulePurge(): Promise<void> {
      await enqueueJob(db, { kind: PURGE_TEMP_FILES_JOB, payload: {}, key: purgeKey(now()) });
    },
  };
}
