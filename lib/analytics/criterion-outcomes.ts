// The final decision of every criterion under audit. PostgreSQL keeps it in criterion_outcomes, one row per
// (campaign, criterion), refreshed by triggers whenever a verdict, adjudication, campaign, criterion, query or
// provenance row changes (function manual_compute_outcomes in migration analytics_maintained holds the rules):
//   verdicts       submitted verdicts (drafts never count)
//   n_accept .. n_reject, d_* (error dimensions flagged), w_* (weight directions)
//   complete       the criterion has its k verdicts, or its campaign is closed with at least one
//   unanimous      complete and every verdict has the same decision
//   agreement      Fleiss' per-subject agreement P_i = Σ_j n_j(n_j − 1) / (m(m − 1)) (NULL below 2 verdicts)
//   final_decision the unanimous decision, else the adjudicated gold decision, else NULL
//   provenance     UNANIMOUS | ADJUDICATED | UNRESOLVED (complete, disagreeing, not adjudicated) | AWAITING
//   c_* confirmed error dimensions: for an adjudicated criterion the reviewer's dimensions; for a unanimous
//                  non-accept, the dimensions more than half of its verdicts flagged; nothing for an accept
//   cw_direction   the confirmed weight direction (the reviewer's, or the verdicts' most frequent)
//   final_at, final_day  when the final decision was reached (the adjudication, or the last verdict)
//   expert_ids, decisions  who submitted the verdicts and what they decided, in expert order
// and what the dashboard groups by (dataset, category, tier, red line, tags, department, meta-rubric version,
// generator models), copied from the criterion, its query and its provenance.
import { Prisma } from '@/lib/generated/prisma/client';

export interface OutcomeScope {
  campaignId?: number | undefined;
  datasetId?: number | undefined;
}

/**
 * `WITH outcomes AS (...)`: the caller appends `, more AS (...) SELECT ... FROM outcomes`. Reads the maintained
 * criterion_outcomes rows (with the campaign's status beside them).
 */
export function outcomesCte(scope: OutcomeScope): Prisma.Sql {
  const campaign = scope.campaignId === undefined ? Prisma.sql`TRUE` : Prisma.sql`o.campaign_id = ${scope.campaignId}`;
  const dataset = scope.datasetId === undefined ? Prisma.sql`TRUE` : Prisma.sql`o.dataset_id = ${scope.datasetId}`;
  return Prisma.sql`
WITH outcomes AS (
  SELECT o.*, ac.status AS campaign_status
    FROM criterion_outcomes o
    JOIN audit_campaigns ac ON ac.id = o.campaign_id
   WHERE ${campaign} AND ${dataset})`;
}
