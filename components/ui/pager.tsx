// Previous / next links under a paged list whose page lives in the URL (the adjudication tabs).
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';

export function Pager({ label, page, pages, href }: { label: string; page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm">
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className={buttonClasses('secondary', 'sm')} href={href(page - 1)}>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={buttonClasses('secondary', 'sm')} href={href(page + 1)}>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
