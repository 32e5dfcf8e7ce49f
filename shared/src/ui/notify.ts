import { notifications } from '@mantine/notifications';
import { ApiError } from '../client/api-client';

/** A failed mutation's toast: the catalogue message, with the server's reason when it gave one. */
export function notifyError(error: unknown): void {
  const title = error instanceof Error ? error.message : 'Something went wrong!';
  const detail = error instanceof ApiError ? error.detail : undefined;
  notifications.show({ color: 'red', title, message: detail ?? '' });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}
