import { ApiError } from '../client/api-client';
import { translateMessage } from '../i18n/messages';

interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * Puts the server's field messages under their fields, in the active language. Returns true when it did, so the caller
 * can skip the toast for an error the form already shows.
 */
export function applyServerFieldErrors(form: FormWithErrors, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields || Object.keys(error.fields).length === 0) return false;
  form.setErrors(
    Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, translateMessage(text)])),
  );
  return true;
}
