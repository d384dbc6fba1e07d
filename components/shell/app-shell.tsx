import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { NavLinks } from '@/components/shell/nav-links';
import { ROLE_LABELS, SECTIONS, type SessionUser, sectionsFor } from '@/lib/auth/roles';
import { signOutAction } from '@/lib/auth/actions';

export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const items = sectionsFor(user.role).map((section) => ({ href: SECTIONS[section].href, label: SECTIONS[section].label }));
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white md:block">
        <div className="flex h-14 items-center border-b border-slate-200 px-4">
          <Link href="/" className="text-base font-semibold tracking-tight text-slate-900">
            Rubric<span className="text-brand-600"> Audit</span>
          </Link>
        </div>
        <nav aria-label="Main" className="p-3">
          <NavLinks items={items} />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 md:px-6">
          <nav aria-label="Main (compact)" className="md:hidden">
            <details>
              <summary className="cursor-pointer text-sm font-medium">Menu</summary>
              <div className="absolute z-20 mt-2 w-56 rounded-md bg-white p-2 shadow ring-1 ring-slate-200">
                <NavLinks items={items} />
              </div>
            </details>
          </nav>
          <div className="flex-1" />
          <div className="flex items-center gap-3" data-testid="current-user">
            <div className="text-right leading-tight">
              <div className="text-sm font-medium text-slate-900">{user.name}</div>
              <div className="text-xs text-slate-500">{user.email}</div>
            </div>
            <Badge tone={user.role === 'ADMIN' ? 'violet' : user.role === 'REVIEWER' ? 'blue' : 'green'}>
              <span data-testid="current-role">{ROLE_LABELS[user.role]}</span>
            </Badge>
            <form action={signOutAction}>
              <button type="submit" className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900">
                Sign out
              </button>
            </form>
          </div>
        </header>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
