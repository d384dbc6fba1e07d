// Styled primitives for small static tables (the large interactive ones use components/data-table).
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

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
}: {
  label: string;
  head: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <table className={`min-w-full divide-y divide-slate-200 text-sm ${className}`} aria-label={label}>
      <thead className="sticky top-0 bg-slate-50">
        <tr>{head}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
