// (i) "Next" in a grading campaign under load: 20 clinicians claiming responses at once. The app side calls
// claimGradingResponse (one call of manual_grading_claim_next: one statement, one round trip) from 20 loops in this
// process; the raw side does the same work hand-written with pg, statement by statement, on an identical copy of
// the campaign: BEGIN; the per-(campaign, clinician) advisory lock; campaign, membership and live reservation;
// expiry; the pick with FOR UPDATE SKIP LOCKED (and the same short retry); assignment, holders and audit event;
// COMMIT. After each claim the loop submits the assignment with a minimal UPDATE (untimed), so every claim takes a
// new response. Afterwards both campaigns are checked in SQL for over-assignment. The fixture (queries with two
// responses and eight criteria) is written in SQL; the campaign is created with createGradingCampaign.
import pg from 'pg';
import type { ClaimResult } from '@/lib/audit/claim-next';
import { claimGradingResponse } from '@/lib/grading/claim-grading-response';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { createGradingCampaignSchema } from '@/lib/grading/schemas';
import { disconnectDb } from '@/lib/db';
import { concurrentLoops, timeIt } from '@/tools/bench/concurrent-loops';
import { type BenchContext, type Metric, type Side, defineOperation } from '@/tools/bench/operation';
import { claimLockKey, describeTally, tallyOutcomes } from '@/tools/bench/operations/claim-next';
import { waitForOtherConnectionsToClose } from '@/tools/testing/wait-for-connections';
import { percentile } from '@/tools/bench/percentile';
import { type Settled, describeSettled, settleDatabase } from '@/tools/bench/settle-database';
import { BENCH_ADMIN, BENCH_ADMIN_ID, ensureBenchUsers, expertId } from '@/tools/fixtures/bench-users';
import type { Queryable } from '@/tools/fixtures/queryable';

const CLINICIANS = 20;
const CLAIMS_PER_CLINICIAN = 50;
const WARMUP_PER_CLINICIAN = 3;
const ROUNDS = 5;
const OVERLAP_K = 3;
const RESPONSES_AT_SCALE_1 = 4_000;
const CRITERIA_PER_QUERY = 8;

/** Queries of two responses and eight criteria, in SQL; returns the dataset id. */
async function buildGradingFixture(db: Queryable, responses: number): Promise<number> {
  const dataset = await db.query<{ id: number }>(`INSERT INTO datasets (name) VALUES ('Bench: grading claim') RETURNING id`);
  const datasetId = dataset.rows[0]?.id as number;
  await db.query(
    `INSERT INTO queries (dataset_id, external_id, category, conversation, turn_count, content_hash)
     SELECT $1, 'grading-q' || n, 'CLINICAL_CARE', jsonb_build_array(jsonb_build_object('role', 'user', 'content', 'Question ' || n)), 1, md5(n::text)
       FROM generate_series(1, $2) AS n`,
    [datasetId, Math.ceil(responses / 2)],
  );
  await db.query(
    `INSERT INTO responses (query_id, external_id, source_label, content, content_hash)
     SELECT q.id, 'r' || m, 'bench-model-' || m, 'Answer ' || m || ' to ' || q.external_id, md5(q.external_id || m)
       FROM queries q CROSS JOIN generate_series(1, 2) AS m WHERE q.dataset_id = $1`,
    [datasetId],
  );
  await db.query(
    `INSERT INTO criteria (dataset_id, query_id, category, key, position, title, description, tier, points, content_hash)
     SELECT $1, q.id, 'CLINICAL_CARE', 'c' || p, p, 'Criterion ' || p, 'Criterion ' || p || ' of ' || q.external_id, 'IMPORTANT', 5, md5(q.external_id || p)
       FROM queries q CROSS JOIN generate_series(0, $2 - 1) AS p WHERE q.dataset_id = $1`,
    [datasetId, CRITERIA_PER_QUERY],
  );
  await db.query('ANALYZE queries; ANALYZE responses; ANALYZE criteria');
  return datasetId;
}

/** A second grading campaign identical to `campaignId` (clinicians, units in the same order, nothing claimed). */
async function cloneGradingCampaign(db: Queryable, campaignId: number): Promise<number> {
  const created = await db.query<{ id: number }>(
    `INSERT INTO audit_campaigns (name, kind, status, overlap_k, dimensions, reservation_minutes, selection, created_by_id)
     SELECT name || ' (raw side)', kind, status, overlap_k, dimensions, reservation_minutes, selection, created_by_id
       FROM audit_campaigns WHERE id = $1 RETURNING id`,
    [campaignId],
  );
  const id = created.rows[0]?.id as number;
  await db.query('INSERT INTO campaign_experts (campaign_id, user_id) SELECT $2, user_id FROM campaign_experts WHERE campaign_id = $1', [
    campaignId,
    id,
  ]);
  await db.query(
    `INSERT INTO grading_units (campaign_id, response_id, query_id, overlap_k, sort_key)
     SELECT $2, response_id, query_id, overlap_k, sort_key FROM grading_units WHERE campaign_id = $1`,
    [campaignId, id],
  );
  return id;
}

const ELIGIBLE = `gu.campaign_id = $1 AND gu.holders < gu.overlap_k
  AND NOT EXISTS (SELECT 1 FROM grading_assignments a WHERE a.campaign_id = $1 AND a.response_id = gu.response_id
                    AND a.expert_id = $2 AND a.state IN ('RESERVED', 'SUBMITTED'))`;

/** claimGradingResponse's work as hand-written SQL sent statement by statement. */
export async function rawGradingClaim(client: Queryable, campaignId: number, expert: string): Promise<ClaimResult> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [claimLockKey(campaignId, expert).toString()]);
    const campaigns = await client.query<{ status: string; reservation_minutes: number; live_id: number | null }>(
      `SELECT c.status, c.reservation_minutes,
              (SELECT a.id FROM grading_assignments a WHERE a.campaign_id = c.id AND a.expert_id = $2 AND a.state = 'RESERVED'
                 AND a.expires_at > timezone('UTC', now()) LIMIT 1) AS live_id
         FROM audit_campaigns c
        WHERE c.id = $1 AND c.kind = 'GRADING' AND EXISTS (SELECT 1 FROM campaign_experts e WHERE e.campaign_id = c.id AND e.user_id = $2)`,
      [campaignId, expert],
    );
    const campaign = campaigns.rows[0];
    if (campaign?.status !== 'OPEN') throw new Error(`campaign ${campaignId} not open for ${expert}`);
    let result: ClaimResult;
    if (campaign.live_id !== null) result = { kind: 'resumed', assignmentId: campaign.live_id };
    else {
      await client.query(
        `WITH gone AS (
           UPDATE grading_assignments SET state = 'EXPIRED', updated_at = timezone('UTC', now())
            WHERE campaign_id = $1 AND state = 'RESERVED' AND expires_at < timezone('UTC', now()) RETURNING response_id),
         counted AS (SELECT response_id, count(*)::int AS n FROM gone GROUP BY response_id)
         UPDATE grading_units gu SET holders = gu.holders - counted.n FROM counted
          WHERE gu.campaign_id = $1 AND gu.response_id = counted.response_id`,
        [campaignId],
      );
      let picked: { response_id: number; query_id: number } | undefined;
      const giveUpAt = Date.now() + 3000;
      while (Date.now() < giveUpAt) {
        picked = (
          await client.query<{ response_id: number; query_id: number }>(
            `SELECT gu.response_id, gu.query_id FROM grading_units gu WHERE ${ELIGIBLE}
              ORDER BY gu.holders DESC, gu.sort_key DESC LIMIT 1 FOR UPDATE OF gu SKIP LOCKED`,
            [campaignId, expert],
          )
        ).rows[0];
        if (picked) break;
        const left = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM grading_units gu WHERE ${ELIGIBLE}`, [
          campaignId,
          expert,
        ]);
        if ((left.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));
      }
      if (!picked) result = { kind: 'none', reason: 'done' };
      else {
        const written = await client.query<{ id: number }>(
          `WITH assignment AS (
             INSERT INTO grading_assignments (campaign_id, expert_id, response_id, expires_at, criterion_order, updated_at)
             VALUES ($1, $2, $3, timezone('UTC', now()) + make_interval(mins => $5::int),
                     (SELECT coalesce(array_agg(c.id ORDER BY encode(sha256(convert_to($1::int || ':' || $2::text || ':' || c.id, 'UTF8')), 'hex')), '{}')
                        FROM criteria c WHERE c.query_id = $4 AND c.status <> 'REJECTED'),
                     timezone('UTC', now()))
             ON CONFLICT (campaign_id, expert_id, response_id) DO UPDATE
               SET state = 'RESERVED', reserved_at = EXCLUDED.reserved_at, expires_at = EXCLUDED.expires_at,
                   last_activity_at = EXCLUDED.last_activity_at, updated_at = EXCLUDED.updated_at,
                   row_version = grading_assignments.row_version + 1
             RETURNING id, expires_at, xmax <> 0 AS reclaimed),
           held AS (UPDATE grading_units SET holders = holders + 1 WHERE campaign_id = $1 AND response_id = $3)
           INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after)
           SELECT $2, CASE WHEN reclaimed THEN 'grading.reclaim' ELSE 'grading.claim' END, 'grading_assignment', id::text,
                  jsonb_build_object('campaignId', $1::int, 'responseId', $3::int,
                                     'expiresAt', to_char(expires_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             FROM assignment
           RETURNING entity_id::int AS id`,
          [campaignId, expert, picked.response_id, picked.query_id, campaign.reservation_minutes],
        );
        result = { kind: 'claimed', assignmentId: written.rows[0]?.id as number };
      }
    }
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function submitForBench(db: Queryable, assignmentId: number): Promise<void> {
  await db.query(
    `WITH submitted AS (
       UPDATE grading_assignments SET state = 'SUBMITTED', submitted_at = timezone('UTC', now()), row_version = row_version + 1
        WHERE id = $1 AND state = 'RESERVED' RETURNING campaign_id, response_id)
     UPDATE grading_units gu SET submitted_count = gu.submitted_count + 1
       FROM submitted WHERE gu.campaign_id = submitted.campaign_id AND gu.response_id = submitted.response_id`,
    [assignmentId],
  );
}

interface GradingChecks {
  overAssigned: number;
  duplicates: number;
  holdersMismatch: number;
  assignments: number;
}

async function gradingChecks(db: Queryable, campaignId: number): Promise<GradingChecks> {
  const result = await db.query<GradingChecks>(
    `WITH live AS (
       SELECT response_id, count(*) FILTER (WHERE state IN ('RESERVED', 'SUBMITTED'))::int AS live
         FROM grading_assignments WHERE campaign_id = $1 GROUP BY response_id),
     per_unit AS (
       SELECT gu.overlap_k, gu.holders, coalesce(l.live, 0) AS live
         FROM grading_units gu LEFT JOIN live l ON l.response_id = gu.response_id WHERE gu.campaign_id = $1)
     SELECT (SELECT count(*)::int FROM per_unit WHERE live > overlap_k) AS "overAssigned",
            (SELECT count(*)::int FROM (SELECT 1 FROM grading_assignments WHERE campaign_id = $1
                                          GROUP BY expert_id, response_id HAVING count(*) > 1) twice) AS duplicates,
            (SELECT count(*)::int FROM per_unit WHERE holders <> live) AS "holdersMismatch",
            (SELECT coalesce(sum(live), 0)::int FROM per_unit) AS assignments`,
    [campaignId],
  );
  return result.rows[0] as GradingChecks;
}

interface SideResult {
  latencies: number[];
  outcomes: ClaimResult[];
  checks?: GradingChecks;
}

interface GradingClaimState {
  ctx: BenchContext;
  clinicians: string[];
  campaigns: Record<Side, number>;
  responses: number;
  /** The setup's last step: nothing left for autovacuum (tools/bench/settle-database.ts). */
  settled: Settled;
  rawPool: pg.Pool;
  submitPool: pg.Pool;
  checkClient: pg.Client;
  previousPoolMax: string | undefined;
  results: Partial<Record<Side, SideResult>>;
}

async function runRound(state: GradingClaimState, side: Side): Promise<void> {
  const campaignId = state.campaigns[side];
  const claim = async (worker: number): Promise<ClaimResult> => {
    const clinician = state.clinicians[worker] as string;
    if (side === 'app') return claimGradingResponse({ campaignId, expertId: clinician });
    const client = await state.rawPool.connect();
    try {
      return await rawGradingClaim(client, campaignId, clinician);
    } finally {
      client.release();
    }
  };
  const step = async (worker: number) => {
    const { value, ms } = await timeIt(() => claim(worker));
    if (value.kind !== 'none') await submitForBench(state.submitPool, value.assignmentId);
    return { value, ms };
  };
  let result = state.results[side];
  if (!result) {
    await concurrentLoops(CLINICIANS, WARMUP_PER_CLINICIAN, step);
    result = { latencies: [], outcomes: [] };
    state.results[side] = result;
  }
  const measured = (await concurrentLoops(CLINICIANS, CLAIMS_PER_CLINICIAN / ROUNDS, step)).flat();
  result.latencies.push(...measured.map((one) => one.ms));
  result.outcomes.push(...measured.map((one) => one.value));
}

export const gradingClaimOperation = defineOperation<GradingClaimState>({
  id: 'grading-claim',
  title: `claimGradingResponse with ${CLINICIANS} concurrent clinicians vs the same claim hand-written in SQL`,
  setup: async (ctx) => {
    const previousPoolMax = process.env.DB_POOL_MAX;
    process.env.DB_POOL_MAX = String(CLINICIANS);
    await disconnectDb();
    const clinicians = Array.from({ length: CLINICIANS }, (_, index) => expertId(index));
    const checkClient = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await checkClient.connect();
    try {
      await ensureBenchUsers(checkClient, { ADMIN: [BENCH_ADMIN_ID], EXPERT: clinicians });
      const responses = Math.max(CLINICIANS * (CLAIMS_PER_CLINICIAN + WARMUP_PER_CLINICIAN), Math.round(RESPONSES_AT_SCALE_1 * ctx.scale));
      const datasetId = await buildGradingFixture(checkClient, responses);
      const created = await createGradingCampaign({
        actor: BENCH_ADMIN,
        input: createGradingCampaignSchema.parse({
          name: 'Bench: grading claim under load',
          overlapK: OVERLAP_K,
          expertIds: clinicians,
          selection: { datasetId, responses },
        }),
      });
      const raw = await cloneGradingCampaign(checkClient, created.id);
      const settled = await settleDatabase(checkClient);
      ctx.log(`grading-claim: ${describeSettled(settled)} (untimed)`);
      ctx.log(
        `grading-claim: campaigns ${created.id} (app) and ${raw} (raw), ${created.responses.toLocaleString('en')} responses each, k = ${OVERLAP_K}`,
      );
      return {
        ctx,
        clinicians,
        campaigns: { app: created.id, raw },
        responses: created.responses,
        settled,
        rawPool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: CLINICIANS }),
        submitPool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: CLINICIANS }),
        checkClient,
        previousPoolMax,
        results: {},
      };
    } catch (error) {
      await checkClient.end();
      throw error;
    }
  },
  iterations: ROUNDS,
  beforeEach: async (state) => state.ctx.cluster.admin('CHECKPOINT'),
  app: async (state) => {
    await runRound(state, 'app');
  },
  raw: async (state) => {
    await runRound(state, 'raw');
  },
  metrics: (_timings, state) => {
    const app = state.results.app;
    const raw = state.results.raw;
    const claims = (CLINICIANS * CLAIMS_PER_CLINICIAN).toLocaleString('en');
    const latency = (p: number): Metric => ({
      id: `grading-claim-p${p}`,
      label: `grading claim, ${CLINICIANS} concurrent clinicians: p${p} of ${claims}`,
      unit: 'ms',
      app: app ? percentile(app.latencies, p) : Number.NaN,
      raw: raw ? percentile(raw.latencies, p) : null,
    });
    const check = (key: 'overAssigned' | 'duplicates' | 'holdersMismatch', label: string): Metric => ({
      id: `grading-claim-${key}`,
      label,
      unit: 'count',
      app: app?.checks?.[key] ?? Number.NaN,
      raw: raw?.checks?.[key] ?? null,
    });
    return [
      latency(50),
      latency(95),
      latency(99),
      check('overAssigned', `grading claims: responses with > k=${OVERLAP_K} live assignments (SQL)`),
      check('duplicates', 'grading claims: clinicians assigned twice to one response (SQL)'),
      check('holdersMismatch', 'grading claims: holders ≠ reserved + submitted assignments (SQL)'),
    ];
  },
  targets: () => [
    { metric: 'grading-claim-p95', maxValue: 20 },
    { metric: 'grading-claim-overAssigned', maxValue: 0, label: 'none' },
    { metric: 'grading-claim-duplicates', maxValue: 0, label: 'none' },
    { metric: 'grading-claim-holdersMismatch', maxValue: 0, label: 'none' },
  ],
  verify: async (state) => {
    const problems: string[] = [];
    const expected = CLINICIANS * (WARMUP_PER_CLINICIAN + CLAIMS_PER_CLINICIAN);
    for (const side of ['app', 'raw'] as const) {
      const result = state.results[side];
      if (!result) {
        problems.push(`the ${side} side did not run`);
        continue;
      }
      result.checks = await gradingChecks(state.checkClient, state.campaigns[side]);
      const tally = tallyOutcomes(result.outcomes);
      if ((tally.claimed ?? 0) !== result.outcomes.length)
        problems.push(`${side}: not every call claimed a new response: ${describeTally(tally)}`);
      if (result.checks.assignments !== expected)
        problems.push(`${side}: ${result.checks.assignments} live assignments, expected ${expected}`);
    }
    return problems;
  },
  notes: (state) => [
    `${CLINICIANS} loops in this process, each claiming then submitting (untimed) ${CLAIMS_PER_CLINICIAN} times after ${WARMUP_PER_CLINICIAN} warm-up claims, ` +
      `in ${ROUNDS} rounds taking turns with the raw side; app pool DB_POOL_MAX=${CLINICIANS}, raw pool ${CLINICIANS}; ` +
      `identical campaigns of ${state.responses.toLocaleString('en')} responses (${CRITERIA_PER_QUERY} criteria per query), k = ${OVERLAP_K}`,
    `before the rounds: ${describeSettled(state.settled)}`,
  ],
  teardown: async (state) => {
    try {
      await Promise.all([state.rawPool.end(), state.submitPool.end()]);
      if (state.previousPoolMax === undefined) delete process.env.DB_POOL_MAX;
      else process.env.DB_POOL_MAX = state.previousPoolMax;
      await disconnectDb();
      await waitForOtherConnectionsToClose(state.checkClient);
    } finally {
      await state.checkClient.end();
    }
  },
});
