import type { Metadata } from 'next';
import { CriteriaBrowser } from '@/components/criteria/criteria-browser';
import { PageHeader } from '@/components/ui/page-header';
import { listCampaignsTakingCriteria } from '@/lib/audit/list-campaigns-taking-criteria';
import { requireSection } from '@/lib/auth/session';
import { getCriteriaFacets } from '@/lib/criteria/criteria-facets';
import { getCriterionDetail } from '@/lib/criteria/get-criterion-detail';
import { countCriteria, criteriaParamsSchema, listCriteria } from '@/lib/criteria/list-criteria';
import { parseRouteId } from '@/lib/http/route-params';

export const metadata: Metadata = { title: 'Criteria' };

/** Repeated parameters (`?tier=a&tier=b`) count as their first value, as URLSearchParams.get does in the browser. */
function firstValues(searchParams: Record<string, string | string[] | undefined>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(searchParams)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) values[key] = first;
  }
  return values;
}

export default async function CriteriaPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireSection('criteria');
  const raw = firstValues(await searchParams);
  const params = criteriaParamsSchema.parse(raw);
  const openId = parseRouteId(raw.open);
  // Not awaited: the rows render at once and the total streams in when counted.
  const count = countCriteria(params);
  const isAdmin = user.role === 'ADMIN';
  const [page, facets, detail, campaigns] = await Promise.all([
    listCriteria(params),
    getCriteriaFacets(),
    openId ? getCriterionDetail({ id: openId, viewerRole: user.role }) : null,
    isAdmin ? listCampaignsTakingCriteria() : [],
  ]);
  return (
    <>
      <PageHeader
        title="Criteria"
        description="Every scoring criterion across the imported datasets. Filter, sort and share the view by its link; open a criterion to read its query and history."
      />
      <CriteriaBrowser
        page={page}
        count={count}
        facets={facets}
        limit={params.limit}
        detail={detail}
        isAdmin={isAdmin}
        campaigns={campaigns}
      />
    </>
  );
}
