import { notifyErrorWith, useT } from '@dash/shared';
import { type TReplyAttachment, uploadFile } from '@dash/shared/api';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ReplyAttachment {
  key: number;
  name: string;
  /** 0 to 1 while uploading. */
  progress: number;
  /** Set once the upload is done (ready): the server's temp id. */
  tempFileId?: string;
}

/**
 * What tells a picked file from another: a browser gives a new File for each pick, so the same file
 * picked twice is two objects with the same name, size, date and type.
 */
const identityOf = (file: File) => [file.name, file.size, file.lastModified, file.type].join('\u0000');

/**
 * The files attached to a reply. Each uploads as soon as it is chosen (loading, then ready with the
 * server's temp id, spec section 4); removing one cancels its upload. A failed upload is dropped
 * with the catalogue's 'Failed to upload file' toast, which names the file (one of several picked
 * may be refused, the others stay attached). A file already attached (uploading or ready)
 * is not attached twice: `add` attaches the others and answers the ones it left out.
 */
export function useReplyAttachments(organizationUid: string) {
  const { t } = useT('messages');
  const [attachments, setAttachments] = useState<ReplyAttachment[]>([]);
  const nextKey = useRef(0);
  const uploads = useRef(new Map<number, AbortController>());
  // Each attachment's file identity by key, kept at once (the state is a render behind a quick second pick).
  const attached = useRef(new Map<number, string>());

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const add = useCallback(
    (files: File[]): File[] => {
      const leftOut: File[] = [];
      for (const file of files) {
        const identity = identityOf(file);
        if ([...attached.current.values()].includes(identity)) {
          leftOut.push(file);
          continue;
        }
        const key = nextKey.current++;
        attached.current.set(key, identity);
        const controller = new AbortController();
        const update = (change: Partial<ReplyAttachment>) =>
          setAttachments((current) =>
            current.map((item) => (item.key === key ? { ...item, ...change } : item)),
          );
        uploads.current.set(key, controller);
        setAttachments((current) => [...current, { key, name: file.name, progress: 0 }]);
        uploadFile(organizationUid, file, (progress) => update({ progress }), controller.signal)
          .then((uploaded) => update({ progress: 1, tempFileId: uploaded.tempFileId }))
          .catch((error: unknown) => {
            attached.current.delete(key);
            setAttachments((current) => current.filter((item) => item.key !== key));
            if (!controller.signal.aborted)
              notifyErrorWith(error, (reason) => t('reply.notAttached', { name: file.name, reason }).trim());
          })
          .finally(() => uploads.current.delete(key));
      }
      return leftOut;
    },
    [organizationUid, t],
  );

  const remove = useCallback((key: number) => {
    uploads.current.get(key)?.abort();
    attached.current.delete(key);
    setAttachments((current) => current.filter((item) => item.key !== key));
  }, []);

  const clear = useCallback(() => {
    attached.current.clear();
    setAttachments([]);
  }, []);

  const uploading = attachments.some((item) => item.tempFileId === undefined);
  const payload: TReplyAttachment[] = attachments.flatMap((item) =>
    item.tempFileId ? [{ filename: item.name, tempFileId: item.tempFileId }] : [],
  );
  return { attachments, add, remove, clear, uploading, payload };
}
