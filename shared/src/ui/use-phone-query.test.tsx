import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setServerViewportGuess, usePhoneQuery } from './server-render';

function Layout() {
  return <p>{usePhoneQuery('(max-width: 47.99em)') ? 'one pane' : 'list and conversation'}</p>;
}

const viewport = (phone: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: phone,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

describe('a phone-width media query in the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers with the viewport from the first render, whatever the server guessed', () => {
    setServerViewportGuess({ phone: true });
    viewport(false);
    const { unmount } = render(<Layout />);
    expect(screen.getByText('list and conversation')).toBeTruthy();
    unmount();
    setServerViewportGuess({ phone: false });
    viewport(true);
    render(<Layout />);
    expect(screen.getByText('one pane')).toBeTruthy();
  });
});
