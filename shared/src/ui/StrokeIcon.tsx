import type { SVGProps } from 'react';

/**
 * An inline line icon (24-unit grid, drawn with `currentColor`), hidden from assistive technology:
 * the few icons the apps need, with no icon library in any bundle. Its paths are the children.
 */
export function StrokeIcon({ size = 18, children, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}
