import type { NotificationData } from '@mantine/notifications';
import { ApiError } from '../client/api-client';
import { i18n } from '../i18n/i18n';
import { translateMessage } from '../i18n/messages';

type TNotificationsModule = typeof import('@mantine/notifications');

/*
 * Toasts are not on the first page: @mantine/notifications (its store and its container) loads the
 * first time one is shown. The shell renders the container from `loadedToasts()` once it is there.
 */
let loading: Promise<TNotificationsModule> | undefined;
let loaded: TNotificationsModule | undefined;
const listeners = new Set<() => void>();

/** The toasts' module; loaded once, asked for again after a failed load. */
function loadNotifications(): Promise<TNotificationsModule> {
  if (!loading) {
    const load = import('@mantine/notifications');
    loading = load;
    load.then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
      },
      () => {
        if (loading === load) loading = undefined;
      },
    );
  }
  return loading;
}

/** The toasts' module once a toast has loaded it, else undefined (for useSyncExternalStore). */
export const loadedToasts = (): TNotificationsModule | undefined => loaded;
export function subscribeToLoadedToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function showToast(data: NotificationData): void {
  loadNotifications().then(
    ({ notifications }) => notifications.show(data),
    // The chunk did not load (offline): nothing to show it with; the page's own state still says it.
    (error: unknown) => console.error('A toast could not be shown:', data.title ?? data.message, error),
  );
}

/**
 * A failed mutation's toast: the catalogue message, with the server's reason when it gave one, both
 * in the active language (translateMessage).
 */
export function notifyError(error: unknown): void {
  const title =
    error instanceof Error
      ? translateMessage(error.message)
      : i18n.t('ui.somethingWentWrong', { ns: 'common' });
  const detail = error instanceof ApiError ? error.detail : undefined;
  showToast({ color: 'red', title, message: detail ? translateMessage(detail) : '' });
}

export function notifySuccess(message: string): void {
  showToast({ color: 'teal', message });
}
