// What admins and reviewers see of a campaign's progress: everything is aggregated in PostgreSQL (counts,
// percentiles, histograms, time series), never by loading verdict or assignment rows into Node. Expert names
// and timings are shown here, so this module is for admin and reviewer pages only; experts read audit data
// through lib/audit/expert-view.ts alone.
//
// Timestamps are stored as UTC without a time zone (Prisma's convention), so "now" is `now() AT TIME ZONE 'UTC'`.
import type { Decision, Dimension } from '@/lib/vocabulary/enums';
import { type Selection, selectionSchema } from '@/lib/audit/schemas';
import { joinCampaignCounters } from '@/lib/audit/campaign-counters-sql';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** Upper edges (seconds) of the time-per-query histogram's buckets; the last bucket is open-ended. */
export const TIME_PER_QUERY_EDGES = [60, 120, 300, 600, 900, 1200, 1800, 3600] as const;

/** A campaign younger than this (or that ran shorter, if closed) is charted per hour instead of per day. */
const HOURLY_BELOW_MS = 2 * 24 * 60 * 60 * 1000;

export type CampaignStatus = 'OPEN' | 'CLOSED';

export interface CampaignListItem {
  id: number;
  name: string;
  status: CampaignStatus;
  overlapK: number;
  experts: number;
  queries: number;
  criteria: number;
  /** criteria × k */
  slots: number;
  submittedVerdicts: number;
  queriesCompleted: number;
  /** Submitted verdicts as a share of the verdict slots, 0..100. */
  percent: number;
  deadline: string | null;
  createdAt: string;
  closedAt: string | null;
}

export interface ExpertProgress {
  id: string;
  name: string;
  email: string;
  specialties: string[];
  active: boolean;
  queriesSubmitted: number;
  verdictsSubmitted: number;
  /** Verdicts this expert would give if the slots were shared evenly: min(criteria, ceil(slots / experts)). */
  fairShare: number;
  /** Reservations whose time has not run out. */
  liveReservations: number;
  /** Reservations past their expiry, not yet released. */
  overdueReservations: number;
  /** Seconds per criterion over the expert's submitted verdicts; null before the first submission. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  fastFlags: number;
  lastSubmittedAt: string | null;
}

export interface ThroughputPoint {
  /** Start of the hour or day (UTC, ISO 8601). */
  start: string;
  verdicts: number;
  cumulative: number;
}

export interface HistogramBucket {
  /** Inclusive lower edge in seconds. */
  from: number;
  /** Exclusive upper edge in seconds; null for the open-ended last bucket. */
  to: number | null;
  count: number;
}

export interface ReservationItem {
  assignmentId: number;
  expertName: string;
  queryExternalId: string;
  reservedAt: string;
  expiresAt: string;
  overdue: boolean;
}

export interface FastFlaggedVerdict {
  id: number;
  expertName: string;
  queryExternalId: string;
  criterionTitle: string;
  seconds: number;
  decision: Decision | null;
  submittedAt: string;
}

export interface CampaignStats {
  campaign: {
    id: number;
    name: string;
    description: string | null;
    /** What the experts are shown. */
    instructions: string | null;
    status: CampaignStatus;
    overlapK: number;
    dimensions: Dimension[];
    matchSpecialty: boolean;
    deadline: string | null;
    reservationMinutes: number;
    fastThresholdSeconds: number;
    /** How the criteria were chosen (null if the stored selection no longer parses). */
    selection: Selection | null;
    /** Criteria added by hand from the criteria browser after creation (lib/audit/add-criteria-to-campaign.ts). */
    addedByHand: number;
    datasetName: string | null;
    createdAt: string;
    closedAt: string | null;
    createdByName: string | null;
  };
  overall: {
    criteria: number;
    queries: number;
    k: number;
    slots: number;
    submittedVerdicts: number;
    queriesCompleted: number;
    /** Queries with at least one submission. */
    queriesStarted: number;
    percent: number;
    medianSecondsPerCriterion: number | null;
    medianSecondsPerQuery: number | null;
  };
  experts: ExpertProgress[];
  throughput: { unit: 'hour' | 'day'; points: ThroughputPoint[] };
  timePerQuery: { submitted: number; buckets: HistogramBucket[] };
  reservations: { reservedNow: number; overdue: number; items: ReservationItem[] };
  fastFlags: { total: number; items: FastFlaggedVerdict[] };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Every campaign with its size and completion, open ones first, newest first. */
export async function listCampaigns(): Promise<CampaignListItem[]> {
  const rows = await prisma.$queryRaw<
    {
      id: number;
      name: string;
      status: CampaignStatus;
      overlap_k: number;
      deadline: Date | null;
      created_at: Date;
      closed_at: Date | null;
      experts: number;
      queries: number;
      queries_completed: number;
      criteria: number;
      submitted: number;
    }[]
  >`
    SELECT c.id, c.name, c.status, c.overlap_k, c.deadline, c.created_at, c.closed_at,
      (SELECT count(*)::int FROM campaign_experts ce WHERE ce.campaign_id = c.id) AS experts,
      -- Queries and criteria from the campaign's counters (kept on write by triggers), never a recount.
      coalesce(counter.queries, 0) AS queries,
      coalesce(counter.queries - counter.open_queries, 0) AS queries_completed,
      coalesce(counter.criteria, 0) AS criteria,
      (SELECT count(*)::int FROM verdicts v WHERE v.campaign_id = c.id AND v.submitted_at IS NOT NULL) AS submitted
    FROM audit_campaigns c
    ${joinCampaignCounters('c.id', 'counter')}
    WHERE c.kind = 'AUDIT'
    ORDER BY (c.status = 'OPEN') DESC, c.created_at DESC, c.id DESC`;
  return rows.map((row) => {
    const slots = row.criteria * row.overlap_k;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      overlapK: row.overlap_k,
      experts: row.experts,
      queries: row.queries,
      criteria: row.criteria,
      slots,
      submittedVerdicts: row.submitted,
      queriesCompleted: row.queries_completed,
      percent: percentOf(row.submitted, slots),
      deadline: iso(row.deadline),
      createdAt: row.created_at.toISOString(),
      closedAt: iso(row.closed_at),
    };
  });
}

/** The whole dashboard of one campaign, or null when there is no such campaign. */
export async function getCampaignStats({ campaignId }: { campaignId: number }): Promise<CampaignStats | null> {
  const campaign = await prisma.auditCampaign.findUnique({
    where: { id: campaignId, kind: 'AUDIT' },
    select: {
      id: true,
      name: true,
      description: true,
      instructions: true,
      status: true,
      overlapK: true,
      dimensions: true,
      matchSpecialty: true,
      deadline: true,
      reservationMinutes: true,
      fastThresholdSeconds: true,
      selection: true,
      createdAt: true,
      closedAt: true,
      createdBy: { select: { name: true } },
    },
  });
  if (!campaign) return null;
  const parsedSelection = selectionSchema.safeParse(campaign.selection);
  const selection = parsedSelection.success ? parsedSelection.data : null;
  const dataset = selection ? await prisma.dataset.findUnique({ where: { id: selection.datasetId }, select: { name: true } }) : null;

  const spanEnd = campaign.closedAt ?? new Date();
  const unit: 'hour' | 'day' = spanEnd.getTime() - campaign.createdAt.getTime() < HOURLY_BELOW_MS ? 'hour' : 'day';

  const [overallRows, expertRows, throughputRows, histogramRows, reservationRows, flaggedRows] = await Promise.all([
    prisma.$queryRaw<
      {
        criteria: number;
        queries: number;
        queries_completed: number;
        queries_started: number;
        submitted: number;
        median_criterion: number | null;
        median_query: number | null;
        reserved_now: number;
        overdue: number;
        fast_flags: number;
        query_submissions: number;
      }[]
    >`
      SELECT
        (SELECT count(*)::int FROM campaign_criteria WHERE campaign_id = ${campaignId}) AS criteria,
        q.queries, q.queries_completed, q.queries_started,
        v.submitted, v.median_criterion, v.fast_flags,
        a.median_query, a.reserved_now, a.overdue, a.query_submissions
      FROM
        (SELECT count(*)::int AS queries,
                count(*) FILTER (WHERE submitted_count >= overlap_k)::int AS queries_completed,
                count(*) FILTER (WHERE submitted_count > 0)::int AS queries_started
         FROM campaign_queries WHERE campaign_id = ${campaignId}) q,
        (SELECT count(*)::int AS submitted,
                count(*) FILTER (WHERE flagged_fast)::int AS fast_flags,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds_spent) AS median_criterion
         FROM verdicts WHERE campaign_id = ${campaignId} AND submitted_at IS NOT NULL) v,
        (SELECT count(*) FILTER (WHERE state = 'RESERVED' AND expires_at > ${NOW})::int AS reserved_now,
                count(*) FILTER (WHERE state = 'RESERVED' AND expires_at <= ${NOW})::int AS overdue,
                count(*) FILTER (WHERE state = 'SUBMITTED')::int AS query_submissions,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds_spent) FILTER (WHERE state = 'SUBMITTED') AS median_query
         FROM assignments WHERE campaign_id = ${campaignId}) a`,
    prisma.$queryRaw<
      {
        id: string;
        name: string;
        email: string;
        specialties: string[];
        active: boolean;
        queries_submitted: number;
        live: number;
        overdue: number;
        verdicts: number;
        median: number | null;
        p90: number | null;
        fast: number;
        last_submitted_at: Date | null;
      }[]
    >`
      SELECT u.id, u.name, u.email, u.specialties, u.active,
        coalesce(a.queries_submitted, 0) AS queries_submitted, coalesce(a.live, 0) AS live, coalesce(a.overdue, 0) AS overdue,
        coalesce(v.verdicts, 0) AS verdicts, v.median, v.p90, coalesce(v.fast, 0) AS fast, v.last_submitted_at
      FROM campaign_experts ce
      JOIN users u ON u.id = ce.user_id
      LEFT JOIN (
        SELECT expert_id,
          count(*) FILTER (WHERE state = 'SUBMITTED')::int AS queries_submitted,
          count(*) FILTER (WHERE state = 'RESERVED' AND expires_at > ${NOW})::int AS live,
          count(*) FILTER (WHERE state = 'RESERVED' AND expires_at <= ${NOW})::int AS overdue
        FROM assignments WHERE campaign_id = ${campaignId} GROUP BY expert_id) a ON a.expert_id = u.id
      LEFT JOIN (
        SELECT expert_id, count(*)::int AS verdicts,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds_spent) AS median,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds_spent) AS p90,
          count(*) FILTER (WHERE flagged_fast)::int AS fast,
          max(submitted_at) AS last_submitted_at
        FROM verdicts WHERE campaign_id = ${campaignId} AND submitted_at IS NOT NULL GROUP BY expert_id) v ON v.expert_id = u.id
      WHERE ce.campaign_id = ${campaignId}
      ORDER BY u.name, u.email`,
    // Every hour (or day) from the campaign's start to now (or its close), empty ones included.
    prisma.$queryRaw<{ start: Date; verdicts: number }[]>`
      WITH per AS (
        SELECT date_trunc(${unit}, submitted_at) AS start, count(*)::int AS n
        FROM verdicts WHERE campaign_id = ${campaignId} AND submitted_at IS NOT NULL GROUP BY 1),
      span AS (
        SELECT least(date_trunc(${unit}, c.created_at), (SELECT min(start) FROM per)) AS first,
               greatest(date_trunc(${unit}, coalesce(c.closed_at, ${NOW})), (SELECT max(start) FROM per)) AS last
        FROM audit_campaigns c WHERE c.id = ${campaignId})
      SELECT s.start, coalesce(per.n, 0) AS verdicts
      FROM span, generate_series(span.first, span.last, ${`1 ${unit}`}::interval) AS s(start)
      LEFT JOIN per ON per.start = s.start
      ORDER BY s.start`,
    prisma.$queryRaw<{ bucket: number; n: number }[]>`
      SELECT width_bucket(seconds_spent, ${[...TIME_PER_QUERY_EDGES]}::int[]) AS bucket, count(*)::int AS n
      FROM assignments WHERE campaign_id = ${campaignId} AND state = 'SUBMITTED' GROUP BY 1`,
    prisma.$queryRaw<{ id: number; expert_name: string; external_id: string; reserved_at: Date; expires_at: Date; overdue: boolean }[]>`
      SELECT a.id, u.name AS expert_name, q.external_id, a.reserved_at, a.expires_at, a.expires_at <= ${NOW} AS overdue
      FROM assignments a JOIN users u ON u.id = a.expert_id JOIN queries q ON q.id = a.query_id
      WHERE a.campaign_id = ${campaignId} AND a.state = 'RESERVED'
      ORDER BY a.expires_at <= ${NOW} DESC, a.expires_at, a.id
      LIMIT 100`,
    prisma.$queryRaw<
      {
        id: number;
        expert_name: string;
        external_id: string;
        title: string;
        seconds_spent: number;
        decision: Decision | null;
        submitted_at: Date;
      }[]
    >`
      SELECT v.id, u.name AS expert_name, q.external_id, c.title, v.seconds_spent, v.decision, v.submitted_at
      FROM verdicts v
      JOIN users u ON u.id = v.expert_id
      JOIN criteria c ON c.id = v.criterion_id
      JOIN queries q ON q.id = c.query_id
      WHERE v.campaign_id = ${campaignId} AND v.flagged_fast AND v.submitted_at IS NOT NULL
      ORDER BY v.submitted_at DESC, v.id DESC
      LIMIT 200`,
  ]);

  const totals = overallRows[0];
  const criteria = totals?.criteria ?? 0;
  const slots = criteria * campaign.overlapK;
  const submitted = totals?.submitted ?? 0;
  const fairShare = expertRows.length > 0 ? Math.min(criteria, Math.ceil(slots / expertRows.length)) : 0;

  let cumulative = 0;
  const points = throughputRows.map((row) => {
    cumulative += row.verdicts;
    return { start: row.start.toISOString(), verdicts: row.verdicts, cumulative };
  });

  const counts = new Map(histogramRows.map((row) => [row.bucket, row.n]));
  const edges = [0, ...TIME_PER_QUERY_EDGES];
  const buckets = edges.map((from, index) => ({ from, to: edges[index + 1] ?? null, count: counts.get(index) ?? 0 }));

  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      description: campaign.description,
      instructions: campaign.instructions,
      status: campaign.status,
      overlapK: campaign.overlapK,
      dimensions: campaign.dimensions,
      matchSpecialty: campaign.matchSpecialty,
      deadline: iso(campaign.deadline),
      reservationMinutes: campaign.reservationMinutes,
      fastThresholdSeconds: campaign.fastThresholdSeconds,
      selection,
      addedByHand: Number((campaign.selection as { added?: unknown } | null)?.added ?? 0) || 0,
      datasetName: dataset?.name ?? null,
      createdAt: campaign.createdAt.toISOString(),
      closedAt: iso(campaign.closedAt),
      createdByName: campaign.createdBy?.name ?? null,
    },
    overall: {
      criteria,
      queries: totals?.queries ?? 0,
      k: campaign.overlapK,
      slots,
      submittedVerdicts: submitted,
      queriesCompleted: totals?.queries_completed ?? 0,
      queriesStarted: totals?.queries_started ?? 0,
      percent: percentOf(submitted, slots),
      medianSecondsPerCriterion: totals?.median_criterion ?? null,
      medianSecondsPerQuery: totals?.median_query ?? null,
    },
    experts: expertRows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      specialties: row.specialties,
      active: row.active,
      queriesSubmitted: row.queries_submitted,
      verdictsSubmitted: row.verdicts,
      fairShare,
      liveReservations: row.live,
      overdueReservations: row.overdue,
      medianSeconds: row.median,
      p90Seconds: row.p90,
      fastFlags: row.fast,
      lastSubmittedAt: iso(row.last_submitted_at),
    })),
    throughput: { unit, points },
    timePerQuery: { submitted: totals?.query_submissions ?? 0, buckets },
    reservations: {
      reservedNow: totals?.reserved_now ?? 0,
      overdue: totals?.overdue ?? 0,
      items: reservationRows.map((row) => ({
        assignmentId: row.id,
        expertName: row.expert_name,
        queryExternalId: row.external_id,
        reservedAt: row.reserved_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        overdue: row.overdue,
      })),
    },
    fastFlags: {
      total: totals?.fast_flags ?? 0,
      items: flaggedRows.map((row) => ({
        id: row.id,
        expertName: row.expert_name,
        queryExternalId: row.external_id,
        criterionTitle: row.title,
        seconds: row.seconds_spent,
        decision: row.decision,
        submittedAt: row.submitted_at.toISOString(),
      })),
    },
  };
}
