import type { NotificationData } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';
import { wordError, wordErrorDetail } from '../i18n/messages';

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

const FALLBACK_REGION_ID = 'dash-fallback-toasts';
const FALLBACK_TOAST_MS = 10_000;

/**
 * A toast without @mantine/notifications, for when its chunk cannot load: the API restarting (it
 * serves the files), a remote's server down (the shared module is resolved through the federation
 * runtime, which then fails), or a chunk the bundler will not ask for again. An error the user must
 * read is never dropped for that: plain DOM, an alert in a fixed region, closed by its button or
 * after ten seconds.
 */
function showFallbackToast(data: NotificationData): void {
  if (typeof document === 'undefined') return;
  let region = document.getElementById(FALLBACK_REGION_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = FALLBACK_REGION_ID;
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', i18n.t('ui.notifications', { ns: 'common' }));
    region.style.cssText =
      'position:fixed;top:16px;right:16px;z-index:1000;display:flex;flex-direction:column;gap:8px;max-width:min(420px,calc(100vw - 32px))';
    document.body.append(region);
  }
  const toast = document.createElement('div');
  toast.setAttribute('role', 'alert');
  toast.style.cssText = `background:var(--mantine-color-body,#fff);color:var(--mantine-color-text,#000);border-left:4px solid ${data.color === 'red' ? '#e03131' : '#0ca678'};box-shadow:0 2px 8px rgba(0,0,0,.2);border-radius:4px;padding:10px 36px 10px 12px;position:relative;font-size:14px`;
  for (const [text, weight] of [
    [data.title, '600'],
    [data.message, '400'],
  ] as const) {
    if (typeof text !== 'string' || text === '') continue;
    const line = document.createElement('div');
    line.textContent = text;
    line.style.fontWeight = weight;
    toast.append(line);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', i18n.t('ui.close', { ns: 'common' }));
  close.style.cssText =
    'position:absolute;top:4px;right:6px;border:0;background:none;font-size:18px;cursor:pointer;color:inherit';
  close.addEventListener('click', () => toast.remove());
  toast.append(close);
  region.append(toast);
  setTimeout(() => toast.remove(), FALLBACK_TOAST_MS);
}

function showToast(data: NotificationData): void {
  loadNotifications().then(
    // The close button is named (Mantine's has no accessible name of its own: axe's button-name).
    ({ notifications }) =>
      notifications.show({
        closeButtonProps: { 'aria-label': i18n.t('ui.close', { ns: 'common' }) },
        ...data,
      }),
    (error: unknown) => {
      console.error('The toasts could not load; shown without them:', data.title ?? data.message, error);
      showFallbackToast(data);
    },
  );
}

/**
 * A failed mutation's toast: the catalogue message, with the server's reason when it gave one, both
 * in the active language (worded from their codes). One argument, so it can be a mutation's `onError`.
 */
export function notifyError(error: unknown): void {
  notifyErrorWith(error, (reason) => reason);
}

/**
 * notifyError with the toast's body worded from the server's reason (translated; '' when there is
 * none), e.g. to name the one file of several that was refused.
 */
export function notifyErrorWith(error: unknown, explain: (reason: string) => string): void {
  const title = error instanceof Error ? wordError(error) : i18n.t('ui.somethingWentWrong', { ns: 'common' });
  showToast({ color: 'red', title, message: explain(wordErrorDetail(error) ?? '') });
}

export function notifySuccess(message: string): void {
  showToast({ color: 'teal', message });
}
