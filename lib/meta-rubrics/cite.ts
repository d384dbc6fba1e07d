// "Cite in a meta-rubric proposal": a reviewer coming from a drill-down (an adjudication) brings one criterion
// as the new proposal's first piece of evidence. Experts cite only their own verdicts, so the parameter is
// ignored for them (the server checks evidence again on save either way).
import type { Role } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { parseRouteId } from '@/lib/http/route-params';
import type { EvidenceInput } from '@/lib/meta-rubrics/schemas';

export function citeParam(search: Record<string, string | string[] | undefined>, role: Role): number | null {
  return role === 'EXPERT' ? null : parseRouteId(search.cite);
}

export async function citedCriterion(criterionId: number): Promise<(EvidenceInput & { criterionTitle: string }) | null> {
  const criterion = await prisma.criterion.findUnique({ where: { id: criterionId }, select: { id: true, title: true } });
  return criterion ? { criterionId: criterion.id, criterionTitle: criterion.title } : null;
}

/** The proposal form of the meta-rubric a criterion was generated under, or the list to choose one when it has none. */
export function citeHref(criterionId: number, metaRubricId: number | null | undefined): string {
  return metaRubricId ? `/meta-rubrics/${metaRubricId}/proposals/new?cite=${criterionId}` : `/meta-rubrics?cite=${criterionId}`;
}
