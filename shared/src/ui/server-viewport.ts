let phone = false;

/**
 * The server's first render of a page (the shell's ssr.tsx) has no window to measure: it renders
 * for the viewport the request suggests (a phone's browser, by its client hint or user agent).
 */
export function setServerViewportGuess(guess: { phone: boolean }): void {
  phone = guess.phone;
}

/**
 * The initial value of a phone-width media query where there is no window (the server's render);
 * in the browser the query itself answers (`useMediaQuery(query, phoneOnServer(), {
 * getInitialValueInEffect: false })`).
 */
export function phoneOnServer(): boolean {
  return phone;
}
