import { ApiError } from '../client/api-client';
import { wordFieldErrors } from '../i18n/messages';

interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
  /** The form's values (a Mantine form's `getValues`): its fields are their paths. */
  getValues?: () => unknown;
}

/** Whether a dotted field path ('address.line1', 'owners.0.name') names one of the values, as a form input does. */
function isFieldOf(values: unknown, path: string): boolean {
  let node = values;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts the server's field messages under their fields, in the active language. Returns true when it
 * set at least one, so the caller can skip the toast for an error the form already shows; false when
 * none of the error's fields is on the form (e.g. a value sent that no input holds), so the caller
 * shows the error instead of nothing. A form that cannot list its values gets every field.
 */
export function applyServerFieldErrors(form: FormWithErrors, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const values = typeof form.getValues === 'function' ? form.getValues() : undefined;
  const onForm = Object.entries(error.fields).filter(
    ([field]) => values === undefined || isFieldOf(values, field),
  );
  if (onForm.length === 0) return false;
  const worded = wordFieldErrors(error);
  form.setErrors(Object.fromEntries(onForm.map(([field, text]) => [field, worded[field] ?? text])));
  return true;
}
