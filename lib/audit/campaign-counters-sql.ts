// A campaign's progress counters (kept on write by triggers: migrations campaign_counters and
// striped_campaign_counters for audits, grading_progress_counters for grading) as one row: the campaign's 16
// stripes summed. Joined by every page that shows a campaign's progress, so that none recounts it.
import { Prisma } from '@/lib/generated/prisma/client';

/** `LEFT JOIN LATERAL (…) <alias> ON true` with criteria, queries, open_queries and submissions (NULL when none). */
export function joinCampaignCounters(campaignIdColumn: string, alias: string): Prisma.Sql {
  return Prisma.sql`LEFT JOIN LATERAL (
      SELECT sum(criteria)::int AS criteria, sum(queries)::int AS queries, sum(open_queries)::int AS open_queries,
             sum(submissions)::int AS submissions
        FROM campaign_counters WHERE campaign_id = ${Prisma.raw(campaignIdColumn)}) ${Prisma.raw(alias)} ON true`;
}

/**
 * A grading campaign's counters (kept on write by triggers on grading_units, migration grading_progress_counters)
 * as one row: `LEFT JOIN LATERAL (…) <alias> ON true` with units, open_units, submitted and wanted (NULL when none).
 */
export function joinGradingCounters(campaignIdColumn: string, alias: string): Prisma.Sql {
  return Prisma.sql`LEFT JOIN LATERAL (
      SELECT sum(units)::int AS units, sum(open_units)::int AS open_units, sum(submitted)::int AS submitted,
             sum(wanted)::int AS wanted
        FROM grading_counters WHERE campaign_id = ${Prisma.raw(campaignIdColumn)}) ${Prisma.raw(alias)} ON true`;
}
