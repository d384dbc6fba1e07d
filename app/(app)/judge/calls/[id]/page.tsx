import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { CallView } from '@/components/judge/call-view';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getCall } from '@/lib/judge/run-view';

export const metadata: Metadata = { title: 'Judge call' };

export default async function CallPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSection('judge');
  const callId = parseRouteId((await params).id);
  const call = callId === null ? null : await getCall(callId);
  if (!call) notFound();
  // A call can serve several runs (answers are reused by request); the link it was opened from names one.
  const run = await searchParams.then((raw) => (typeof raw.run === 'string' ? parseRouteId(raw.run) : null));
  return (
    <div className="mx-auto max-w-5xl">
      <JudgeBreadcrumb current={`Call #${call.id}`} via={run ? { href: `/judge/runs/${run}`, label: `Run #${run}` } : undefined} />
      <CallView call={call} />
    </div>
  );
}
