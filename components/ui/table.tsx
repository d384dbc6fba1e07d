// Styled primitives for small static tables (the large interactive ones use components/data-table). Every table
// sits in its own named scroll region: on a phone it scrolls sideways there, never the page.
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';

export function Th({ className = '', align = 'left', ...props }: ThHTMLAttributes<HTMLTableCellElement> & { align?: 'left' | 'right' }) {
  return (
    <th
      scope="col"
      className={`px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500 ${align === 'right' ? 'text-right' : 'text-left'} ${className}`}
      {...props}
    />
  );
}

export function Td({ className = '', align = 'left', ...props }: TdHTMLAttributes<HTMLTableCellElement> & { align?: 'left' | 'right' }) {
  return <td className={`px-3 py-1.5 ${align === 'right' ? 'text-right tabular-nums' : ''} ${className}`} {...props} />;
}

export function SimpleTable({
  label,
  head,
  children,
  className = '',
  scrollClassName = '',
}: {
  label: string;
  /** The header cells (Th), without their row: the table puts them in its one header row. */
  head: ReactNode;
  children: ReactNode;
  className?: string;
  /** The scroll region's own classes, e.g. a max height for long tables (the header stays in view). */
  scrollClassName?: string;
}) {
  return (
    <ScrollRegion label={label} className={scrollClassName}>
      <table className={`min-w-full divide-y divide-slate-200 text-sm ${className}`} aria-label={label}>
        <thead className="sticky top-0 bg-slate-50">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
