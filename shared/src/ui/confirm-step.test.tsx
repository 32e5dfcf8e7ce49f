import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConfirmStep } from './confirm-step';

/** One Remove per item; the asking item's Remove turns into Confirm and Cancel. */
function Items({ items }: { items: string[] }) {
  const step = useConfirmStep<string>();
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>
          {step.confirming === item ? (
            <>
              <button type="button" ref={step.confirmRef}>{`Confirm ${item}`}</button>
              <button type="button" onClick={step.cancel}>{`Cancel ${item}`}</button>
              <button type="button" onClick={step.dismiss}>{`Dismiss ${item}`}</button>
            </>
          ) : (
            <button type="button" ref={step.askRef(item)} onClick={() => step.ask(item)}>
              {`Remove ${item}`}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

describe('useConfirmStep', () => {
  it('moves focus to the confirming button, and back to the item that asked on cancel', () => {
    render(<Items items={['a', 'b', 'c']} />);
    const button = (name: string) => screen.getByRole('button', { name });
    expect(document.activeElement).toBe(document.body);

    fireEvent.click(button('Remove b'));
    expect(document.activeElement).toBe(button('Confirm b'));
    expect(screen.queryByRole('button', { name: 'Remove b' })).toBeNull();

    fireEvent.click(button('Cancel b'));
    expect(document.activeElement).toBe(button('Remove b'));

    // Another item asks: only its own buttons change, and focus follows it.
    fireEvent.click(button('Remove c'));
    expect(document.activeElement).toBe(button('Confirm c'));
    expect(button('Remove b')).toBeTruthy();
  });

  it('dismisses the question without moving focus (something else takes it)', () => {
    render(<Items items={['a', 'b']} />);
    const button = (name: string) => screen.getByRole('button', { name });
    fireEvent.click(button('Remove a'));
    const dismiss = button('Dismiss a');
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(screen.queryByRole('button', { name: 'Confirm a' })).toBeNull();
    expect(document.activeElement).not.toBe(button('Remove a'));
  });
});
