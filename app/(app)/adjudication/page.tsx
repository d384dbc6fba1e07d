import type { Metadata } from 'next';
import { AdjudicationQueue } from '@/components/adjudication/adjudication-queue';
import { ProposalQueue } from '@/components/missing-criteria/proposal-queue';
import { PageHeader } from '@/components/ui/page-header';
import { listAdjudicationQueue } from '@/lib/adjudication/list-adjudication-queue';
import { parseQueueParams } from '@/lib/adjudication/schemas';
import { listCampaigns } from '@/lib/audit/campaign-stats';
import { requireSection } from '@/lib/auth/session';
import { countProposalDecisions } from '@/lib/missing-criteria/count-proposal-decisions';
import { listProposalQueue } from '@/lib/missing-criteria/list-proposal-queue';

export const metadata: Metadata = { title: 'Adjudication' };

export default async function AdjudicationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSection('adjudication');
  const params = parseQueueParams(await searchParams);
  const proposals = params.tab === 'proposals';
  const [queue, campaigns, proposalQueue, proposalCounts] = await Promise.all([
    // On the proposals tab only the disagreement tabs' counts are needed (a page of none).
    listAdjudicationQueue({
      tab: params.tab === 'proposals' ? 'unresolved' : params.tab,
      campaignId: params.campaign,
      maxAgreement: params.max,
      page: proposals ? 1 : params.page,
      ...(proposals ? { pageSize: 0 } : {}),
    }),
    listCampaigns(),
    proposals
      ? listProposalQueue({ campaignId: params.campaign, decision: params.decision, page: params.page, decided: params.decided })
      : null,
    proposals ? null : countProposalDecisions({ campaignId: params.campaign }),
  ]);
  return (
    <>
      <PageHeader
        title="Adjudication"
        description="Criteria whose experts disagree once all their verdicts are in, lowest agreement first, and the criteria experts say are missing. Open one to read every verdict and set the gold decision."
      />
      <AdjudicationQueue
        queue={queue}
        params={params}
        campaigns={campaigns.map(({ id, name }) => ({ id, name }))}
        proposalsPending={(proposalQueue?.totals ?? proposalCounts)?.PENDING ?? 0}
      >
        {proposalQueue ? <ProposalQueue queue={proposalQueue} params={params} /> : null}
      </AdjudicationQueue>
    </>
  );
}
