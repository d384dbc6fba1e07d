// THE ONLY MODULE THAT READS GRADING DATA FOR CLINICIANS. Blind on the server: a clinician receives the
// conversation, the response's text and the query's criteria (current revision), their own marks, and the
// campaign's instructions; never the response's source (model) or external id, whether it is an ideal /
// reference answer, the judge's grades, other clinicians' marks or clinician grades, criterion provenance or
// status, or the campaign's description. Every query selects its fields explicitly and filters by the
// clinician's own id. Changing what clinicians see means changing this file (and e2e/grading.spec.ts, which
// scans every response body a clinician receives).
import 'server-only';
import { joinGradingCounters } from '@/lib/audit/campaign-counters-sql';
import { prisma } from '@/lib/db';

export interface GradingCriterion {
  id: number;
  revision: number;
  title: string;
  description: string;
  levels: { label: string; description: string }[];
  tier: string;
  points: number;
}

export interface OwnGradingMark {
  criterionId: number;
  met: boolean | null;
  level: string | null;
  cannotJudge: boolean;
  comment: string | null;
  rowVersion: number;
}

export interface GradingAssignmentView {
  id: number;
  state: 'RESERVED' | 'SUBMITTED' | 'EXPIRED' | 'RELEASED';
  rowVersion: number;
  cursor: number;
  expiresAt: string;
  submittedAt: string | null;
  /** Whether the clinician may still change marks (a live reservation in an open campaign). */
  editable: boolean;
  campaign: { id: number; name: string; instructions: string | null; deadline: string | null; open: boolean };
  query: { category: string; language: string; conversation: { role: string; content: string }[] };
  response: { content: string };
  criteria: GradingCriterion[];
  marks: OwnGradingMark[];
}

export interface GradingCampaignView {
  id: number;
  name: string;
  instructions: string | null;
  deadline: string | null;
  open: boolean;
  mineDone: number;
  mineRemaining: number;
  /** Submitted gradings of all clinicians over responses × k. */
  campaignDone: number;
  campaignTotal: number;
  currentAssignmentId: number | null;
}

/** The fields of a clinician's own mark that are sent back to them. */
export const OWN_MARK_FIELDS = {
  criterionId: true,
  met: true,
  level: true,
  cannotJudge: true,
  comment: true,
  rowVersion: true,
} as const;

export async function listGradingCampaigns(expertId: string): Promise<GradingCampaignView[]> {
  const rows = await prisma.$queryRaw<
    {
      id: number;
      name: string;
      instructions: string | null;
      deadline: Date | null;
      status: string;
      mine_done: number;
      mine_remaining: number;
      campaign_done: number;
      campaign_total: number;
      current_assignment_id: number | null;
    }[]
  >`
    SELECT ac.id, ac.name, ac.instructions, ac.deadline, ac.status,
      -- Every figure is a counter kept on write by triggers (grading_counters, expert_progress), never a recount.
      COALESCE(progress.submitted, 0) AS mine_done,
      CASE WHEN ac.status = 'OPEN' THEN COALESCE(counter.open_units, 0) - COALESCE(progress.submitted_open, 0) ELSE 0 END AS mine_remaining,
      COALESCE(counter.submitted, 0) AS campaign_done,
      COALESCE(counter.wanted, 0) AS campaign_total,
      (SELECT a.id FROM grading_assignments a WHERE a.campaign_id = ac.id AND a.expert_id = ${expertId} AND a.state = 'RESERVED'
         AND a.expires_at > timezone('UTC', now()) ORDER BY a.reserved_at DESC LIMIT 1) AS current_assignment_id
    FROM audit_campaigns ac
    JOIN campaign_experts ce ON ce.campaign_id = ac.id AND ce.user_id = ${expertId}
    ${joinGradingCounters('ac.id', 'counter')}
    LEFT JOIN expert_progress progress ON progress.campaign_id = ac.id AND progress.expert_id = ${expertId}
    WHERE ac.kind = 'GRADING'
    ORDER BY (ac.status = 'OPEN') DESC, ac.created_at DESC`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    deadline: row.deadline?.toISOString() ?? null,
    open: row.status === 'OPEN',
    mineDone: row.mine_done,
    mineRemaining: row.mine_remaining,
    campaignDone: row.campaign_done,
    campaignTotal: row.campaign_total,
    currentAssignmentId: row.current_assignment_id,
  }));
}

export async function getGradingAssignment({
  assignmentId,
  expertId,
}: {
  assignmentId: number;
  expertId: string;
}): Promise<GradingAssignmentView | null> {
  const assignment = await prisma.gradingAssignment.findFirst({
    where: { id: assignmentId, expertId },
    select: {
      id: true,
      state: true,
      rowVersion: true,
      cursor: true,
      expiresAt: true,
      submittedAt: true,
      criterionOrder: true,
      unit: {
        select: {
          campaign: { select: { id: true, name: true, instructions: true, deadline: true, status: true } },
          response: {
            select: { content: true, query: { select: { category: true, language: true, conversation: true } } },
          },
        },
      },
      marks: { select: OWN_MARK_FIELDS },
    },
  });
  if (!assignment) return null;
  const criteria = await prisma.criterion.findMany({
    where: { id: { in: assignment.criterionOrder } },
    select: { id: true, revision: true, title: true, description: true, levels: true, tier: true, points: true },
  });
  const byId = new Map(criteria.map((criterion) => [criterion.id, criterion]));
  const { campaign } = assignment.unit;
  const open = campaign.status === 'OPEN';
  const { query, content } = assignment.unit.response;
  return {
    id: assignment.id,
    state: assignment.state,
    rowVersion: assignment.rowVersion,
    cursor: assignment.cursor,
    expiresAt: assignment.expiresAt.toISOString(),
    submittedAt: assignment.submittedAt?.toISOString() ?? null,
    editable: open && assignment.state === 'RESERVED' && assignment.expiresAt > new Date(),
    campaign: {
      id: campaign.id,
      name: campaign.name,
      instructions: campaign.instructions,
      deadline: campaign.deadline?.toISOString() ?? null,
      open,
    },
    query: {
      category: query.category,
      language: query.language,
      conversation: query.conversation as GradingAssignmentView['query']['conversation'],
    },
    response: { content },
    criteria: assignment.criterionOrder.flatMap((id) => {
      const criterion = byId.get(id);
      return criterion ? [{ ...criterion, levels: criterion.levels as GradingCriterion['levels'] }] : [];
    }),
    marks: assignment.marks,
  };
}
