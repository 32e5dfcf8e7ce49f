import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusFirstInvalid } from './focus-first-invalid';

afterEach(cleanup);

/** A form whose Name is required, checked on submit; Slug takes anything. */
function Form({ onSend }: { onSend: () => void }) {
  const invalid = useFocusFirstInvalid();
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      ref={invalid.formRef}
      onSubmit={(event) => {
        event.preventDefault();
        const name = new FormData(event.currentTarget).get('name');
        if (name) return onSend();
        setError('Name is required');
        invalid.onValidationErrors({ name: 'Name is required' });
      }}
    >
      <input aria-label="Slug" name="slug" data-path="slug" />
      <input aria-label="Name" name="name" data-path="name" aria-invalid={error ? true : undefined} />
      <button type="button">Help</button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('moves focus to the first field in error after a refused submit', async () => {
    render(<Form onSend={vi.fn()} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
  });

  it('keeps focus in the field being typed in when the submit button is pressed (its mousedown takes no focus)', () => {
    const onSend = vi.fn();
    render(<Form onSend={onSend} />);
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    slug.focus();
    // fireEvent returns false when a handler prevented the default (the focus change).
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }))).toBe(false);
    // Another button, another mouse button, or nothing focused in the form: the browser's default.
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Help' }))).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }), { button: 2 })).toBe(true);
    slug.blur();
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }))).toBe(true);
  });
});
