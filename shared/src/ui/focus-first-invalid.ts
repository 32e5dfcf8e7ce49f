import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../client/api-client';
import { applyServerFieldErrors } from './form-errors';

type TFieldErrors = Record<string, unknown>;

/**
 * A form's errors take the keyboard to them: after a submit that fails validation, or a server answer
 * with field errors, focus moves to the first field with an error in the form's order, so a screen
 * reader says its label, that it is invalid and its message (without it focus stayed on the submit
 * button and nothing was said). Fields are found by Mantine's `data-path` on each input.
 *
 *   const invalid = useFocusFirstInvalid();
 *   <form ref={invalid.formRef} onSubmit={form.onSubmit(send, invalid.onValidationErrors)}>
 *   onError: (error) => { if (!invalid.applyServerFieldErrors(form, error)) notifyError(error); }
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  // Focused after the render that shows the messages, so the field is read with them.
  const [pending, setPending] = useState<{ fields: Set<string> } | null>(null);

  useEffect(() => {
    if (!pending) return;
    const inputs = formRef.current?.querySelectorAll<HTMLElement>('[data-path]') ?? [];
    const first = [...inputs].find((input) => pending.fields.has(input.dataset.path ?? ''));
    first?.focus();
  }, [pending]);

  const onValidationErrors = useCallback((errors: TFieldErrors) => {
    const fields = Object.keys(errors).filter((field) => Boolean(errors[field]));
    if (fields.length > 0) setPending({ fields: new Set(fields) });
  }, []);

  /** applyServerFieldErrors, then focus on the first field it put a message under. */
  const applyAndFocusServerFieldErrors = useCallback(
    (form: Parameters<typeof applyServerFieldErrors>[0], error: unknown): boolean => {
      if (!applyServerFieldErrors(form, error)) return false;
      if (error instanceof ApiError && error.fields) onValidationErrors(error.fields);
      return true;
    },
    [onValidationErrors],
  );

  return { formRef, onValidationErrors, applyServerFieldErrors: applyAndFocusServerFieldErrors };
}
