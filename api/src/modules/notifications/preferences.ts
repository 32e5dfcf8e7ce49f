import {
  NOTIFICATION_KINDS,
  type TNotificationPreference,
  type TUpdateNotificationPreferencesRequest,
  type TUser,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/index';
import { findPreferences, savePreferences } from './repo';

/** Every kind with the user's choice, on where they never chose. */
export async function getNotificationPreferences(
  db: Database,
  user: TUser,
): Promise<TNotificationPreference[]> {
  const chosen = await findPreferences(db, user.uid);
  return NOTIFICATION_KINDS.map((kind) => ({ kind, mail: chosen.get(kind) ?? true }));
}

/**
 * Changes the kinds given (the others stay as they are) and records what changed in the audit log,
 * in one transaction; a request that changes nothing writes nothing.
 */
export async function updateNotificationPreferences(
  db: Database,
  user: TUser,
  request: TUpdateNotificationPreferencesRequest,
): Promise<TNotificationPreference[]> {
  await db.transaction(async (tx) => {
    const before = await getNotificationPreferences(tx, user);
    const changed = request.preferences.filter(
      (preference) => before.find((current) => current.kind === preference.kind)?.mail !== preference.mail,
    );
    if (changed.length === 0) return;
    await savePreferences(tx, user.uid, changed);
    await recordAudit(tx, {
      organizationUid: null,
      actor: { kind: 'user', userUid: user.uid, email: user.email },
      action: 'notification_preferences.updated',
      subjectType: 'user',
      subjectUid: user.uid,
      data: { mail: Object.fromEntries(changed.map((preference) => [preference.kind, preference.mail])) },
    });
  });
  return getNotificationPreferences(db, user);
}
