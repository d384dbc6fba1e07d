import type { Metadata } from 'next';
import { prisma } from '@/lib/db';
import { notFound } from 'next/navigation';
import { queueQuery } from '@/components/adjudication/adjudication-queue';
import { AdjudicationScreen } from '@/components/adjudication/adjudication-screen';
import { getAdjudicationItem } from '@/lib/adjudication/get-adjudication-item';
import { listAdjudicationQueue } from '@/lib/adjudication/list-adjudication-queue';
import { parseQueueParams } from '@/lib/adjudication/schemas';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { citeHref } from '@/lib/meta-rubrics/cite';

export const metadata: Metadata = { title: 'Adjudicate' };

export default async function AdjudicationItemPage({
  params,
  searchParams,
}: {
  params: Promise<{ campaignId: string; criterionId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireSection('adjudication');
  const ids = await params;
  const campaignId = parseRouteId(ids.campaignId);
  const criterionId = parseRouteId(ids.criterionId);
  if (campaignId === null || criterionId === null) notFound();
  const search = await searchParams;
  // Names are read only when asked for, so the default page cannot carry them.
  const revealNames = search.names === '1';
  const item = await getAdjudicationItem({ campaignId, criterionId, revealNamesTo: revealNames ? user.id : undefined });
  // Criteria without a disagreement (unanimous, awaiting verdicts, or not in the campaign) are not adjudicated.
  if (!item) notFound();

  // The queue's filters travel with the reviewer, so "next" stays in the queue they were working through.
  const queue = parseQueueParams(search);
  const filters = queueQuery({ campaign: queue.campaign, max: queue.max });
  const next = await listAdjudicationQueue({
    campaignId: queue.campaign,
    maxAgreement: queue.max,
    after: { campaignId, criterionId, agreement: item.disagreement.agreement },
    pageSize: 1,
  });
  const nextItem = next.items[0];
  const here = `/adjudication/${campaignId}/${criterionId}`;
  const withNames = new URLSearchParams(filters.slice(1));
  if (!revealNames) withNames.set('names', '1');
  return (
    <AdjudicationScreen
      key={`${campaignId}:${criterionId}`}
      item={item}
      queueHref={`/adjudication${filters}`}
      nextHref={nextItem ? `/adjudication/${nextItem.campaignId}/${nextItem.criterionId}${filters}` : null}
      namesHref={withNames.size ? `${here}?${withNames}` : here}
      citeHref={await proposalHref(criterionId)}
    />
  );
}

/** The proposal form of the meta-rubric the criterion was generated under, or the list to choose one. */
async function proposalHref(criterionId: number): Promise<string> {
  const provenance = await prisma.criterionProvenance.findUnique({
    where: { criterionId },
    select: { metaRubricVersion: { select: { metaRubricId: true } } },
  });
  return citeHref(criterionId, provenance?.metaRubricVersion?.metaRubricId);
}
