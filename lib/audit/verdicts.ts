// An expert's work on one assignment: verdict drafts (autosaved), the submission, amendments after it
// (until the criterion is final: adjudicated, or its campaign closed) and missing-criterion proposals. Every write:
//  - checks that the assignment is the caller's own (another expert's id is simply "not found");
//  - uses optimistic concurrency on rowVersion: a write based on an outdated version is refused and the
//    current server state is returned, so a stale tab is told and can show both; nothing is overwritten;
//  - keeps the reservation alive while the expert works (the expiry slides with activity);
//  - writes an AuditEvent for every change to a submitted verdict (submission, amendment) and every proposal.
// Drafts before submission are not audit events: they are not verdicts yet.
import type { Dimension } from '@/lib/vocabulary/enums';
import { OWN_VERDICT_FIELDS } from '@/lib/audit/expert-view';
import { type AuditedText, findAuditedTexts } from '@/lib/audit/find-audited-texts';
import type { assignmentStateSchema, proposalSchema, submitAssignmentSchema, VerdictDraft } from '@/lib/audit/schemas';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { DomainError, conflict, invalid, notFound } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';
import type { z } from '@/lib/zod';

type Tx = Prisma.TransactionClient;

const verdictFields = { ...OWN_VERDICT_FIELDS, secondsSpent: true } as const;

export type StoredVerdict = Prisma.VerdictGetPayload<{ select: typeof verdictFields }>;

/** `verdictFields` in hand-written SQL over the verdicts table: the same names and types Prisma returns. */
const STORED_VERDICT_COLUMNS = Prisma.raw(`criterion_id AS "criterionId", decision::text AS decision, dimensions::text[] AS dimensions,
  weight_direction::text AS "weightDirection", severity::text AS severity, comment, proposed_revision AS "proposedRevision",
  row_version AS "rowVersion", submitted_at AS "submittedAt", seconds_spent AS "secondsSpent"`);

/**
 * Selected in the first statement of a transaction that submits or amends verdicts: the analytics triggers then
 * use generic plans for the rest of the transaction. Their statements are large (the outcome of each criterion,
 * its contributions to every breakdown, the criteria's states) and PostgreSQL re-planned them on each of a
 * connection's first five submissions before settling on the generic plan: 35–45 ms of PostgreSQL CPU per
 * submission instead of 8–12 at QuarkMedBench scale (issue 21). Bulk changes (a new campaign's thousands of
 * criteria) keep their custom plans, which know how many rows they touch.
 */
const GENERIC_PLANS_FOR_FEW_OUTCOMES = Prisma.sql`set_config('plan_cache_mode', 'force_generic_plan', true)`;

export type SaveVerdictResult = { status: 'saved'; verdict: StoredVerdict } | { status: 'conflict'; current: StoredVerdict | null };

interface OwnAssignment {
  id: number;
  campaignId: number;
  queryId: number;
  state: string;
  rowVersion: number;
  criterionOrder: number[];
  submittedAt: Date | null;
  campaign: { status: string; dimensions: Dimension[]; reservationMinutes: number; fastThresholdSeconds: number };
}

/** Locks and returns the caller's own assignment, if they may still change it. */
async function lockOwnAssignment(tx: Tx, assignmentId: number, expertId: string): Promise<OwnAssignment> {
  // One statement: locks the caller's assignment and reads it with its campaign (issue 21: every round trip
  // to PostgreSQL costs the web process a write and a read on its socket).
  const [row] = await tx.$queryRaw<LockedAssignmentRow[]>`
    SELECT a.id, a.campaign_id, a.query_id, a.state::text AS state, a.row_version, a.criterion_order, a.submitted_at,
           a.expires_at, c.status::text AS status, c.dimensions::text[] AS dimensions, c.reservation_minutes,
           c.fast_threshold_seconds
      FROM assignments a JOIN audit_campaigns c ON c.id = a.campaign_id
     WHERE a.id = ${assignmentId} AND a.expert_id = ${expertId}
       FOR UPDATE OF a`;
  if (!row) throw notFound('This assignment');
  if (row.status !== 'OPEN') throw new DomainError('CONFLICT', 'The campaign is closed; verdicts can no longer change.');
  if (row.state === 'RESERVED' && row.expires_at <= new Date()) {
    throw new DomainError(
      'CONFLICT',
      'Your reservation of this query expired. Your drafts are kept: take the query again from the audit page.',
    );
  }
  if (row.state !== 'RESERVED' && row.state !== 'SUBMITTED') {
    throw new DomainError('CONFLICT', 'This query is no longer reserved for you. Your drafts are kept: take it again from the audit page.');
  }
  return {
    id: row.id,
    campaignId: row.campaign_id,
    queryId: row.query_id,
    state: row.state,
    rowVersion: row.row_version,
    criterionOrder: row.criterion_order,
    submittedAt: row.submitted_at,
    campaign: {
      status: row.status,
      dimensions: row.dimensions as Dimension[],
      reservationMinutes: row.reservation_minutes,
      fastThresholdSeconds: row.fast_threshold_seconds,
    },
  };
}

interface LockedAssignmentRow {
  id: number;
  campaign_id: number;
  query_id: number;
  state: string;
  row_version: number;
  criterion_order: number[];
  submitted_at: Date | null;
  expires_at: Date;
  status: string;
  dimensions: string[];
  reservation_minutes: number;
  fast_threshold_seconds: number;
}

async function touch(tx: Tx, assignment: OwnAssignment, secondsDelta = 0): Promise<void> {
  await tx.assignment.update({
    where: { id: assignment.id },
    data: {
      lastActivityAt: new Date(),
      secondsSpent: { increment: secondsDelta },
      ...(assignment.state === 'RESERVED' ? { expiresAt: new Date(Date.now() + assignment.campaign.reservationMinutes * 60_000) } : {}),
    },
  });
}

/** What an expert is told when a reviewer's decision makes their verdict on a criterion final. */
export const FINAL_DECISION_MESSAGE =
  'A reviewer has made the final decision on this criterion, so your verdict on it can no longer change. ' +
  'If you think the decision is wrong, tell your campaign admin.';

/**
 * Before an amendment: takes the campaign row (shared: closing the campaign waits for the amendment, and the
 * amendment for the close) and then the campaign criterion's row, which the adjudication locks first too, so an
 * amendment and an adjudication at the same moment queue up and the second one sees the first. Refuses when
 * the criterion is final.
 */
async function lockAmendable(tx: Tx, campaignId: number, criterionId: number): Promise<void> {
  const [campaign] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM audit_campaigns WHERE id = ${campaignId} FOR SHARE`;
  if (campaign?.status !== 'OPEN') throw new DomainError('CONFLICT', 'The campaign is closed; verdicts can no longer change.');
  await tx.$queryRaw`
    SELECT 1 FROM campaign_criteria WHERE campaign_id = ${campaignId} AND criterion_id = ${criterionId} FOR UPDATE`;
  const adjudicated = await tx.adjudication.count({ where: { campaignId, criterionId } });
  if (adjudicated > 0) throw new DomainError('CONFLICT', FINAL_DECISION_MESSAGE);
}

/** What an expert is told when they try to change or remove a proposal a reviewer has decided. */
export const DECIDED_PROPOSAL_MESSAGE =
  'A reviewer has already decided this proposal, so it can no longer change. Reload to see the decision.';

/** Problems with one verdict as it would be submitted; empty when it is complete and consistent. */
export function verdictProblems(
  verdict: Pick<StoredVerdict, 'decision' | 'dimensions' | 'weightDirection' | 'comment' | 'proposedRevision'> | undefined,
  allowedDimensions: readonly string[],
  original?: { title: string; description: string; tier: string; points: number },
): string[] {
  if (!verdict?.decision) return ['choose a decision'];
  const problems: string[] = [];
  const dimensions = verdict.dimensions ?? [];
  const outside = dimensions.filter((dimension) => !allowedDimensions.includes(dimension));
  if (outside.length) problems.push(`this campaign does not audit ${outside.join(', ').toLowerCase()}`);
  if (verdict.decision === 'ACCEPT' && dimensions.length > 0) problems.push('an accepted criterion has no error dimensions');
  if (verdict.decision !== 'ACCEPT' && dimensions.length === 0) problems.push('a rejection or revision needs at least one error dimension');
  if (dimensions.includes('WEIGHT') && !verdict.weightDirection)
    problems.push('a weight error needs its direction (over, under or redundant)');
  if (verdict.decision === 'REVISE_MINOR' || verdict.decision === 'REVISE_MAJOR') {
    const revision = verdict.proposedRevision as { title: string; description: string; tier: string; points: number } | null;
    const changed =
      revision &&
      original &&
      (revision.title !== original.title ||
        revision.description !== original.description ||
        revision.tier !== original.tier ||
        revision.points !== original.points);
    if (!changed && !verdict.comment?.trim()) problems.push('a revision needs the revised text or a comment saying what to change');
  }
  return problems;
}

/** What a draft stores: a field the decision makes meaningless is cleared (an accepted criterion has no errors). */
function draftFields(draft: VerdictDraft) {
  return {
    decision: draft.decision,
    dimensions: draft.decision === 'ACCEPT' ? [] : draft.dimensions,
    weightDirection: draft.dimensions.includes('WEIGHT') && draft.decision !== 'ACCEPT' ? draft.weightDirection : null,
    severity: draft.decision === 'ACCEPT' ? null : draft.severity,
    comment: draft.comment,
    proposedRevision:
      (draft.decision === 'REVISE_MINOR' || draft.decision === 'REVISE_MAJOR') && draft.proposedRevision
        ? draft.proposedRevision
        : undefined,
  };
}

/**
 * Saves a draft. The common case (a reserved query, its campaign open, the version the client saw) is one SQL
 * statement: it locks the assignment, writes the verdict only at that version, and slides the reservation. When
 * that statement writes nothing, the full check below runs in a transaction and says why (a conflict, an
 * expired reservation, a closed campaign, another expert's assignment) or saves an amendment, so both paths
 * answer the same way.
 */
export async function saveVerdict({ expertId, draft }: { expertId: string; draft: VerdictDraft }): Promise<SaveVerdictResult> {
  const saved = await saveDraftInOneStatement(expertId, draft);
  if (saved) return { status: 'saved', verdict: saved };
  return await saveVerdictChecked({ expertId, draft });
}

export async function saveDraftInOneStatement(expertId: string, draft: VerdictDraft): Promise<StoredVerdict | null> {
  const fields = draftFields(draft);
  const revision = fields.proposedRevision === undefined ? null : JSON.stringify(fields.proposedRevision);
  const rows = await prisma.$queryRaw<StoredVerdict[]>`
    WITH own AS (
      SELECT a.id, a.campaign_id, c.reservation_minutes
        FROM assignments a JOIN audit_campaigns c ON c.id = a.campaign_id
       WHERE a.id = ${draft.assignmentId} AND a.expert_id = ${expertId} AND a.state = 'RESERVED'
         AND a.expires_at > LOCALTIMESTAMP AND c.status = 'OPEN' AND ${draft.criterionId}::int = ANY (a.criterion_order)
         FOR UPDATE OF a
    ), updated AS (
      UPDATE verdicts v
         SET decision = ${fields.decision}::text::"Decision",
             dimensions = ${fields.dimensions}::text[]::"ErrorDimension"[],
             weight_direction = ${fields.weightDirection}::text::"WeightDirection",
             severity = ${fields.severity}::text::"Severity",
             comment = ${fields.comment},
             proposed_revision = ${revision}::jsonb,
             seconds_spent = v.seconds_spent + ${draft.secondsDelta}::int,
             row_version = v.row_version + 1,
             updated_at = LOCALTIMESTAMP
        FROM own
       WHERE ${draft.rowVersion}::int > 0 AND v.assignment_id = own.id AND v.criterion_id = ${draft.criterionId}
         AND v.row_version = ${draft.rowVersion}
      RETURNING v.*
    ), inserted AS (
      INSERT INTO verdicts (assignment_id, campaign_id, expert_id, criterion_id, decision, dimensions, weight_direction,
                            severity, comment, proposed_revision, seconds_spent, updated_at)
      SELECT own.id, own.campaign_id, ${expertId}, ${draft.criterionId}, ${fields.decision}::text::"Decision",
             ${fields.dimensions}::text[]::"ErrorDimension"[], ${fields.weightDirection}::text::"WeightDirection",
             ${fields.severity}::text::"Severity", ${fields.comment}, ${revision}::jsonb, ${draft.secondsDelta}::int, LOCALTIMESTAMP
        FROM own
       WHERE ${draft.rowVersion}::int = 0
      ON CONFLICT DO NOTHING
      RETURNING *
    ), saved AS (
      SELECT * FROM updated UNION ALL SELECT * FROM inserted
    ), touched AS (
      UPDATE assignments t
         SET last_activity_at = LOCALTIMESTAMP, seconds_spent = t.seconds_spent + ${draft.secondsDelta}::int,
             expires_at = LOCALTIMESTAMP + make_interval(mins => own.reservation_minutes), updated_at = LOCALTIMESTAMP
        FROM own
       WHERE t.id = own.id AND EXISTS (SELECT 1 FROM saved)
    )
    SELECT ${STORED_VERDICT_COLUMNS} FROM saved`;
  return rows[0] ?? null;
}

/** The whole check of a save, in a transaction: conflicts, amendments of submitted verdicts, and every refusal. */
export async function saveVerdictChecked({ expertId, draft }: { expertId: string; draft: VerdictDraft }): Promise<SaveVerdictResult> {
  return await prisma.$transaction(async (tx) => {
    const assignment = await lockOwnAssignment(tx, draft.assignmentId, expertId);
    if (!assignment.criterionOrder.includes(draft.criterionId)) throw notFound('This criterion in your assignment');
    const current = await tx.verdict.findUnique({
      where: { assignmentId_criterionId: { assignmentId: assignment.id, criterionId: draft.criterionId } },
      select: verdictFields,
    });
    if ((current?.rowVersion ?? 0) !== draft.rowVersion) return { status: 'conflict', current };

    const fields = draftFields(draft);
    const submitted = assignment.state === 'SUBMITTED';
    if (submitted) {
      await tx.$queryRaw`SELECT ${GENERIC_PLANS_FOR_FEW_OUTCOMES}`;
      await lockAmendable(tx, assignment.campaignId, draft.criterionId);
      // An amendment must itself be a complete verdict.
      const original = (await findAuditedTexts({ db: tx, campaignId: assignment.campaignId, criterionIds: [draft.criterionId] })).get(
        draft.criterionId,
      );
      const problems = verdictProblems(
        { ...fields, proposedRevision: fields.proposedRevision ?? null },
        assignment.campaign.dimensions,
        original,
      );
      if (problems.length)
        throw invalid(`This change cannot be saved: ${problems.join('; ')}.`, { [`criterion.${draft.criterionId}`]: problems });
    }
    const revision =
      fields.proposedRevision === undefined ? { proposedRevision: Prisma.DbNull } : { proposedRevision: fields.proposedRevision };
    const data = { ...fields, ...revision, secondsSpent: { increment: draft.secondsDelta } };
    const verdict = current
      ? await tx.verdict.update({
          where: { assignmentId_criterionId: { assignmentId: assignment.id, criterionId: draft.criterionId } },
          data: { ...data, rowVersion: { increment: 1 } },
          select: verdictFields,
        })
      : await tx.verdict.create({
          data: {
            ...fields,
            ...revision,
            secondsSpent: draft.secondsDelta,
            assignmentId: assignment.id,
            campaignId: assignment.campaignId,
            expertId,
            criterionId: draft.criterionId,
            submittedAt: submitted ? new Date() : null,
          },
          select: verdictFields,
        });
    if (submitted) {
      await recordEvent(tx, {
        actorId: expertId,
        action: 'verdict.amend',
        entityType: 'verdict',
        entityId: `${assignment.id}:${draft.criterionId}`,
        before: current,
        after: verdict,
      });
    }
    await touch(tx, assignment, draft.secondsDelta);
    return { status: 'saved', verdict };
  });
}

type AssignmentState = { comprehensiveness: number | null; comprehensivenessComment: string | null; rowVersion: number };

/**
 * Saves the completeness rating or the cursor. The common case (a live reservation in an open campaign, the rating
 * at the version the client saw) is one statement, as a draft save is; anything else goes through the checked
 * transaction below, which says why or saves an amendment after the submission.
 */
export async function updateAssignmentState({ expertId, input }: { expertId: string; input: z.infer<typeof assignmentStateSchema> }) {
  const saved = await updateReservedAssignmentInOneStatement(expertId, input);
  if (saved) return { status: 'saved' as const, current: saved };
  return await updateAssignmentStateChecked({ expertId, input });
}

export async function updateReservedAssignmentInOneStatement(
  expertId: string,
  input: z.infer<typeof assignmentStateSchema>,
): Promise<AssignmentState | null> {
  const changesRating = input.comprehensiveness !== undefined || input.comprehensivenessComment !== undefined;
  const rows = await prisma.$queryRaw<AssignmentState[]>`
    UPDATE assignments t
       SET cursor = COALESCE(${input.cursor ?? null}::int, t.cursor),
           comprehensiveness = CASE WHEN ${input.comprehensiveness !== undefined} THEN ${input.comprehensiveness ?? null}::int
                                    ELSE t.comprehensiveness END,
           comprehensiveness_comment = CASE WHEN ${input.comprehensivenessComment !== undefined}
                                            THEN ${input.comprehensivenessComment ?? null} ELSE t.comprehensiveness_comment END,
           row_version = t.row_version + ${changesRating ? 1 : 0}::int,
           last_activity_at = LOCALTIMESTAMP, seconds_spent = t.seconds_spent + ${input.secondsDelta}::int,
           expires_at = LOCALTIMESTAMP + make_interval(mins => c.reservation_minutes), updated_at = LOCALTIMESTAMP
      FROM audit_campaigns c
     WHERE t.id = ${input.assignmentId} AND t.expert_id = ${expertId} AND t.state = 'RESERVED' AND t.expires_at > LOCALTIMESTAMP
       AND c.id = t.campaign_id AND c.status = 'OPEN' AND (${!changesRating} OR t.row_version = ${input.rowVersion}::int)
    RETURNING t.comprehensiveness, t.comprehensiveness_comment AS "comprehensivenessComment", t.row_version AS "rowVersion"`;
  return rows[0] ?? null;
}

/** The whole check of a rating or cursor change, in a transaction: conflicts, amendments after submitting, refusals. */
export async function updateAssignmentStateChecked({
  expertId,
  input,
}: {
  expertId: string;
  input: z.infer<typeof assignmentStateSchema>;
}) {
  return await prisma.$transaction(async (tx) => {
    const assignment = await lockOwnAssignment(tx, input.assignmentId, expertId);
    const changesRating = input.comprehensiveness !== undefined || input.comprehensivenessComment !== undefined;
    if (changesRating && assignment.rowVersion !== input.rowVersion) {
      const current = await tx.assignment.findUniqueOrThrow({
        where: { id: assignment.id },
        select: { comprehensiveness: true, comprehensivenessComment: true, rowVersion: true },
      });
      return { status: 'conflict' as const, current };
    }
    const updated = await tx.assignment.update({
      where: { id: assignment.id },
      data: {
        ...(input.cursor !== undefined ? { cursor: input.cursor } : {}),
        ...(input.comprehensiveness !== undefined ? { comprehensiveness: input.comprehensiveness } : {}),
        ...(input.comprehensivenessComment !== undefined ? { comprehensivenessComment: input.comprehensivenessComment } : {}),
        ...(changesRating ? { rowVersion: { increment: 1 } } : {}),
      },
      select: { comprehensiveness: true, comprehensivenessComment: true, rowVersion: true },
    });
    if (changesRating && assignment.state === 'SUBMITTED') {
      await recordEvent(tx, {
        actorId: expertId,
        action: 'assignment.amend',
        entityType: 'assignment',
        entityId: assignment.id,
        after: updated,
      });
    }
    await touch(tx, assignment, input.secondsDelta);
    return { status: 'saved' as const, current: updated };
  });
}

/** A verdict as the submission checks it, with the text its campaign audits (read in the locking statement). */
interface SubmissionRow {
  criterionId: number;
  decision: StoredVerdict['decision'];
  dimensions: Dimension[];
  weightDirection: StoredVerdict['weightDirection'];
  comment: string | null;
  proposedRevision: StoredVerdict['proposedRevision'];
}

/**
 * Submits a query: every verdict is checked, then written in one statement with its audit event, the
 * assignment, the query's submission count and the submission's own event (issue 21: a submission had been nine
 * round trips, half the cost of a whole query's audit). The verdicts' analytics triggers run once for the
 * statement and lock the criteria's outcome rows in criterion order, so two experts submitting the same query
 * cannot deadlock. lib/audit/save-fast-path.test.ts pins the stored rows and events.
 */
export async function submitAssignment({ expertId, input }: { expertId: string; input: z.infer<typeof submitAssignmentSchema> }) {
  return await prisma.$transaction(async (tx) => {
    const assignment = await lockOwnAssignment(tx, input.assignmentId, expertId);
    if (assignment.state === 'SUBMITTED') throw conflict('This query was already submitted (perhaps in another tab). Reload to see it.');
    if (assignment.rowVersion !== input.rowVersion)
      throw conflict('This query changed in another tab. Reload to see the latest version; your drafts are saved.');
    // The drafts and the audited texts in one round trip, and the outcome triggers' plans made generic for the
    // rest of this transaction (GENERIC_PLANS_FOR_FEW_OUTCOMES).
    const [read] = await tx.$queryRaw<{ verdicts: SubmissionRow[] | null; texts: AuditedText[] | null }[]>`
      SELECT ${GENERIC_PLANS_FOR_FEW_OUTCOMES} AS plan_cache_mode,
             (SELECT json_agg(json_build_object('criterionId', v.criterion_id, 'decision', v.decision, 'dimensions', v.dimensions,
                       'weightDirection', v.weight_direction, 'comment', v.comment, 'proposedRevision', v.proposed_revision))
                FROM verdicts v WHERE v.assignment_id = ${assignment.id}) AS verdicts,
             (SELECT json_agg(json_build_object('criterionId', r.criterion_id, 'revision', r.revision, 'title', r.title,
                       'description', r.description, 'tier', r.tier, 'points', r.points))
                FROM campaign_criteria cc
                JOIN criterion_revisions r ON r.criterion_id = cc.criterion_id AND r.revision = cc.revision
               WHERE cc.campaign_id = ${assignment.campaignId} AND cc.criterion_id = ANY(${assignment.criterionOrder}::int[])) AS texts`;
    const verdicts = read?.verdicts ?? [];
    const audited = new Map((read?.texts ?? []).map((text) => [text.criterionId, text]));
    const byCriterion = new Map(verdicts.map((verdict) => [verdict.criterionId, verdict]));
    const fieldErrors: Record<string, string[]> = {};
    // Every problem at once: each criterion's (in the expert's order) and the completeness rating.
    const positions: number[] = [];
    for (const [index, criterionId] of assignment.criterionOrder.entries()) {
      const criterion = audited.get(criterionId);
      if (!criterion) continue;
      const problems = verdictProblems(byCriterion.get(criterionId), assignment.campaign.dimensions, criterion);
      if (problems.length) {
        fieldErrors[`criterion.${criterionId}`] = problems;
        positions.push(index + 1);
      }
    }
    if (input.comprehensiveness === undefined) fieldErrors.comprehensiveness = ['Rate how complete the set of criteria is'];
    if (Object.keys(fieldErrors).length) {
      const parts = [
        ...(positions.length ? [`criteri${positions.length === 1 ? 'on' : 'a'} ${positions.join(', ')}`] : []),
        ...(input.comprehensiveness === undefined ? ['the completeness rating'] : []),
      ];
      throw invalid(`Before you can submit, fix ${parts.join(' and ')}: each problem is shown at its place.`, fieldErrors);
    }
    const now = new Date();
    // The events carry the stored verdict as JSON, as recordEvents wrote it (dates as ISO 8601 in UTC, to the ms).
    // `verdict_events` is read by the submission's own event, so the verdicts' events are written first.
    const [written] = await tx.$queryRaw<{ rowVersion: number; versions: { criterionId: number; rowVersion: number }[] | null }[]>`
      WITH submitted AS (
        UPDATE verdicts
           SET submitted_at = ${now}, flagged_fast = seconds_spent < ${assignment.campaign.fastThresholdSeconds}::int,
               row_version = row_version + 1, updated_at = ${now}
         WHERE assignment_id = ${assignment.id}
        RETURNING criterion_id, decision, dimensions, weight_direction, severity, comment, proposed_revision, row_version,
                  submitted_at, seconds_spent, flagged_fast
      ), verdict_events AS (
        INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after)
        SELECT ${expertId}, 'verdict.submit', 'verdict', ${assignment.id}::int || ':' || criterion_id,
               jsonb_build_object('criterionId', criterion_id, 'decision', decision, 'dimensions', dimensions,
                 'weightDirection', weight_direction, 'severity', severity, 'comment', comment,
                 'proposedRevision', proposed_revision, 'rowVersion', row_version,
                 'submittedAt', to_char(submitted_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'secondsSpent', seconds_spent,
                 'flaggedFast', flagged_fast)
          FROM submitted ORDER BY criterion_id
        RETURNING id
      ), updated AS (
        UPDATE assignments
           SET state = 'SUBMITTED', submitted_at = ${now}, comprehensiveness = ${input.comprehensiveness ?? null}::int,
               comprehensiveness_comment = ${input.comprehensivenessComment ?? null}, row_version = row_version + 1,
               updated_at = ${now}
         WHERE id = ${assignment.id}
        RETURNING row_version
      ), counted AS (
        UPDATE campaign_queries SET submitted_count = submitted_count + 1
         WHERE campaign_id = ${assignment.campaignId} AND query_id = ${assignment.queryId}
      ), submission_event AS (
        INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after)
        SELECT ${expertId}, 'assignment.submit', 'assignment', ${String(assignment.id)},
               jsonb_build_object('comprehensiveness', ${input.comprehensiveness ?? null}::int, 'verdicts', ${verdicts.length}::int)
          FROM (SELECT count(*) FROM verdict_events) written
      )
      SELECT (SELECT row_version FROM updated) AS "rowVersion",
             (SELECT json_agg(json_build_object('criterionId', criterion_id, 'rowVersion', row_version)) FROM submitted) AS versions`;
    if (!written) throw new Error(`submitting assignment ${assignment.id} returned nothing`);
    const versions: Record<number, number> = {};
    for (const verdict of written.versions ?? []) versions[verdict.criterionId] = verdict.rowVersion;
    return { rowVersion: written.rowVersion, verdicts: verdicts.length, versions, campaignId: assignment.campaignId };
  });
}

export async function saveProposal({ expertId, input }: { expertId: string; input: z.infer<typeof proposalSchema> }) {
  return await prisma.$transaction(async (tx) => {
    const assignment = await lockOwnAssignment(tx, input.assignmentId, expertId);
    const fields = {
      title: input.title,
      description: input.description,
      tier: input.tier,
      points: input.points,
      redLine: input.redLine,
      tags: input.tags,
      rationale: input.rationale ?? null,
    };
    if (input.proposalId) {
      const updated = await tx.missingCriterionProposal.updateMany({
        where: { id: input.proposalId, assignmentId: assignment.id, expertId, rowVersion: input.rowVersion, decision: 'PENDING' },
        data: { ...fields, rowVersion: { increment: 1 } },
      });
      if (updated.count === 0) {
        const exists = await tx.missingCriterionProposal.findFirst({
          where: { id: input.proposalId, assignmentId: assignment.id, expertId },
          select: { decision: true },
        });
        if (!exists) throw notFound('This proposal');
        if (exists.decision !== 'PENDING') throw conflict(DECIDED_PROPOSAL_MESSAGE);
        throw conflict('This proposal changed in another tab. Reload to see the latest version.');
      }
    }
    const proposal = input.proposalId
      ? await tx.missingCriterionProposal.findUniqueOrThrow({ where: { id: input.proposalId } })
      : await tx.missingCriterionProposal.create({
          data: { ...fields, assignmentId: assignment.id, campaignId: assignment.campaignId, expertId, queryId: assignment.queryId },
        });
    await recordEvent(tx, {
      actorId: expertId,
      action: input.proposalId ? 'proposal.update' : 'proposal.create',
      entityType: 'missing_criterion_proposal',
      entityId: proposal.id,
      after: fields,
    });
    await touch(tx, assignment);
    return { id: proposal.id, rowVersion: proposal.rowVersion };
  });
}

export async function deleteProposal({
  expertId,
  assignmentId,
  proposalId,
}: {
  expertId: string;
  assignmentId: number;
  proposalId: number;
}) {
  await prisma.$transaction(async (tx) => {
    const assignment = await lockOwnAssignment(tx, assignmentId, expertId);
    const removed = await tx.missingCriterionProposal.deleteMany({
      where: { id: proposalId, assignmentId: assignment.id, expertId, decision: 'PENDING' },
    });
    if (removed.count === 0) {
      const decided = await tx.missingCriterionProposal.count({ where: { id: proposalId, assignmentId: assignment.id, expertId } });
      throw decided ? conflict(DECIDED_PROPOSAL_MESSAGE) : notFound('This proposal');
    }
    await recordEvent(tx, { actorId: expertId, action: 'proposal.delete', entityType: 'missing_criterion_proposal', entityId: proposalId });
  });
}
