import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MetaRubricBreadcrumb } from '@/components/meta-rubrics/breadcrumb';
import { evidenceOptionsFor } from '@/components/meta-rubrics/evidence-options';
import { ProposalForm } from '@/components/meta-rubrics/proposal-form';
import { PageHeader } from '@/components/ui/page-header';
import { requireSection } from '@/lib/auth/session';
import { parseRouteId } from '@/lib/http/route-params';
import { citeParam, citedCriterion } from '@/lib/meta-rubrics/cite';
import { getMetaRubric } from '@/lib/meta-rubrics/read-meta-rubrics';

export const metadata: Metadata = { title: 'Propose a change' };

export default async function NewProposalPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireSection('metaRubrics');
  const cite = citeParam(await searchParams, user.role);
  const id = parseRouteId((await params).id);
  const rubric = id ? await getMetaRubric(id) : null;
  if (!rubric?.active) notFound();
  const options = await evidenceOptionsFor(user);
  const cited = cite ? await citedCriterion(cite) : null;
  return (
    <div className="mx-auto max-w-4xl">
      <MetaRubricBreadcrumb rubric={rubric} current="Propose a change" />
      <PageHeader
        title="Propose a change"
        description={`Changes to v${rubric.active.number}, the active version. Reviewers approve a proposal into the next version.`}
      />
      <ProposalForm
        metaRubricId={rubric.id}
        base={{
          principles: rubric.active.principles,
          generationRules: rubric.active.generationRules,
          scoringProfile: rubric.active.scoringProfile,
        }}
        evidenceOptions={options}
        canCiteAnyCriterion={user.role !== 'EXPERT'}
        initialEvidence={cited ? [cited] : []}
      />
    </div>
  );
}
