// One grading campaign for admins and reviewers (/audit/grading/[id]): progress per clinician, the marks' counts
// (cannot judge per tier, comments), the clinicians' comments with criterion and response (sources included: this
// page is not blind, experts never reach it) and the grading runs over the campaign's dataset.
import 'server-only';
import { pgPool } from '@/lib/db';
import type { Tier } from '@/lib/vocabulary/enums';

export interface ClinicianProgress {
  expertId: string;
  name: string;
  email: string;
  submitted: number;
  /** Live reservations (not expired). */
  inProgress: number;
  /** Responses still short of k submissions that this clinician has neither submitted nor holds. */
  remaining: number;
}

export interface TierMarkCounts {
  tier: Tier;
  marks: number;
  met: number;
  notMet: number;
  cannotJudge: number;
}

export interface GradingComment {
  expertName: string;
  criterionId: number;
  criterionTitle: string;
  tier: Tier;
  responseId: number;
  responseSource: string;
  responseExcerpt: string;
  queryExternalId: string;
  met: boolean | null;
  level: string | null;
  cannotJudge: boolean;
  comment: string;
  submitted: boolean;
  updatedAt: string;
}

export interface GradingRunLink {
  runId: number;
  promptTemplate: string;
  promptVersion: string;
  models: string[];
  /** (response, criterion) items of this campaign's clinician grades that the run graded met / not met. */
  sharedItems: number;
}

export interface GradingCampaignReport {
  id: number;
  name: string;
  status: 'OPEN' | 'CLOSED';
  overlapK: number;
  description: string | null;
  datasetId: number | null;
  datasetName: string | null;
  responses: number;
  gradingsDone: number;
  gradingsTotal: number;
  marks: number;
  comments: number;
  clinicianGrades: number;
  clinicians: ClinicianProgress[];
  tiers: TierMarkCounts[];
  /** The newest comments first, at most COMMENT_LIMIT. */
  commentList: GradingComment[];
  runs: GradingRunLink[];
}

export const COMMENT_LIMIT = 200;
const EXCERPT = 160;

const CAMPAIGN_SQL = `
SELECT c.id, c.name, c.status::text AS status, c.overlap_k, c.description, d.id AS dataset_id, d.name AS dataset_name,
       COALESCE(g.units, 0) AS responses, COALESCE(g.submitted, 0) AS done, COALESCE(g.wanted, 0) AS total,
       (SELECT count(*)::int FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id
         WHERE a.campaign_id = c.id) AS marks,
       (SELECT count(*)::int FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id
         WHERE a.campaign_id = c.id AND btrim(COALESCE(m.comment, '')) <> '') AS comments,
       (SELECT count(*)::int FROM clinician_grades cg WHERE cg.campaign_id = c.id) AS grades
  FROM audit_campaigns c LEFT JOIN datasets d ON d.id = (c.selection->>'datasetId')::int
  -- The campaign's counters, kept on write (migration grading_progress_counters), never a sum over its units.
  LEFT JOIN LATERAL (SELECT sum(units)::int AS units, sum(submitted)::int AS submitted, sum(wanted)::int AS wanted
                       FROM grading_counters WHERE campaign_id = c.id) g ON true
 WHERE c.id = $1 AND c.kind = 'GRADING'`;

const CLINICIANS_SQL = `
SELECT u.id, u.name, u.email,
       (SELECT count(*)::int FROM grading_assignments a
         WHERE a.campaign_id = $1 AND a.expert_id = u.id AND a.state = 'SUBMITTED') AS submitted,
       (SELECT count(*)::int FROM grading_assignments a
         WHERE a.campaign_id = $1 AND a.expert_id = u.id AND a.state = 'RESERVED' AND a.expires_at > timezone('UTC', now())) AS in_progress,
       (SELECT count(*)::int FROM grading_units gu
         WHERE gu.campaign_id = $1 AND gu.submitted_count < gu.overlap_k
           AND NOT EXISTS (SELECT 1 FROM grading_assignments a
                            WHERE a.campaign_id = $1 AND a.response_id = gu.response_id AND a.expert_id = u.id
                              AND (a.state = 'SUBMITTED' OR (a.state = 'RESERVED' AND a.expires_at > timezone('UTC', now()))))) AS remaining
  FROM campaign_experts ce JOIN users u ON u.id = ce.user_id
 WHERE ce.campaign_id = $1
 ORDER BY u.name, u.id`;

const TIERS_SQL = `
SELECT cr.tier::text AS tier, count(*)::int AS marks,
       count(*) FILTER (WHERE m.met AND NOT m.cannot_judge)::int AS met,
       count(*) FILTER (WHERE m.met = false AND NOT m.cannot_judge)::int AS not_met,
       count(*) FILTER (WHERE m.cannot_judge)::int AS cannot_judge
  FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id JOIN criteria cr ON cr.id = m.criterion_id
 WHERE a.campaign_id = $1
 GROUP BY cr.tier ORDER BY cr.tier`;

const COMMENTS_SQL = `
SELECT u.name AS expert_name, cr.id AS criterion_id, cr.title AS criterion_title, cr.tier::text AS tier,
       r.id AS response_id, r.source_label, left(r.content, ${EXCERPT}) AS excerpt, q.external_id AS query_external_id,
       m.met, m.level, m.cannot_judge, m.comment, a.state = 'SUBMITTED' AS submitted, m.updated_at
  FROM grading_marks m JOIN grading_assignments a ON a.id = m.assignment_id JOIN users u ON u.id = a.expert_id
  JOIN criteria cr ON cr.id = m.criterion_id JOIN responses r ON r.id = a.response_id JOIN queries q ON q.id = r.query_id
 WHERE a.campaign_id = $1 AND btrim(COALESCE(m.comment, '')) <> ''
 ORDER BY m.updated_at DESC, m.assignment_id DESC, m.criterion_id
 LIMIT ${COMMENT_LIMIT}`;

const RUNS_SQL = `
SELECT r.id, r.prompt_template, r.prompt_version,
       ARRAY(SELECT e.model FROM judge_run_endpoints re JOIN judge_endpoints e ON e.id = re.endpoint_id
              WHERE re.run_id = r.id ORDER BY e.model) AS models,
       (SELECT count(*)::int FROM (SELECT DISTINCT cg.response_id, cg.criterion_id FROM clinician_grades cg
          JOIN grades g ON g.run_id = r.id AND g.response_id = cg.response_id AND g.criterion_id = cg.criterion_id AND g.met IS NOT NULL
         WHERE cg.campaign_id = $1) shared) AS shared_items
  FROM judge_runs r
 WHERE r.kind = 'GRADE'
   AND EXISTS (SELECT 1 FROM grades g JOIN criteria c ON c.id = g.criterion_id WHERE g.run_id = r.id AND c.dataset_id = $2)
 ORDER BY r.id DESC`;

export async function getGradingCampaignReport({ campaignId }: { campaignId: number }): Promise<GradingCampaignReport | null> {
  const pool = pgPool();
  const campaign = (
    await pool.query<{
      id: number;
      name: string;
      status: 'OPEN' | 'CLOSED';
      overlap_k: number;
      description: string | null;
      dataset_id: number | null;
      dataset_name: string | null;
      responses: number;
      done: number;
      total: number;
      marks: number;
      comments: number;
      grades: number;
    }>(CAMPAIGN_SQL, [campaignId])
  ).rows[0];
  if (!campaign) return null;
  const [clinicians, tiers, comments, runs] = await Promise.all([
    pool.query<{ id: string; name: string; email: string; submitted: number; in_progress: number; remaining: number }>(CLINICIANS_SQL, [
      campaignId,
    ]),
    pool.query<{ tier: Tier; marks: number; met: number; not_met: number; cannot_judge: number }>(TIERS_SQL, [campaignId]),
    pool.query<{
      expert_name: string;
      criterion_id: number;
      criterion_title: string;
      tier: Tier;
      response_id: number;
      source_label: string;
      excerpt: string;
      query_external_id: string;
      met: boolean | null;
      level: string | null;
      cannot_judge: boolean;
      comment: string;
      submitted: boolean;
      updated_at: Date;
    }>(COMMENTS_SQL, [campaignId]),
    campaign.dataset_id === null
      ? { rows: [] }
      : pool.query<{ id: number; prompt_template: string; prompt_version: string; models: string[]; shared_items: number }>(RUNS_SQL, [
          campaignId,
          campaign.dataset_id,
        ]),
  ]);
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    overlapK: campaign.overlap_k,
    description: campaign.description,
    datasetId: campaign.dataset_id,
    datasetName: campaign.dataset_name,
    responses: campaign.responses,
    gradingsDone: campaign.done,
    gradingsTotal: campaign.total,
    marks: campaign.marks,
    comments: campaign.comments,
    clinicianGrades: campaign.grades,
    clinicians: clinicians.rows.map((row) => ({
      expertId: row.id,
      name: row.name,
      email: row.email,
      submitted: row.submitted,
      inProgress: row.in_progress,
      remaining: row.remaining,
    })),
    tiers: tiers.rows.map((row) => ({
      tier: row.tier,
      marks: row.marks,
      met: row.met,
      notMet: row.not_met,
      cannotJudge: row.cannot_judge,
    })),
    commentList: comments.rows.map((row) => ({
      expertName: row.expert_name,
      criterionId: row.criterion_id,
      criterionTitle: row.criterion_title,
      tier: row.tier,
      responseId: row.response_id,
      responseSource: row.source_label,
      responseExcerpt: row.excerpt,
      queryExternalId: row.query_external_id,
      met: row.met,
      level: row.level,
      cannotJudge: row.cannot_judge,
      comment: row.comment,
      submitted: row.submitted,
      updatedAt: row.updated_at.toISOString(),
    })),
    runs: runs.rows.map((row) => ({
      runId: row.id,
      promptTemplate: row.prompt_template,
      promptVersion: row.prompt_version,
      models: row.models,
      sharedItems: row.shared_items,
    })),
  };
}
