// The reviewer's queue: criteria whose k verdicts are in and disagree, lowest agreement first (then campaign,
// criterion), from the shared outcomes CTE so the queue, the dashboard and the analytics count the same
// things. Unresolved items and adjudicated ones (to revisit) are two tabs; one query returns a page of the
// chosen tab and the size of both. For admin and reviewer pages only.
import { outcomesCte } from '@/lib/analytics/criterion-outcomes';
import type { DisagreementTab } from '@/lib/adjudication/schemas';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

export interface QueueItem {
  campaignId: number;
  campaignName: string;
  criterionId: number;
  title: string;
  tier: string;
  points: number;
  redLine: boolean;
  queryExternalId: string;
  /** The start of the query's first user message. */
  querySnippet: string;
  counts: { accept: number; minor: number; major: number; reject: number };
  verdicts: number;
  /** Fleiss' per-subject agreement P_i, 0..1. */
  agreement: number;
  provenance: 'UNRESOLVED' | 'ADJUDICATED';
  goldDecision: string | null;
}

export interface AdjudicationQueue {
  items: QueueItem[];
  /** Items in each tab under the same campaign and threshold filters. */
  totals: Record<DisagreementTab, number>;
  page: number;
  pageSize: number;
}

/** Where the queue continues from: items after this one come first, then the queue wraps around. */
export interface QueuePosition {
  campaignId: number;
  criterionId: number;
  agreement: number;
}

interface Row {
  unresolved: number;
  adjudicated: number;
  campaign_id: number | null;
  campaign_name: string;
  criterion_id: number;
  title: string;
  tier: string;
  points: number;
  red_line: boolean;
  query_external_id: string;
  query_snippet: string | null;
  n_accept: number;
  n_minor: number;
  n_major: number;
  n_reject: number;
  verdicts: number;
  agreement: number;
  provenance: 'UNRESOLVED' | 'ADJUDICATED';
  gold_decision: string | null;
}

const SNIPPET_CHARS = 160;

export async function listAdjudicationQueue({
  tab = 'unresolved',
  campaignId,
  maxAgreement,
  after,
  page = 1,
  pageSize = 50,
}: {
  tab?: DisagreementTab;
  campaignId?: number | undefined;
  maxAgreement?: number | undefined;
  /** For "next in queue": leaves this item out and starts after it. */
  after?: QueuePosition | undefined;
  page?: number;
  pageSize?: number;
}): Promise<AdjudicationQueue> {
  // A hair of tolerance: agreements are ratios computed in float8, thresholds are typed as decimals.
  const threshold = maxAgreement === undefined ? Prisma.sql`TRUE` : Prisma.sql`o.agreement <= ${maxAgreement + 1e-9}`;
  const exclude = after
    ? Prisma.sql`NOT (o.campaign_id = ${after.campaignId} AND o.criterion_id = ${after.criterionId})`
    : Prisma.sql`TRUE`;
  const wrap = after
    ? Prisma.sql`(o.agreement, o.campaign_id, o.criterion_id) < (${after.agreement}::float8, ${after.campaignId}::int, ${after.criterionId}::int),`
    : Prisma.empty;
  const provenance = tab === 'unresolved' ? 'UNRESOLVED' : 'ADJUDICATED';
  const rows = await prisma.$queryRaw<Row[]>(Prisma.sql`
    ${outcomesCte({ campaignId })},
    queue AS (
      SELECT o.* FROM outcomes o
       WHERE o.complete AND NOT o.unanimous AND o.provenance IN ('UNRESOLVED', 'ADJUDICATED') AND ${threshold} AND ${exclude}),
    totals AS (
      SELECT count(*) FILTER (WHERE provenance = 'UNRESOLVED')::int AS unresolved,
             count(*) FILTER (WHERE provenance = 'ADJUDICATED')::int AS adjudicated
        FROM queue)
    SELECT t.unresolved, t.adjudicated, p.*
      FROM totals t
      LEFT JOIN LATERAL (
        SELECT o.campaign_id, ac.name AS campaign_name, o.criterion_id, c.title, c.tier::text AS tier, c.points,
               c.red_line, q.external_id AS query_external_id,
               left((SELECT m ->> 'content' FROM jsonb_array_elements(q.conversation) m WHERE m ->> 'role' = 'user' LIMIT 1),
                    ${SNIPPET_CHARS}) AS query_snippet,
               o.n_accept, o.n_minor, o.n_major, o.n_reject, o.verdicts, o.agreement, o.provenance, o.gold_decision
          FROM queue o
          JOIN audit_campaigns ac ON ac.id = o.campaign_id
          JOIN criteria c ON c.id = o.criterion_id
          JOIN queries q ON q.id = o.query_id
         WHERE o.provenance = ${provenance}
         ORDER BY ${wrap} o.agreement, o.campaign_id, o.criterion_id
         LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) p ON TRUE`);
  const first = rows[0];
  return {
    totals: { unresolved: first?.unresolved ?? 0, adjudicated: first?.adjudicated ?? 0 },
    page,
    pageSize,
    items: rows.flatMap((row) =>
      row.campaign_id === null
        ? []
        : [
            {
              campaignId: row.campaign_id,
              campaignName: row.campaign_name,
              criterionId: row.criterion_id,
              title: row.title,
              tier: row.tier,
              points: row.points,
              redLine: row.red_line,
              queryExternalId: row.query_external_id,
              querySnippet: row.query_snippet ?? '',
              counts: { accept: row.n_accept, minor: row.n_minor, major: row.n_major, reject: row.n_reject },
              verdicts: row.verdicts,
              agreement: row.agreement,
              provenance: row.provenance,
              goldDecision: row.gold_decision,
            },
          ],
    ),
  };
}
