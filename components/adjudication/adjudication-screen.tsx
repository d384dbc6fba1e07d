// One disagreement on one screen: the query as a chat and the criterion on the left, the experts' verdicts
// and the gold decision form on the right. Whether expert names are shown was decided on the server (the
// item carries them or not); the link here only asks for the other view.
import type { Category } from '@/lib/vocabulary/enums';
import Link from 'next/link';
import { AdjudicationForm } from '@/components/adjudication/adjudication-form';
import { formatAgreement } from '@/components/adjudication/adjudication-queue';
import { CriterionSummary } from '@/components/adjudication/criterion-summary';
import { VerdictDistribution } from '@/components/adjudication/verdict-distribution';
import { DECISION_LABELS } from '@/components/audit/labels';
import { Conversation, toMessages } from '@/components/criteria/conversation';
import { CATEGORY_LABELS } from '@/components/criteria/labels';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { AdjudicationItem } from '@/lib/adjudication/get-adjudication-item';

export function AdjudicationScreen({
  item,
  queueHref,
  nextHref,
  namesHref,
  citeHref,
}: {
  item: AdjudicationItem;
  queueHref: string;
  nextHref: string | null;
  /** The same screen with names shown or hidden (the other way from now). */
  namesHref: string;
  /** A meta-rubric proposal citing this criterion as evidence. */
  citeHref: string;
}) {
  const { criterion, query, disagreement, adjudication } = item;
  const gold = adjudication ? DECISION_LABELS[adjudication.goldDecision as keyof typeof DECISION_LABELS] : null;
  return (
    <>
      <nav aria-label="Adjudication" className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link href={queueHref} className="font-medium text-brand-700 hover:underline">
          ← Back to the queue
        </Link>
        <Link href={citeHref} className="text-brand-700 hover:underline">
          Cite in a meta-rubric proposal
        </Link>
        {nextHref ? (
          <Link href={nextHref} className={buttonClasses('secondary', 'sm')}>
            Skip to next unresolved
          </Link>
        ) : null}
      </nav>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-500">
            {item.campaign.name} · query {query.externalId} · {CATEGORY_LABELS[query.category as Category] ?? query.category}
            {query.department ? ` · ${query.department}` : ''}
          </p>
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Adjudicate: {criterion.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <VerdictDistribution counts={disagreement.counts} />
            <span>
              Agreement <strong className="tabular-nums">{formatAgreement(disagreement.agreement)}</strong> over {disagreement.verdicts}{' '}
              verdicts
            </span>
            {gold ? <Badge tone={gold.tone}>Gold: {gold.label}</Badge> : <Badge tone="amber">Unresolved</Badge>}
          </div>
        </div>
        <Link href={namesHref} prefetch={false} className={buttonClasses('ghost', 'sm')}>
          {item.namesRevealed ? 'Hide expert names' : 'Show expert names'}
        </Link>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <section aria-labelledby="query-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 id="query-heading" className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
              Query
            </h2>
            <Conversation messages={toMessages(query.conversation)} language={query.language} />
          </section>
          <CriterionSummary criterion={criterion} />
        </div>
        <AdjudicationForm
          campaignId={item.campaign.id}
          criterionId={criterion.id}
          original={{ title: criterion.title, description: criterion.description, tier: criterion.tier, points: criterion.points }}
          dimensions={item.campaign.dimensions}
          flagged={disagreement.flagged}
          verdicts={item.verdicts}
          adjudication={adjudication}
          nextHref={nextHref}
          queueHref={queueHref}
        />
      </div>
    </>
  );
}
