import type { ReactNode } from 'react';

/**
 * The box around a wide table, which scrolls sideways on a narrow screen or at large text.
 * It is a tab stop and a named region, so a keyboard user can scroll it with the arrow keys
 * and a screen reader says what it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
