// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setServerViewportGuess, usePhoneQuery } from './server-render';

function Layout() {
  return usePhoneQuery('(max-width: 47.99em)') ? <p>one pane</p> : <p>list and conversation</p>;
}

describe('a phone-width media query in the server’s render', () => {
  afterEach(() => setServerViewportGuess({ phone: false }));

  it('answers with the request’s guess, there being no viewport to ask', () => {
    setServerViewportGuess({ phone: true });
    expect(renderToString(<Layout />)).toBe('<p>one pane</p>');
    setServerViewportGuess({ phone: false });
    expect(renderToString(<Layout />)).toBe('<p>list and conversation</p>');
  });
});
