// Every criterion of a release's datasets with the outcome of its audit and, when it is left out, why:
// staged into the temp table release_candidates of the caller's transaction, so the preview (which counts
// it and rolls back) and the freeze (which copies it into release_items) read one and the same selection.
// A criterion audited in several campaigns counts once, with its latest final decision: the outcome of the
// campaign its status follows (criteria.final_campaign_id, kept by trigger), else its latest outcome (why it
// is left out).
import type pg from 'pg';
import { type OutcomeScope, outcomesCte } from '@/lib/analytics/criterion-outcomes';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ReleaseRules } from '@/lib/releases/schemas';

/** Why a criterion is not in the release, in the order the rules are checked. */
export const EXCLUSION_REASONS = {
  category: 'Category not included',
  red_line: 'Red-line rule',
  not_audited: 'Never audited',
  awaiting: 'Audit not finished',
  unresolved: 'Disagreement not adjudicated',
  rejected: 'Final decision: reject',
  decision: 'Final decision not included',
  adjudicated: 'Adjudicated (not allowed)',
  few_verdicts: 'Too few verdicts',
  low_agreement: 'Agreement below the minimum',
} as const;
export type ExclusionReason = keyof typeof EXCLUSION_REASONS;

export function candidatesSql(rules: ReleaseRules): Prisma.Sql {
  // One dataset narrows the outcome CTE to it; several read every outcome and filter by criterion below.
  const scope: OutcomeScope = rules.datasetIds.length === 1 ? { datasetId: rules.datasetIds[0] } : {};
  const redLine =
    rules.redLines === 'exclude' ? Prisma.sql`c.red_line` : rules.redLines === 'only' ? Prisma.sql`NOT c.red_line` : Prisma.sql`FALSE`;
  return Prisma.sql`
CREATE TEMP TABLE release_candidates ON COMMIT DROP AS
${outcomesCte(scope)}
SELECT DISTINCT ON (c.id) c.id AS criterion_id, c.query_id, c.dataset_id, c.position, c.category::text AS category, c.tier::text AS tier, c.red_line,
       q.department, p.campaign_id, p.final_decision, p.provenance, coalesce(p.verdicts, 0) AS verdicts, p.agreement,
       coalesce(p.n_accept, 0) AS n_accept, coalesce(p.n_minor, 0) AS n_minor, coalesce(p.n_major, 0) AS n_major,
       coalesce(p.n_reject, 0) AS n_reject,
       CASE WHEN NOT (c.category::text = ANY (${rules.categories}::text[])) THEN 'category'
            WHEN ${redLine} THEN 'red_line'
            WHEN p.criterion_id IS NULL THEN 'not_audited'
            WHEN p.provenance = 'AWAITING' THEN 'awaiting'
            WHEN p.provenance = 'UNRESOLVED' THEN 'unresolved'
            WHEN p.final_decision = 'REJECT' THEN 'rejected'
            WHEN NOT (p.final_decision = ANY (${rules.decisions}::text[])) THEN 'decision'
            WHEN p.provenance = 'ADJUDICATED' AND NOT ${rules.allowAdjudicated} THEN 'adjudicated'
            WHEN p.verdicts < ${rules.minVerdicts} THEN 'few_verdicts'
            WHEN ${rules.minAgreement}::float8 > 0 AND coalesce(p.agreement, -1) < ${rules.minAgreement}::float8 THEN 'low_agreement'
       END AS excluded
  FROM criteria c
  JOIN queries q ON q.id = c.query_id
  LEFT JOIN outcomes p ON p.criterion_id = c.id
 WHERE c.dataset_id = ANY (${rules.datasetIds}::int[])
 -- One row per criterion: the outcome of the campaign its status follows, else the latest campaign's. Picked in
 -- the one pass over the criteria, which are wide (their texts): a second pass to read final_campaign_id made
 -- the statement 2.4 times as long at QuarkMedBench scale.
 ORDER BY c.id, (p.campaign_id = c.final_campaign_id) DESC NULLS LAST, p.campaign_id DESC`;
}

/** Creates release_candidates in the client's open transaction and analyzes it. */
export async function stageCandidates(client: pg.PoolClient, rules: ReleaseRules): Promise<void> {
  const sql = candidatesSql(rules);
  await client.query(sql.text, sql.values);
  await client.query('ANALYZE release_candidates');
}
