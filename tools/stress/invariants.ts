// What must hold in the database after a stress run, checked in SQL. Each check counts offending rows: 0 is
// PASS. They read committed state only, so run them once the app has stopped writing.
//  1. k: no criterion of the campaign has more than k submitted verdicts.
//  2. acknowledged: every submission (and amendment) the app acknowledged to an expert is in the database,
//     submitted, with the values sent and the row version the app returned.
//  3. audit trail: verdict changes and audit events match one to one: each submitted verdict has exactly one
//     verdict.submit event, its row version is that event's plus one per verdict.amend event, the newest event
//     carries the stored decision; drafts have none; no event names a verdict that does not exist; each
//     submitted assignment has exactly one assignment.submit event and no other assignment has one.
//  4. claims: per query, holders equals its reservations plus submissions and never exceeds k; the submitted
//     count equals its submissions.
//  5. ownership: a verdict belongs to its assignment's expert, campaign and criteria; an expert holds at most
//     one live reservation per campaign.
//  6. analytics: the maintained outcome rows of the campaign equal a fresh computation from the verdicts.
import type pg from 'pg';
import { gradeChecks } from '@/tools/bench/grade-checks';
import type { AckLedger } from '@/tools/stress/ledger';

export interface InvariantResult {
  id: string;
  title: string;
  /** Offending rows; 0 passes. */
  offending: number;
  pass: boolean;
  /** What the count is made of, or the first offender. */
  detail: string;
}

type Queryable = Pick<pg.ClientBase, 'query'>;

const result = (id: string, title: string, offending: number, detail = ''): InvariantResult => ({
  id,
  title,
  offending,
  pass: offending === 0,
  detail,
});

async function one<T extends pg.QueryResultRow>(db: Queryable, sql: string, values: unknown[]): Promise<T> {
  const rows = await db.query<T>(sql, values);
  const row = rows.rows[0];
  if (!row) throw new Error('an invariant query returned no row');
  return row;
}

const parts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`)
    .join('; ');

/** An invariant made of several counts: offending is their sum, the detail names the non-zero ones. */
const tally = (id: string, title: string, counts: Record<string, number>, suffix = ''): InvariantResult => {
  const offending = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return result(id, title, offending, offending ? `${parts(counts)}${suffix}` : '');
};

export async function checkOverK(db: Queryable, campaignId: number): Promise<InvariantResult> {
  const row = await one<{ n: number; worst: number | null; k: number }>(
    db,
    `SELECT count(*)::int AS n, max(x.verdicts)::int AS worst, (SELECT overlap_k FROM audit_campaigns WHERE id = $1) AS k
       FROM (SELECT v.criterion_id, count(*) AS verdicts FROM verdicts v
              WHERE v.campaign_id = $1 AND v.submitted_at IS NOT NULL GROUP BY v.criterion_id
             HAVING count(*) > (SELECT overlap_k FROM audit_campaigns WHERE id = $1)) x`,
    [campaignId],
  );
  return result(
    'k',
    `no criterion with more than k = ${row.k} submitted verdicts`,
    row.n,
    row.n ? `up to ${row.worst} on one criterion` : '',
  );
}

/** Canonical JSON (sorted keys), so a jsonb column compares equal to the object sent whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function checkAcknowledged(db: Queryable, ledger: AckLedger): Promise<InvariantResult> {
  const acknowledged = ledger.acknowledgedVerdicts;
  const stored = await db.query<{
    assignment_id: number;
    criterion_id: number;
    decision: string | null;
    dimensions: string[];
    weight_direction: string | null;
    severity: string | null;
    comment: string | null;
    proposed_revision: unknown;
    row_version: number;
    submitted: boolean;
  }>(
    `SELECT v.assignment_id, v.criterion_id, v.decision::text AS decision, v.dimensions::text[] AS dimensions,
            v.weight_direction::text AS weight_direction, v.severity::text AS severity, v.comment, v.proposed_revision,
            v.row_version, v.submitted_at IS NOT NULL AS submitted
       FROM verdicts v JOIN unnest($1::int[], $2::int[]) AS k(assignment_id, criterion_id)
         ON v.assignment_id = k.assignment_id AND v.criterion_id = k.criterion_id`,
    [acknowledged.map((verdict) => verdict.assignmentId), acknowledged.map((verdict) => verdict.criterionId)],
  );
  const byKey = new Map(stored.rows.map((row) => [`${row.assignment_id}:${row.criterion_id}`, row]));
  const counts = { missing: 0, 'not submitted': 0, 'with other values': 0, 'with another row version': 0, 'assignments not SUBMITTED': 0 };
  let example = '';
  for (const ack of acknowledged) {
    const key = `${ack.assignmentId}:${ack.criterionId}`;
    const row = byKey.get(key);
    const problem = !row
      ? 'missing'
      : !row.submitted
        ? 'not submitted'
        : row.decision !== ack.decision ||
            canonical([...row.dimensions].sort()) !== canonical([...ack.dimensions].sort()) ||
            row.weight_direction !== ack.weightDirection ||
            row.severity !== ack.severity ||
            row.comment !== ack.comment ||
            canonical(row.proposed_revision) !== canonical(ack.proposedRevision)
          ? 'with other values'
          : row.row_version !== ack.rowVersion
            ? 'with another row version'
            : null;
    if (problem) {
      counts[problem] += 1;
      example ||= `verdict ${key}: ${problem}`;
    }
  }
  const assignments = [...ledger.submittedAssignments];
  const states = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM unnest($1::int[]) AS k(id) LEFT JOIN assignments a ON a.id = k.id
      WHERE a.state IS DISTINCT FROM 'SUBMITTED'`,
    [assignments],
  );
  counts['assignments not SUBMITTED'] = states.n;
  return tally(
    'acknowledged',
    `every acknowledged submission stored as sent (${acknowledged.length.toLocaleString('en')} verdicts of ${assignments.length.toLocaleString('en')} queries, ${ledger.amendments} amendments)`,
    counts,
    `; e.g. ${example || 'an assignment'}`,
  );
}

export async function checkAuditTrail(db: Queryable, campaignId: number): Promise<InvariantResult> {
  const verdicts = await one<{ submit_not_one: number; events_on_drafts: number; unrecorded_changes: number; orphan_events: number }>(
    db,
    `WITH ev AS (
       SELECT e.id, e.action, e.entity_id, (e.after->>'rowVersion')::int AS row_version, e.after->>'decision' AS decision
         FROM audit_events e
        WHERE e.entity_type = 'verdict' AND e.action IN ('verdict.submit', 'verdict.amend') AND e.entity_id ~ '^[0-9]+:[0-9]+$'
          AND split_part(e.entity_id, ':', 1)::int IN (SELECT id FROM assignments WHERE campaign_id = $1)),
     v AS (
       SELECT v.assignment_id || ':' || v.criterion_id AS entity_id, v.row_version, v.decision::text AS decision,
              v.submitted_at IS NOT NULL AS submitted
         FROM verdicts v WHERE v.campaign_id = $1),
     per AS (
       SELECT v.entity_id, v.row_version, v.decision, v.submitted,
              count(ev.id) FILTER (WHERE ev.action = 'verdict.submit') AS submits,
              count(ev.id) FILTER (WHERE ev.action = 'verdict.amend') AS amends,
              min(ev.row_version) FILTER (WHERE ev.action = 'verdict.submit') AS submit_version,
              max(ev.row_version) AS last_version,
              (array_agg(ev.decision ORDER BY ev.id DESC))[1] AS last_decision
         FROM v LEFT JOIN ev ON ev.entity_id = v.entity_id
        GROUP BY v.entity_id, v.row_version, v.decision, v.submitted)
     SELECT count(*) FILTER (WHERE submitted AND submits <> 1)::int AS submit_not_one,
            count(*) FILTER (WHERE NOT submitted AND submits + amends > 0)::int AS events_on_drafts,
            count(*) FILTER (WHERE submitted AND submits = 1
                               AND (row_version <> submit_version + amends OR last_version <> row_version
                                    OR last_decision IS DISTINCT FROM decision))::int AS unrecorded_changes,
            (SELECT count(*)::int FROM ev WHERE ev.entity_id NOT IN (SELECT entity_id FROM v)) AS orphan_events
       FROM per`,
    [campaignId],
  );
  const assignments = await one<{ submit_not_one: number; submit_on_unsubmitted: number }>(
    db,
    `WITH ev AS (
       SELECT e.entity_id::int AS assignment_id, count(*) AS n FROM audit_events e
        WHERE e.entity_type = 'assignment' AND e.action = 'assignment.submit' AND e.entity_id ~ '^[0-9]+$'
        GROUP BY 1)
     SELECT count(*) FILTER (WHERE a.state = 'SUBMITTED' AND coalesce(ev.n, 0) <> 1)::int AS submit_not_one,
            count(*) FILTER (WHERE a.state <> 'SUBMITTED' AND ev.n > 0)::int AS submit_on_unsubmitted
       FROM assignments a LEFT JOIN ev ON ev.assignment_id = a.id WHERE a.campaign_id = $1`,
    [campaignId],
  );
  const counts = {
    'submitted verdicts without exactly one verdict.submit event': verdicts.submit_not_one,
    'drafts with verdict events': verdicts.events_on_drafts,
    'verdicts whose row version or decision no event explains': verdicts.unrecorded_changes,
    'verdict events naming no verdict': verdicts.orphan_events,
    'submitted queries without exactly one assignment.submit event': assignments.submit_not_one,
    'assignment.submit events on unsubmitted queries': assignments.submit_on_unsubmitted,
  };
  return tally('audit-trail', 'audit events match verdict changes one to one', counts);
}

export async function checkClaims(db: Queryable, campaignId: number): Promise<InvariantResult> {
  const row = await one<{ over_k: number; holders_off: number; submitted_off: number; progress_off: number }>(
    db,
    `WITH live AS (
       SELECT query_id, count(*) FILTER (WHERE state IN ('RESERVED', 'SUBMITTED')) AS holders,
              count(*) FILTER (WHERE state = 'SUBMITTED') AS submitted
         FROM assignments WHERE campaign_id = $1 GROUP BY query_id),
     -- Each expert's progress recounted from the assignments, against the counters kept by triggers (expert_progress).
     fresh AS (
       SELECT a.expert_id, count(*)::int AS submitted, count(*) FILTER (WHERE cq.submitted_count < cq.overlap_k)::int AS submitted_open
         FROM assignments a JOIN campaign_queries cq ON cq.campaign_id = a.campaign_id AND cq.query_id = a.query_id
        WHERE a.campaign_id = $1 AND a.state = 'SUBMITTED' GROUP BY 1),
     kept AS (SELECT expert_id, submitted, submitted_open FROM expert_progress WHERE campaign_id = $1)
     SELECT count(*) FILTER (WHERE cq.holders > cq.overlap_k OR cq.submitted_count > cq.overlap_k)::int AS over_k,
            count(*) FILTER (WHERE cq.holders <> coalesce(live.holders, 0))::int AS holders_off,
            count(*) FILTER (WHERE cq.submitted_count <> coalesce(live.submitted, 0))::int AS submitted_off,
            (SELECT count(*)::int FROM fresh FULL JOIN kept USING (expert_id)
              WHERE (coalesce(fresh.submitted, 0), coalesce(fresh.submitted_open, 0))
                    <> (coalesce(kept.submitted, 0), coalesce(kept.submitted_open, 0))) AS progress_off
       FROM campaign_queries cq LEFT JOIN live ON live.query_id = cq.query_id WHERE cq.campaign_id = $1`,
    [campaignId],
  );
  const counts = {
    'queries held or submitted more than k times': row.over_k,
    'queries whose holders differ from their reservations plus submissions': row.holders_off,
    'queries whose submitted count differs from their submissions': row.submitted_off,
    'experts whose kept progress (mine done, still open) differs from a recount': row.progress_off,
  };
  return tally('claims', 'claims never over-assign a query (holders ≤ k, counters match assignments)', counts);
}

export async function checkOwnership(db: Queryable, campaignId: number): Promise<InvariantResult> {
  const row = await one<{ foreign_verdicts: number; stray_criteria: number; double_reservations: number }>(
    db,
    `SELECT (SELECT count(*)::int FROM verdicts v JOIN assignments a ON a.id = v.assignment_id
              WHERE v.campaign_id = $1 AND (a.expert_id <> v.expert_id OR a.campaign_id <> v.campaign_id)) AS foreign_verdicts,
            (SELECT count(*)::int FROM verdicts v JOIN assignments a ON a.id = v.assignment_id
              WHERE v.campaign_id = $1 AND (NOT v.criterion_id = ANY (a.criterion_order)
                 OR NOT EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = $1 AND cc.criterion_id = v.criterion_id))) AS stray_criteria,
            (SELECT count(*)::int FROM (SELECT expert_id FROM assignments
              WHERE campaign_id = $1 AND state = 'RESERVED' AND expires_at > timezone('UTC', now())
              GROUP BY expert_id HAVING count(*) > 1) x) AS double_reservations`,
    [campaignId],
  );
  const counts = {
    "verdicts under another expert's or campaign's assignment": row.foreign_verdicts,
    "verdicts on a criterion outside their assignment's query": row.stray_criteria,
    'experts holding two live reservations': row.double_reservations,
  };
  return tally('ownership', "each verdict is its assignment's expert's; one live reservation per expert", counts);
}

export async function checkOutcomes(db: Queryable, campaignId: number): Promise<InvariantResult> {
  const row = await one<{ n: number }>(
    db,
    `WITH keys AS (SELECT campaign_id, criterion_id FROM campaign_criteria WHERE campaign_id = $1),
     fresh AS (SELECT * FROM manual_compute_outcomes(ARRAY(SELECT campaign_id FROM keys ORDER BY criterion_id),
                                                     ARRAY(SELECT criterion_id FROM keys ORDER BY criterion_id))),
     kept AS (SELECT * FROM criterion_outcomes WHERE campaign_id = $1)
     SELECT count(*)::int AS n FROM ((SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept)
                                     UNION ALL (SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh)) d`,
    [campaignId],
  );
  return result(
    'outcomes',
    'maintained analytics outcomes equal a fresh computation from the verdicts',
    row.n,
    row.n ? `${row.n} rows differ` : '',
  );
}

export async function checkInvariants(
  db: Queryable,
  { campaignId, ledger }: { campaignId: number; ledger: AckLedger },
): Promise<InvariantResult[]> {
  return [
    await checkOverK(db, campaignId),
    await checkAcknowledged(db, ledger),
    await checkAuditTrail(db, campaignId),
    await checkClaims(db, campaignId),
    await checkOwnership(db, campaignId),
    await checkOutcomes(db, campaignId),
  ];
}

export interface JobExpectations {
  import: { id: number | null; queries: number; criteria: number };
  judge: { id: number | null; calls: number };
  export: { id: number | null };
}

/**
 * 7. background jobs: the import, the judge run and the export each ended SUCCEEDED and left what they
 *    should: the imported dataset's rows, one Grade per judge task and none twice, every export file stored.
 */
export async function checkBackgroundJobs(db: Queryable, jobs: JobExpectations): Promise<InvariantResult> {
  const problems: string[] = [];
  if (jobs.import.id === null) problems.push('the import never started');
  else {
    const row = await one<{ status: string; queries: number | null; criteria: number | null }>(
      db,
      `SELECT j.status, (SELECT count(*)::int FROM queries q WHERE q.dataset_id = j.dataset_id) AS queries,
              (SELECT count(*)::int FROM criteria c WHERE c.dataset_id = j.dataset_id) AS criteria
         FROM import_jobs j WHERE j.id = $1`,
      [jobs.import.id],
    );
    if (row.status !== 'SUCCEEDED') problems.push(`the import ended ${row.status}`);
    else if (row.queries !== jobs.import.queries || row.criteria !== jobs.import.criteria)
      problems.push(
        `the import stored ${row.queries} queries and ${row.criteria} criteria, expected ${jobs.import.queries} and ${jobs.import.criteria}`,
      );
  }
  if (jobs.judge.id === null) problems.push('the judge run never started');
  else {
    const run = await one<{ status: string }>(db, 'SELECT status FROM judge_runs WHERE id = $1', [jobs.judge.id]);
    const grades = await gradeChecks(db, jobs.judge.id);
    if (run.status !== 'SUCCEEDED') problems.push(`the judge run ended ${run.status}`);
    if (grades.tasks !== jobs.judge.calls || grades.succeeded !== grades.tasks || grades.grades !== grades.tasks)
      problems.push(
        `judge: ${grades.succeeded} of ${grades.tasks} tasks succeeded with ${grades.grades} grades, expected ${jobs.judge.calls}`,
      );
    if (grades.duplicated > 0 || grades.notOneGrade > 0)
      problems.push(`judge: ${grades.duplicated} grades duplicated, ${grades.notOneGrade} tasks without exactly one grade`);
  }
  if (jobs.export.id === null) problems.push('the release was never frozen');
  else {
    const release = await one<{ status: string; files: number; stored: number; items: number; manifest_criteria: number | null }>(
      db,
      `SELECT r.status, (SELECT count(*)::int FROM release_files f WHERE f.release_id = r.id) AS files,
              (SELECT count(*)::int FROM release_files f JOIN stored_files s ON s.id = f.stored_file_id
                WHERE f.release_id = r.id AND f.status = 'SUCCEEDED' AND s.size > 0) AS stored,
              (SELECT count(*)::int FROM release_items i WHERE i.release_id = r.id) AS items,
              (r.manifest->'figures'->>'criteria')::int AS manifest_criteria
         FROM releases r WHERE r.id = $1`,
      [jobs.export.id],
    );
    if (release.status !== 'FROZEN') problems.push(`the release is ${release.status}`);
    if (release.files === 0 || release.stored !== release.files)
      problems.push(`export: ${release.stored} of ${release.files} files stored`);
    if (release.manifest_criteria !== release.items)
      problems.push(`export: the manifest says ${release.manifest_criteria} criteria, the release holds ${release.items}`);
  }
  return result(
    'jobs',
    'the import, the judge run and the export ended SUCCEEDED with complete output',
    problems.length,
    problems.join('; '),
  );
}
