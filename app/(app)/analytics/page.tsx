import type { Metadata } from 'next';
import { AnalyticsDashboard } from '@/components/analytics/analytics-dashboard';
import { ProxyAccuracyStat } from '@/components/discriminability/proxy-accuracy-stat';
import { latestProxyAccuracy } from '@/lib/discriminability/latest-proxy-accuracy';
import { IdOptions } from '@/components/ui/id-options';
import { PageHeader } from '@/components/ui/page-header';
import { BREAKDOWNS, type Breakdown, computeDashboard } from '@/lib/analytics/compute-dashboard';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { prisma } from '@/lib/db';

export const metadata: Metadata = { title: 'Analytics' };

export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSection('analytics');
  const params = await searchParams;
  const campaignId = parseRouteId(params.campaign) ?? undefined;
  const datasetId = parseRouteId(params.dataset) ?? undefined;
  const by = (BREAKDOWNS as readonly string[]).includes(String(params.by)) ? (params.by as Breakdown) : 'category';
  const [dashboard, campaigns, datasets, proxy] = await Promise.all([
    computeDashboard({ campaignId, datasetId }),
    prisma.auditCampaign.findMany({ where: { kind: 'AUDIT' }, select: { id: true, name: true }, orderBy: { id: 'desc' } }),
    prisma.dataset.findMany({ select: { id: true, name: true }, orderBy: { name: 'asc' } }),
    latestProxyAccuracy({ datasetId }),
  ]);
  const query: Record<string, string> = {};
  if (campaignId) query.campaign = String(campaignId);
  if (datasetId) query.dataset = String(datasetId);
  const select = 'mt-1 block w-64 rounded-md border-slate-300 text-sm shadow-sm focus:border-brand-500 focus:ring-brand-500';
  return (
    <>
      <PageHeader
        title="Analytics"
        description="Concordance of the audited criteria (unanimous verdicts, else the adjudicated gold decision), agreement between experts and error rates, with 95% intervals that treat the criteria of one query as a cluster (docs/statistics.md)."
      />
      <form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Scope">
        <label className="text-sm font-medium text-slate-700">
          Campaign
          <select name="campaign" defaultValue={campaignId ?? ''} className={select}>
            <IdOptions items={campaigns} allLabel="All campaigns" />
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Dataset
          <select name="dataset" defaultValue={datasetId ?? ''} className={select}>
            <IdOptions items={datasets} allLabel="All datasets" />
          </select>
        </label>
        <input type="hidden" name="by" value={by} />
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Apply
        </button>
      </form>
      <AnalyticsDashboard
        dashboard={dashboard}
        by={by}
        query={query}
        discriminability={
          <ProxyAccuracyStat latest={proxy} href={`/analytics/discriminability${datasetId ? `?dataset=${datasetId}` : ''}`} />
        }
      />
    </>
  );
}
