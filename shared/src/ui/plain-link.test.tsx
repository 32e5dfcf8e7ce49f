import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlainLink } from './plain-link';

/** Whether each click reached the window with its default (the browser's navigation) still to come. */
const leftToBrowser: boolean[] = [];
const record = (event: Event) => {
  leftToBrowser.push(!event.defaultPrevented);
  // jsdom cannot load another document; the record is all the test needs.
  event.preventDefault();
};
beforeEach(() => {
  leftToBrowser.length = 0;
  window.addEventListener('click', record);
});
afterEach(() => window.removeEventListener('click', record));

describe('PlainLink', () => {
  it('is a link to its path that the router follows on a plain left click only', () => {
    const navigate = vi.fn();
    const onClick = vi.fn();
    render(
      <PlainLink to="/org/acme/wallet" navigate={navigate} onClick={onClick}>
        Wallet
      </PlainLink>,
    );
    const link = screen.getByRole('link', { name: 'Wallet' });
    expect(link.getAttribute('href')).toBe('/org/acme/wallet');

    // Modified or other-button clicks are the browser's (a new tab, a new window, a download).
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      fireEvent.click(link, init);
    }
    expect(leftToBrowser).toEqual([true, true, true, true, true]);
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.click(link);
    expect(leftToBrowser.at(-1)).toBe(false);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/org/acme/wallet');
    // Its own onClick runs for every click.
    expect(onClick).toHaveBeenCalledTimes(6);
  });

  it('leaves a click its onClick prevented, or on a link to another window, alone', () => {
    const navigate = vi.fn();
    const { rerender } = render(
      <PlainLink to="/docs" navigate={navigate} onClick={(event) => event.preventDefault()}>
        Docs
      </PlainLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Docs' }));
    rerender(
      <PlainLink to="/docs" navigate={navigate} target="_blank">
        Docs
      </PlainLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Docs' }));
    expect(leftToBrowser).toEqual([false, true]);
    expect(navigate).not.toHaveBeenCalled();
  });
});
