import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-slate-500">404</p>
        <h1 className="mt-1 text-xl font-semibold">This page does not exist</h1>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-600 hover:underline">
          Back to the start page
        </Link>
      </div>
    </div>
  );
}
