import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * Whether a click on a link is the router's to follow, as a `Link` decides: a plain left click not
 * prevented, without a modifier (a new tab or window is the browser's), on a link that opens in
 * this window.
 */
export function isRouterClick(event: MouseEvent<HTMLElement>, target?: string): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  return !target || target === '_self';
}

export interface PlainLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** An absolute path of the app (it has no basename): the href as it is. */
  to: string;
  /** The router's navigate, from a component that follows the router anyway (a stable function). */
  navigate: NavigateFunction;
}

/**
 * A link within the app that does not follow the router. A `Link` reads the location, so it renders
 * again on every navigation (a new page or page size of a list included) wherever it is, under
 * memoized parents or not: the sidebar's dozen links rendered on every page of the transactions list.
 * This one renders when its props change; a plain left click navigates client-side with the
 * `navigate` it is given, any other click is the browser's, as with a `Link`.
 */
export const PlainLink = forwardRef<HTMLAnchorElement, PlainLinkProps>(function PlainLink(
  { to, navigate, onClick, ...rest },
  ref,
) {
  return (
    <a
      ref={ref}
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!isRouterClick(event, rest.target)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
});
