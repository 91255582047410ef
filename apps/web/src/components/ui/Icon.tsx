import type { ReactNode } from 'react';

export type IconProps = { size?: number };

/**
 * The base of every stroke icon: drawn inline on a 24-unit grid, so it takes the text colour and
 * costs no request. Decorative: the control or text next to it carries the meaning.
 */
export function Icon({ size = 20, children }: IconProps & { children: ReactNode }) {
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
      focusable="false"
    >
      {children}
    </svg>
  );
}
