import { ApiError } from '../client/api-client';

interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * Puts the server's field messages under their fields. Returns true when it did, so the caller
 * can skip the toast for an error the form already shows.
 */
export function applyServerFieldErrors(form: FormWithErrors, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields || Object.keys(error.fields).length === 0) return false;
  form.setErrors(error.fields);
  return true;
}
