import { notifications } from '@mantine/notifications';
import { ApiError } from '../client/api-client';
import { i18n } from '../i18n/i18n';
import { translateMessage } from '../i18n/messages';

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
  notifications.show({ color: 'red', title, message: detail ? translateMessage(detail) : '' });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}
