import Link from 'next/link';

export default function Forbidden() {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-red-700">403</p>
        <h1 className="mt-1 text-xl font-semibold">You do not have access to this page</h1>
        <p className="mt-2 text-sm text-slate-600">Your role does not include this section. Ask an admin if you need it.</p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-600 hover:underline">
          Back to the start page
        </Link>
      </div>
    </div>
  );
}
