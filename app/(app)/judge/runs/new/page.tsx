import type { Metadata } from 'next';
import { JudgeBreadcrumb } from '@/components/judge/breadcrumb';
import { RunLauncher } from '@/components/judge/run-launcher';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { getLauncherOptions } from '@/lib/judge/launcher-options';

export const metadata: Metadata = { title: 'New run' };

const KINDS = ['GENERATE', 'GRADE', 'PAIRWISE', 'PROBE', 'PROXY'] as const;

export default async function NewRunPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSection('judge');
  const search = await searchParams;
  const kind = KINDS.find((candidate) => candidate === search.kind);
  const version = parseRouteId(search.version) ?? undefined;
  const options = await getLauncherOptions();
  return (
    <div className="mx-auto max-w-5xl">
      <JudgeBreadcrumb current="New run" />
      <PageHeader
        title="New run"
        description="Choose the task, the endpoints and the queries; estimate the calls and cost, then start. The run works in the background and can be cancelled from its page."
      />
      <RunLauncher options={options} defaults={{ ...(kind ? { kind } : {}), ...(version ? { metaRubricVersionId: version } : {}) }} />
    </div>
  );
}
