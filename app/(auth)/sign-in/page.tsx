import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { getCurrentUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await getCurrentUser().catch(() => null)) redirect('/');
  const next = (await searchParams).next;
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <h1 className="mb-1 text-center text-2xl font-semibold tracking-tight">
          Rubric<span className="text-brand-600"> Audit</span>
        </h1>
        <p className="mb-6 text-center text-sm text-slate-600">Blind expert audit of medical scoring rubrics</p>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <SignInForm next={typeof next === 'string' ? next : undefined} />
        </div>
        <p className="mt-4 text-center text-xs text-slate-500">Accounts are created by an administrator.</p>
      </div>
    </div>
  );
}
