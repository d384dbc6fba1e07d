// THE ONLY MODULE THAT READS AUDIT DATA FOR EXPERTS. Blindness is enforced here, on the server: experts
// never receive generator models, consensus votes, meta-rubric versions, judge runs or grades, response
// sources, other experts' verdicts, comments or missing-criterion proposals, adjudications, any criterion status,
// who decided their own proposals, or the campaign's description (written for admins; experts get its separate
// "instructions for experts"). Of their own proposals they get the decision and the reviewer's note only. Every function
// selects its fields explicitly (no `include` of whole rows) and filters by the expert's own id, so nothing
// that is not listed below can reach an expert's browser. Changing what experts see means changing this file
// (and e2e/blindness.spec.ts, which scans every expert response for leaks).
import 'server-only';
import type { Category, Decision, Dimension, Severity, Tier, WeightDirection } from '@/lib/vocabulary/enums';
import { joinCampaignCounters } from '@/lib/audit/campaign-counters-sql';
import { findAuditedTexts } from '@/lib/audit/find-audited-texts';
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

export interface ExpertCriterion {
  id: number;
  title: string;
  description: string;
  levels: { label: string; description: string }[];
  tier: Tier;
  points: number;
  tags: string[];
  redLine: boolean;
  evidence: { source: string; citation?: string; url?: string }[];
}

export interface ExpertVerdict {
  criterionId: number;
  decision: Decision | null;
  dimensions: Dimension[];
  weightDirection: WeightDirection | null;
  severity: Severity | null;
  comment: string | null;
  proposedRevision: { title: string; description: string; tier: Tier; points: number } | null;
  rowVersion: number;
  submitted: boolean;
}

export interface ExpertProposal {
  id: number;
  title: string;
  description: string;
  tier: Tier;
  points: number;
  redLine: boolean;
  tags: string[];
  rationale: string | null;
  rowVersion: number;
  /** A reviewer's decision on the expert's own proposal and its note (never who decided, nor anything else). */
  decision: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  decisionNote: string | null;
}

export interface ExpertAssignment {
  id: number;
  state: 'RESERVED' | 'SUBMITTED' | 'EXPIRED' | 'RELEASED';
  rowVersion: number;
  cursor: number;
  expiresAt: string;
  submittedAt: string | null;
  comprehensiveness: number | null;
  comprehensivenessComment: string | null;
  /** Whether the expert may still change anything (reserved, or submitted while the campaign is open). */
  editable: boolean;
  campaign: { id: number; name: string; instructions: string | null; dimensions: Dimension[]; deadline: string | null; open: boolean };
  query: {
    externalId: string;
    category: Category;
    department: string | null;
    language: string;
    conversation: { role: string; content: string }[];
  };
  criteria: ExpertCriterion[];
  verdicts: ExpertVerdict[];
  proposals: ExpertProposal[];
}

export interface ExpertCampaign {
  id: number;
  name: string;
  /** The campaign's instructions for experts (never its description). */
  instructions: string | null;
  deadline: string | null;
  open: boolean;
  dimensions: string[];
  /** Queries this expert has submitted in the campaign. */
  mineDone: number;
  /** Queries still open to this expert (not submitted by them, not yet at k submissions). */
  mineRemaining: number;
  /** The campaign's progress: submitted verdict slots over all slots (criteria × k). */
  campaignDone: number;
  campaignTotal: number;
  /** The expert's live reservation, to continue where they left off. */
  currentAssignmentId: number | null;
}

/** The expert's audit campaigns (only `campaignId` when given), with their progress from the campaign counters. */
export async function listExpertCampaigns(expertId: string, campaignId?: number): Promise<ExpertCampaign[]> {
  const rows = await prisma.$queryRaw<
    {
      id: number;
      name: string;
      instructions: string | null;
      deadline: Date | null;
      status: string;
      dimensions: string[];
      mine_done: number;
      mine_remaining: number;
      campaign_done: number;
      campaign_total: number;
      current_assignment_id: number | null;
    }[]
  >`
    SELECT ac.id, ac.name, ac.instructions, ac.deadline, ac.status, ac.dimensions::text[] AS dimensions,
      -- Every figure is a counter kept on write by triggers (campaign_counters, expert_progress), never a recount.
      COALESCE(progress.submitted, 0) AS mine_done,
      -- Left for this expert: the open queries less those they already submitted that are still open (one
      -- assignment per query each). A closed campaign has nothing left to do for anyone.
      CASE WHEN ac.status = 'OPEN' THEN COALESCE(counter.open_queries, 0) - COALESCE(progress.submitted_open, 0) ELSE 0 END AS mine_remaining,
      COALESCE(counter.submissions, 0) AS campaign_done,
      COALESCE(counter.criteria, 0) * ac.overlap_k AS campaign_total,
      (SELECT a.id FROM assignments a WHERE a.campaign_id = ac.id AND a.expert_id = ${expertId} AND a.state = 'RESERVED'
         AND a.expires_at > now() ORDER BY a.reserved_at DESC LIMIT 1) AS current_assignment_id
    FROM audit_campaigns ac
    JOIN campaign_experts ce ON ce.campaign_id = ac.id AND ce.user_id = ${expertId}
    ${joinCampaignCounters('ac.id', 'counter')}
    LEFT JOIN expert_progress progress ON progress.campaign_id = ac.id AND progress.expert_id = ${expertId}
    WHERE ac.kind = 'AUDIT' ${campaignId === undefined ? Prisma.empty : Prisma.sql`AND ac.id = ${campaignId}`}
    ORDER BY (ac.status = 'OPEN') DESC, ac.created_at DESC`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    deadline: row.deadline?.toISOString() ?? null,
    open: row.status === 'OPEN',
    dimensions: row.dimensions,
    mineDone: row.mine_done,
    mineRemaining: row.mine_remaining,
    campaignDone: row.campaign_done,
    campaignTotal: row.campaign_total,
    currentAssignmentId: row.current_assignment_id,
  }));
}

/** The audit screen's two progress bars: this expert's queries in the campaign, and the campaign's verdict slots. */
export interface AuditProgress {
  mineDone: number;
  mineRemaining: number;
  campaignDone: number;
  campaignTotal: number;
}

/** The progress the audit screen shows for one campaign; null when the expert is not on it. */
export async function getAuditProgress({ expertId, campaignId }: { expertId: string; campaignId: number }): Promise<AuditProgress | null> {
  const [campaign] = await listExpertCampaigns(expertId, campaignId);
  if (!campaign) return null;
  const { mineDone, mineRemaining, campaignDone, campaignTotal } = campaign;
  return { mineDone, mineRemaining, campaignDone, campaignTotal };
}

/** The fields of an expert's own verdict that may be shown to them (and are returned after each save). */
export const OWN_VERDICT_FIELDS = {
  criterionId: true,
  decision: true,
  dimensions: true,
  weightDirection: true,
  severity: true,
  comment: true,
  proposedRevision: true,
  rowVersion: true,
  submittedAt: true,
} as const;

/** A timestamp column as Date.toISOString() writes it (the columns hold UTC to the millisecond). */
const ISO_8601 = Prisma.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** The statement's row: the assignment as the screen gets it, with what `editable` is decided from. */
type AssignmentRow = Omit<ExpertAssignment, 'editable' | 'campaign'> & {
  live: boolean;
  campaign: Omit<ExpertAssignment['campaign'], 'open'> & { status: string };
};

/**
 * One of the expert's own assignments, or null (also for another expert's assignment id). One statement reads
 * the assignment with its campaign, query, criteria (the text the campaign audits, in the expert's order), the
 * expert's own verdicts and proposals: the audit screen opens once per query, and Prisma's nested reads cost it
 * four round trips and several milliseconds of CPU (issue 21). Every field is named here, as everywhere in this
 * module; lib/audit/expert-view.test.ts compares the result with a field-by-field read through Prisma.
 */
export async function getExpertAssignment({
  assignmentId,
  expertId,
}: {
  assignmentId: number;
  expertId: string;
}): Promise<ExpertAssignment | null> {
  const [row] = await prisma.$queryRaw<AssignmentRow[]>`
    SELECT a.id, a.state::text AS state, a.row_version AS "rowVersion", a.cursor,
           to_char(a.expires_at, ${ISO_8601}) AS "expiresAt", to_char(a.submitted_at, ${ISO_8601}) AS "submittedAt",
           a.comprehensiveness, a.comprehensiveness_comment AS "comprehensivenessComment",
           a.state = 'RESERVED' AND a.expires_at > LOCALTIMESTAMP AS live,
           json_build_object('id', c.id, 'name', c.name, 'instructions', c.instructions, 'dimensions', c.dimensions,
                             'deadline', to_char(c.deadline, ${ISO_8601}), 'status', c.status) AS campaign,
           json_build_object('externalId', q.external_id, 'category', q.category, 'department', q.department,
                             'language', q.language, 'conversation', q.conversation) AS query,
           (SELECT coalesce(json_agg(json_build_object('id', cr.id, 'levels', cr.levels, 'tags', cr.tags, 'redLine', cr.red_line,
                                     'evidence', cr.evidence, 'title', r.title, 'description', r.description, 'tier', r.tier,
                                     'points', r.points) ORDER BY o.position), '[]')
              FROM unnest(a.criterion_order) WITH ORDINALITY AS o(criterion_id, position)
              JOIN criteria cr ON cr.id = o.criterion_id
              JOIN campaign_criteria cc ON cc.campaign_id = a.campaign_id AND cc.criterion_id = o.criterion_id
              JOIN criterion_revisions r ON r.criterion_id = cc.criterion_id AND r.revision = cc.revision) AS criteria,
           (SELECT coalesce(json_agg(json_build_object('criterionId', v.criterion_id, 'decision', v.decision,
                                     'dimensions', v.dimensions, 'weightDirection', v.weight_direction, 'severity', v.severity,
                                     'comment', v.comment, 'proposedRevision', v.proposed_revision, 'rowVersion', v.row_version,
                                     'submitted', v.submitted_at IS NOT NULL) ORDER BY v.id), '[]')
              FROM verdicts v WHERE v.assignment_id = a.id AND v.expert_id = ${expertId}) AS verdicts,
           (SELECT coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'description', p.description, 'tier', p.tier,
                                     'points', p.points, 'redLine', p.red_line, 'tags', p.tags, 'rationale', p.rationale,
                                     'rowVersion', p.row_version, 'decision', p.decision, 'decisionNote', p.decision_note)
                                     ORDER BY p.id), '[]')
              FROM missing_criterion_proposals p WHERE p.assignment_id = a.id AND p.expert_id = ${expertId}) AS proposals
      FROM assignments a
      JOIN audit_campaigns c ON c.id = a.campaign_id
      JOIN queries q ON q.id = a.query_id
     WHERE a.id = ${assignmentId} AND a.expert_id = ${expertId}`;
  if (!row) return null;
  const { status, ...campaign } = row.campaign;
  const open = status === 'OPEN';
  return {
    id: row.id,
    state: row.state,
    rowVersion: row.rowVersion,
    cursor: row.cursor,
    expiresAt: row.expiresAt,
    submittedAt: row.submittedAt,
    comprehensiveness: row.comprehensiveness,
    comprehensivenessComment: row.comprehensivenessComment,
    editable: open && (row.live || row.state === 'SUBMITTED'),
    campaign: { ...campaign, open },
    query: row.query,
    criteria: row.criteria,
    verdicts: row.verdicts,
    proposals: row.proposals,
  };
}

export interface ExpertHistoryRow {
  assignmentId: number;
  campaignName: string;
  queryExternalId: string;
  submittedAt: string;
  criteria: number;
  amendable: boolean;
  /** The expert's own missing-criterion proposals on this query, by decision. */
  proposals: { PENDING: number; ACCEPTED: number; REJECTED: number };
}

/** The expert's submitted queries, newest first, to revisit and amend while their campaign is open. */
export async function listExpertHistory(expertId: string, take = 100): Promise<ExpertHistoryRow[]> {
  const rows = await prisma.assignment.findMany({
    where: { expertId, state: 'SUBMITTED' },
    orderBy: { submittedAt: 'desc' },
    take,
    select: {
      id: true,
      submittedAt: true,
      criterionOrder: true,
      campaignQuery: { select: { campaign: { select: { name: true, status: true } }, query: { select: { externalId: true } } } },
      missingProposals: { where: { expertId }, select: { decision: true } },
    },
  });
  return rows.map((row) => ({
    assignmentId: row.id,
    campaignName: row.campaignQuery.campaign.name,
    queryExternalId: row.campaignQuery.query.externalId,
    submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
    criteria: row.criterionOrder.length,
    amendable: row.campaignQuery.campaign.status === 'OPEN',
    proposals: {
      PENDING: row.missingProposals.filter((proposal) => proposal.decision === 'PENDING').length,
      ACCEPTED: row.missingProposals.filter((proposal) => proposal.decision === 'ACCEPTED').length,
      REJECTED: row.missingProposals.filter((proposal) => proposal.decision === 'REJECTED').length,
    },
  }));
}

export interface ExpertEvidenceOption {
  verdictId: number;
  criterionId: number;
  criterionTitle: string;
  criterionDescription: string;
  tier: string;
  points: number;
  decision: string | null;
  dimensions: string[];
  comment: string | null;
  campaignName: string;
  queryExternalId: string;
  submittedAt: string;
}

/**
 * The expert's own submitted verdicts, newest first, as evidence they may attach to a meta-rubric proposal.
 * Only their own verdicts and the criterion text they were shown: no provenance, no other expert's verdict.
 */
export async function listExpertEvidenceOptions(expertId: string, take = 200): Promise<ExpertEvidenceOption[]> {
  const rows = await prisma.verdict.findMany({
    where: { expertId, submittedAt: { not: null } },
    orderBy: [{ submittedAt: 'desc' }, { id: 'desc' }],
    take,
    select: {
      id: true,
      campaignId: true,
      decision: true,
      dimensions: true,
      comment: true,
      submittedAt: true,
      campaign: { select: { name: true } },
      criterion: { select: { id: true, query: { select: { externalId: true } } } },
    },
  });
  // The text the expert audited, never the current one (which may be a reviewer's gold text).
  const byCampaign = new Map<number, number[]>();
  for (const row of rows) byCampaign.set(row.campaignId, [...(byCampaign.get(row.campaignId) ?? []), row.criterion.id]);
  const texts = new Map<string, { title: string; description: string; tier: string; points: number }>();
  for (const [campaignId, criterionIds] of byCampaign) {
    for (const [criterionId, text] of await findAuditedTexts({ db: prisma, campaignId, criterionIds }))
      texts.set(`${campaignId}:${criterionId}`, text);
  }
  return rows
    .flatMap((row) => {
      const text = texts.get(`${row.campaignId}:${row.criterion.id}`);
      return text ? [{ row, text }] : [];
    })
    .map(({ row, text }) => ({
      verdictId: row.id,
      criterionId: row.criterion.id,
      criterionTitle: text.title,
      criterionDescription: text.description,
      tier: text.tier,
      points: text.points,
      decision: row.decision,
      dimensions: row.dimensions,
      comment: row.comment,
      campaignName: row.campaign.name,
      queryExternalId: row.criterion.query.externalId,
      submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
    }));
}
