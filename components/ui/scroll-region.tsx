// A box that scrolls its content (a wide table on a phone) instead of widening the page. It is in the tab order
// and named, so keyboard users can reach it and scroll it with the arrow keys, and screen readers announce what
// it holds (WCAG 2.1.1; axe "scrollable-region-focusable"). It is positioned, so that visually hidden (absolute)
// text inside is clipped with the rest rather than widening an outer box.
import type { ReactNode } from 'react';

export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // A named <section> is a region landmark.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
      tabIndex={0}
      className={`relative max-w-full overflow-auto ${className}`}
    >
      {children}
    </section>
  );
}

/**
 * The same for a box that keeps its own element (a <pre>, a response pane): focusable and named, so the arrow
 * keys scroll it and a screen reader says what it is.
 */
export function scrollableProps(label: string) {
  return { tabIndex: 0, role: 'region', 'aria-label': label } as const;
}
