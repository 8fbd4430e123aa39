import type { ReactNode } from 'react';

/** A stroked icon drawn on a 24-unit grid, for decoration only: screen readers pass over it. */
export function LineIcon({ size, strokeWidth, color = 'currentColor', children }: { size: number; strokeWidth: number; color?: string; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke={color} strokeWidth={strokeWidth} aria-hidden="true">
      {children}
    </svg>
  );
}
