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
 *
 * A press of the form's submit button leaves focus in the field being typed in (the button's
 * mousedown takes no focus): a field checked when it loses focus would otherwise show its message
 * between the press and the release, move the button down under the pointer and lose the click,
 * and the button, disabled while the request runs, would drop focus to the page.
 */
export function useFocusFirstInvalid() {
  const formElement = useRef<HTMLFormElement | null>(null);
  const formRef = useCallback((form: HTMLFormElement | null) => {
    formElement.current = form;
    if (!form) return;
    const keepFieldFocus = (event: MouseEvent) => {
      if (event.button !== 0) return;
      const button = (event.target as Element | null)?.closest?.('button[type="submit"]');
      const field = document.activeElement;
      if (button && form.contains(button) && field && field !== button && form.contains(field))
        event.preventDefault();
    };
    form.addEventListener('mousedown', keepFieldFocus);
    return () => {
      form.removeEventListener('mousedown', keepFieldFocus);
      formElement.current = null;
    };
  }, []);
  // Focused after the render that shows the messages, so the field is read with them.
  const [pending, setPending] = useState<{ fields: Set<string> } | null>(null);

  useEffect(() => {
    if (!pending) return;
    const inputs = formElement.current?.querySelectorAll<HTMLElement>('[data-path]') ?? [];
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
