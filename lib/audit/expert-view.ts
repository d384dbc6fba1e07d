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
      (SELECT count(*)::int FROM assignments a WHERE a.campaign_id = ac.id AND a.expert_id = ${expertId} AND a.state = 'SUBMITTED') AS mine_done,
      -- The campaign's figures are its counters (kept on write by triggers: campaign_counters), never a recount.
      -- Left for this expert: the open queries less those they already submitted (one assignment per query each).
      -- A closed campaign has nothing left to do for anyone.
      CASE WHEN ac.status = 'OPEN' THEN COALESCE(counter.open_queries, 0) - (
        SELECT count(*)::int FROM assignments a
          JOIN campaign_queries cq ON cq.campaign_id = a.campaign_id AND cq.query_id = a.query_id
         WHERE a.campaign_id = ac.id AND a.expert_id = ${expertId} AND a.state = 'SUBMITTED' AND cq.submitted_count < cq.overlap_k)
      ELSE 0 END AS mine_remaining,
      COALESCE(counter.submissions, 0) AS campaign_done,
      COALESCE(counter.criteria, 0) * ac.overlap_k AS campaign_total,
      (SELECT a.id FROM assignments a WHERE a.campaign_id = ac.id AND a.expert_id = ${expertId} AND a.state = 'RESERVED'
         AND a.expires_at > now() ORDER BY a.reserved_at DESC LIMIT 1) AS current_assignment_id
    FROM audit_campaigns ac
    JOIN campaign_experts ce ON ce.campaign_id = ac.id AND ce.user_id = ${expertId}
    LEFT JOIN campaign_counters counter ON counter.campaign_id = ac.id
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

/** One of the expert's own assignments, or null (also for another expert's assignment id). */
export async function getExpertAssignment({
  assignmentId,
  expertId,
}: {
  assignmentId: number;
  expertId: string;
}): Promise<ExpertAssignment | null> {
  const assignment = await prisma.assignment.findFirst({
    where: { id: assignmentId, expertId },
    select: {
      id: true,
      state: true,
      rowVersion: true,
      cursor: true,
      expiresAt: true,
      submittedAt: true,
      comprehensiveness: true,
      comprehensivenessComment: true,
      criterionOrder: true,
      campaignId: true,
      campaign: { select: { id: true, name: true, instructions: true, dimensions: true, deadline: true, status: true } },
      query: { select: { externalId: true, category: true, department: true, language: true, conversation: true } },
      verdicts: { where: { expertId }, select: OWN_VERDICT_FIELDS },
      missingProposals: {
        where: { expertId },
        orderBy: { id: 'asc' },
        select: {
          id: true,
          title: true,
          description: true,
          tier: true,
          points: true,
          redLine: true,
          tags: true,
          rationale: true,
          rowVersion: true,
          decision: true,
          decisionNote: true,
        },
      },
    },
  });
  if (!assignment) return null;
  // The text as the campaign audits it (the revision it took), whatever decisions have revised since.
  const [criteria, texts] = await Promise.all([
    prisma.criterion.findMany({
      where: { id: { in: assignment.criterionOrder } },
      select: { id: true, levels: true, tags: true, redLine: true, evidence: true },
    }),
    findAuditedTexts({ db: prisma, campaignId: assignment.campaignId, criterionIds: assignment.criterionOrder }),
  ]);
  const byId = new Map(
    criteria.flatMap((criterion) => {
      const text = texts.get(criterion.id);
      return text
        ? [
            [
              criterion.id,
              { ...criterion, title: text.title, description: text.description, tier: text.tier, points: text.points },
            ] as const,
          ]
        : [];
    }),
  );
  const open = assignment.campaign.status === 'OPEN';
  const live = assignment.state === 'RESERVED' && assignment.expiresAt > new Date();
  return {
    id: assignment.id,
    state: assignment.state,
    rowVersion: assignment.rowVersion,
    cursor: assignment.cursor,
    expiresAt: assignment.expiresAt.toISOString(),
    submittedAt: assignment.submittedAt?.toISOString() ?? null,
    comprehensiveness: assignment.comprehensiveness,
    comprehensivenessComment: assignment.comprehensivenessComment,
    editable: open && (live || assignment.state === 'SUBMITTED'),
    campaign: {
      id: assignment.campaign.id,
      name: assignment.campaign.name,
      instructions: assignment.campaign.instructions,
      dimensions: assignment.campaign.dimensions,
      deadline: assignment.campaign.deadline?.toISOString() ?? null,
      open,
    },
    query: { ...assignment.query, conversation: assignment.query.conversation as ExpertAssignment['query']['conversation'] },
    criteria: assignment.criterionOrder.flatMap((id) => {
      const criterion = byId.get(id);
      return criterion
        ? [
            {
              ...criterion,
              levels: criterion.levels as ExpertCriterion['levels'],
              evidence: criterion.evidence as ExpertCriterion['evidence'],
            },
          ]
        : [];
    }),
    verdicts: assignment.verdicts.map(({ submittedAt, proposedRevision, ...verdict }) => ({
      ...verdict,
      proposedRevision: proposedRevision as ExpertVerdict['proposedRevision'],
      submitted: submittedAt !== null,
    })),
    proposals: assignment.missingProposals,
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
      campaign: { select: { name: true, status: true } },
      query: { select: { externalId: true } },
      missingProposals: { where: { expertId }, select: { decision: true } },
    },
  });
  return rows.map((row) => ({
    assignmentId: row.id,
    campaignName: row.campaign.name,
    queryExternalId: row.query.externalId,
    submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
    criteria: row.criterionOrder.length,
    amendable: row.campaign.status === 'OPEN',
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
