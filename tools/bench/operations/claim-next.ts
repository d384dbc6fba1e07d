// (d) "Next" under load: 20 experts claiming at once on a campaign over the whole synthetic dataset. The app
// side calls claimNext (one call of the manual_claim_next function: one statement, one round trip) from 20 independent loops in this process; the
// raw side does the same work hand-written with pg on an identical copy of the campaign (same queries, same
// order, same experts): BEGIN; the per-(campaign, expert) advisory lock; campaign, membership and live
// reservation in one statement; expiry; the pick with FOR UPDATE SKIP LOCKED (and the same short retry when
// every eligible row is momentarily locked); assignment, holders and audit event in one statement; COMMIT.
// After each claim the loop submits the assignment with a minimal UPDATE (untimed), so every claim takes a
// new query. Afterwards both campaigns are checked in SQL for over-assignment.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { type ClaimResult, claimNext } from '@/lib/audit/claim-next';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema } from '@/lib/audit/schemas';
import { concurrentLoops, timeIt } from '@/tools/bench/concurrent-loops';
import { type CpuReport, addCpuReports, describeCpu, startCpuMeter } from '@/tools/bench/cpu-meter';
import { type BenchContext, type Metric, type Side, defineOperation } from '@/tools/bench/operation';
import { ensureSyntheticDataset } from '@/tools/bench/operations/import';
import { percentile } from '@/tools/bench/percentile';
import { waitForOtherConnectionsToClose } from '@/tools/testing/wait-for-connections';
import { type Settled, describeSettled, settleDatabase } from '@/tools/bench/settle-database';
import { BENCH_ADMIN, BENCH_ADMIN_ID, ensureBenchUsers, expertId } from '@/tools/fixtures/bench-users';
import type { Queryable } from '@/tools/fixtures/queryable';
import { disconnectDb } from '@/lib/db';
import { env } from '@/lib/env';

export const EXPERTS = 20;
const CLAIMS_PER_EXPERT = 100;
/**
 * The claims run in rounds, app and raw taking turns (the runner alternates which goes first), so a burst of
 * load elsewhere on a shared machine hits both sides alike instead of whichever ran at the time.
 */
const ROUNDS = 5;
/** Claims of one expert alone, after the concurrent ones. */
const CLAIMS_ALONE = 100;
/** Untimed claims per expert before measuring (PL/pgSQL's plan cache, JIT, PostgreSQL's caches). */
const WARMUP_PER_EXPERT = 5;
const OVERLAP_K = 3;
/**
 * The app's pool gets one connection per concurrent expert (lib/db reads DB_POOL_MAX when it
 * creates its pool; the default 10 would queue half the claims behind the other half).
 */
const APP_POOL_MAX = EXPERTS;

const count = (n: number) => n.toLocaleString('en');

// ───────────── the raw side: the same work, hand-written ─────────────

/** The advisory-lock key claimNext takes for (campaign, expert): the first 8 bytes of a SHA-256, signed. */
export function claimLockKey(campaignId: number, expert: string): bigint {
  return createHash('sha256').update(`claim:${campaignId}:${expert}`).digest().readBigInt64BE(0);
}

const ELIGIBLE = `cq.campaign_id = $1 AND cq.holders < cq.overlap_k
  AND NOT EXISTS (
    SELECT 1 FROM assignments a
    WHERE a.campaign_id = $1 AND a.query_id = cq.query_id AND a.expert_id = $2 AND a.state IN ('RESERVED', 'SUBMITTED'))
  AND ($3::boolean OR cq.department IS NULL OR lower(cq.department) = ANY($4::text[]))`;

/** claimNext's work as hand-written SQL sent statement by statement: 7 round trips where the app needs 1. */
export async function rawClaim(client: Queryable, campaignId: number, expert: string): Promise<ClaimResult> {
  await client.query('BEGIN');
  try {
    const result = await rawClaimInTransaction(client, campaignId, expert);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** The claim's statements, for a caller that manages the transaction (BEGIN ... COMMIT) itself. */
export async function rawClaimInTransaction(client: Queryable, campaignId: number, expert: string): Promise<ClaimResult> {
  await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [claimLockKey(campaignId, expert).toString()]);
  const campaigns = await client.query<{
    status: string;
    overlap_k: number;
    reservation_minutes: number;
    specialties: string[] | null;
    live_id: number | null;
  }>(
    `SELECT c.status, c.overlap_k, c.reservation_minutes,
            CASE WHEN c.match_specialty THEN (SELECT array_agg(lower(s)) FROM users u, unnest(u.specialties) s WHERE u.id = $2) END AS specialties,
            (SELECT a.id FROM assignments a
              WHERE a.campaign_id = c.id AND a.expert_id = $2 AND a.state = 'RESERVED' AND a.expires_at > timezone('UTC', now())
              LIMIT 1) AS live_id
       FROM audit_campaigns c
      WHERE c.id = $1 AND EXISTS (SELECT 1 FROM campaign_experts e WHERE e.campaign_id = c.id AND e.user_id = $2)`,
    [campaignId, expert],
  );
  const campaign = campaigns.rows[0];
  if (!campaign) throw new Error(`campaign ${campaignId} not found for ${expert}`);
  if (campaign.status !== 'OPEN') throw new Error(`campaign ${campaignId} is closed`);
  if (campaign.live_id !== null) return { kind: 'resumed', assignmentId: campaign.live_id };

  await client.query(
    `WITH gone AS (
       UPDATE assignments SET state = 'EXPIRED', updated_at = timezone('UTC', now())
        WHERE campaign_id = $1 AND state = 'RESERVED' AND expires_at < now()
        RETURNING query_id),
     counted AS (SELECT query_id, count(*)::int AS n FROM gone GROUP BY query_id)
     UPDATE campaign_queries cq SET holders = cq.holders - counted.n
       FROM counted WHERE cq.campaign_id = $1 AND cq.query_id = counted.query_id`,
    [campaignId],
  );

  const eligible = [campaignId, expert, campaign.specialties === null, campaign.specialties ?? []];
  let queryId: number | undefined;
  const giveUpAt = Date.now() + 3000;
  while (Date.now() < giveUpAt) {
    const picked = await client.query<{ query_id: number }>(
      `SELECT cq.query_id FROM campaign_queries cq WHERE ${ELIGIBLE}
        ORDER BY cq.holders DESC, cq.sort_key DESC LIMIT 1 FOR UPDATE OF cq SKIP LOCKED`,
      eligible,
    );
    queryId = picked.rows[0]?.query_id;
    if (queryId !== undefined) break;
    const locked = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign_queries cq WHERE ${ELIGIBLE}`, eligible);
    if ((locked.rows[0]?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));
  }
  if (queryId === undefined) {
    const open = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaign_queries cq
        WHERE cq.campaign_id = $1 AND cq.submitted_count < cq.overlap_k
          AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.campaign_id = $1 AND a.query_id = cq.query_id
                          AND a.expert_id = $2 AND a.state = 'SUBMITTED')`,
      [campaignId, expert],
    );
    return { kind: 'none', reason: (open.rows[0]?.n ?? 0) > 0 ? 'waiting' : 'done' };
  }

  // The assignment (or the expert's earlier one on this query, taken again), with the criteria in the
  // per-expert order claimNext's shuffledOrder gives (SHA-256 of "campaign:expert:criterion", as hex);
  // the holder count; the audit event.
  const written = await client.query<{ id: number }>(
    `WITH assignment AS (
       INSERT INTO assignments (campaign_id, expert_id, query_id, expires_at, criterion_order, updated_at)
       VALUES ($1, $2, $3, timezone('UTC', now()) + make_interval(mins => $4::int),
               (SELECT coalesce(array_agg(cc.criterion_id ORDER BY encode(sha256(convert_to($5 || ':' || cc.criterion_id, 'UTF8')), 'hex')), '{}')
                  FROM campaign_criteria cc WHERE cc.campaign_id = $1 AND cc.query_id = $3),
               timezone('UTC', now()))
       ON CONFLICT (campaign_id, expert_id, query_id) DO UPDATE
         SET state = 'RESERVED', reserved_at = EXCLUDED.reserved_at, expires_at = EXCLUDED.expires_at,
             last_activity_at = EXCLUDED.last_activity_at, updated_at = EXCLUDED.updated_at,
             row_version = assignments.row_version + 1
       RETURNING id, expires_at, xmax <> 0 AS reclaimed),
     held AS (UPDATE campaign_queries SET holders = holders + 1 WHERE campaign_id = $1 AND query_id = $3)
     INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after)
     SELECT $2, CASE WHEN reclaimed THEN 'assignment.reclaim' ELSE 'assignment.claim' END, 'assignment', id::text,
            jsonb_build_object('campaignId', $1::int, 'queryId', $3::int,
                               'expiresAt', to_char(expires_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       FROM assignment
     RETURNING entity_id::int AS id`,
    [campaignId, expert, queryId, campaign.reservation_minutes, `${campaignId}:${expert}`],
  );
  const id = written.rows[0]?.id;
  if (id === undefined) throw new Error('the claim wrote no assignment');
  return { kind: 'claimed', assignmentId: id };
}

/** What the loops do after each claim, untimed: a minimal stand-in for submitting the assignment. */
export async function submitForBench(db: Queryable, assignmentId: number): Promise<void> {
  await db.query(
    `WITH submitted AS (
       UPDATE assignments SET state = 'SUBMITTED', submitted_at = timezone('UTC', now()), updated_at = timezone('UTC', now()),
              row_version = row_version + 1
        WHERE id = $1 AND state = 'RESERVED' RETURNING campaign_id, query_id)
     UPDATE campaign_queries cq SET submitted_count = cq.submitted_count + 1
       FROM submitted WHERE cq.campaign_id = submitted.campaign_id AND cq.query_id = submitted.query_id`,
    [assignmentId],
  );
}

// ───────────── fixtures and checks ─────────────

/**
 * A second campaign identical to `campaignId` (settings, experts, criteria, queries with the same offer
 * order, nothing claimed), so the raw side starts from the same state as the app side.
 */
export async function cloneCampaign(db: Queryable, campaignId: number, suffix: string): Promise<number> {
  const created = await db.query<{ id: number }>(
    `INSERT INTO audit_campaigns (name, description, status, overlap_k, dimensions, match_specialty, deadline,
                                  reservation_minutes, fast_threshold_seconds, selection, created_by_id)
     SELECT name || $2, description, status, overlap_k, dimensions, match_specialty, deadline,
            reservation_minutes, fast_threshold_seconds, selection, created_by_id
       FROM audit_campaigns WHERE id = $1
     RETURNING id`,
    [campaignId, suffix],
  );
  const id = created.rows[0]?.id;
  if (id === undefined) throw new Error(`no campaign ${campaignId} to clone`);
  await db.query('INSERT INTO campaign_experts (campaign_id, user_id) SELECT $2, user_id FROM campaign_experts WHERE campaign_id = $1', [
    campaignId,
    id,
  ]);
  await db.query(
    'INSERT INTO campaign_criteria (campaign_id, criterion_id, query_id) SELECT $2, criterion_id, query_id FROM campaign_criteria WHERE campaign_id = $1',
    [campaignId, id],
  );
  await db.query(
    `INSERT INTO campaign_queries (campaign_id, query_id, overlap_k, sort_key, department)
     SELECT $2, query_id, overlap_k, sort_key, department FROM campaign_queries WHERE campaign_id = $1`,
    [campaignId, id],
  );
  return id;
}

export interface ClaimChecks {
  /** Campaign queries with more than k live (reserved or submitted) assignments. */
  overAssigned: number;
  /** (expert, query) pairs with more than one assignment. */
  duplicates: number;
  /** Campaign queries whose holders counter differs from their live assignments. */
  holdersMismatch: number;
  /** Campaign queries whose submitted_count differs from their submitted assignments. */
  submittedMismatch: number;
  /** Live assignments, and the campaign queries they are on, by how many holders those queries have. */
  assignments: number;
  queriesByHolders: Record<number, number>;
}

export async function claimChecks(db: Queryable, campaignId: number): Promise<ClaimChecks> {
  const [totals, fill] = await Promise.all([
    db.query<Omit<ClaimChecks, 'queriesByHolders'>>(
      `WITH live AS (
         SELECT query_id, count(*) FILTER (WHERE state IN ('RESERVED', 'SUBMITTED'))::int AS live,
                count(*) FILTER (WHERE state = 'SUBMITTED')::int AS submitted
           FROM assignments WHERE campaign_id = $1 GROUP BY query_id),
       per_query AS (
         SELECT cq.overlap_k, cq.holders, cq.submitted_count, coalesce(l.live, 0) AS live, coalesce(l.submitted, 0) AS submitted
           FROM campaign_queries cq LEFT JOIN live l ON l.query_id = cq.query_id WHERE cq.campaign_id = $1)
       SELECT (SELECT count(*)::int FROM per_query WHERE live > overlap_k) AS "overAssigned",
              (SELECT count(*)::int FROM (SELECT 1 FROM assignments WHERE campaign_id = $1
                                            GROUP BY expert_id, query_id HAVING count(*) > 1) twice) AS duplicates,
              (SELECT count(*)::int FROM per_query WHERE holders <> live) AS "holdersMismatch",
              (SELECT count(*)::int FROM per_query WHERE submitted_count <> submitted) AS "submittedMismatch",
              (SELECT coalesce(sum(live), 0)::int FROM per_query) AS assignments`,
      [campaignId],
    ),
    db.query<{ holders: number; n: number }>(
      'SELECT holders, count(*)::int AS n FROM campaign_queries WHERE campaign_id = $1 AND holders > 0 GROUP BY holders ORDER BY holders',
      [campaignId],
    ),
  ]);
  const row = totals.rows[0];
  if (!row) throw new Error('the checks returned nothing');
  return { ...row, queriesByHolders: Object.fromEntries(fill.rows.map((r) => [r.holders, r.n])) };
}

/** "2,000 claimed, 3 resumed" — the outcomes of a side's claims, for problems and notes. */
export function tallyOutcomes(results: readonly ClaimResult[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const result of results) {
    const key = result.kind === 'none' ? `none (${result.reason})` : result.kind;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

export function describeTally(tally: Record<string, number>): string {
  return (
    Object.entries(tally)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, n]) => `${count(n)} ${kind}`)
      .join(', ') || 'nothing'
  );
}

// ───────────── the operation ─────────────

interface SideResult {
  /** Milliseconds per measured claim, all experts at once. */
  latencies: number[];
  outcomes: ClaimResult[];
  /** Wall time of the measured concurrent claims (submissions included). */
  wallMs: number;
  /** CPU used during the concurrent claims. */
  cpu: CpuReport | null;
  /** Milliseconds per claim of one expert claiming alone, afterwards. */
  alone: number[];
  aloneOutcomes: ClaimResult[];
  checks?: ClaimChecks;
}

interface ClaimState {
  ctx: BenchContext;
  experts: string[];
  campaigns: Record<Side, number>;
  campaign: {
    criteria: number;
    queries: number;
    /** createCampaign's time. */
    createMs: number;
    pendingReset: number;
  };
  /** The setup's last step: nothing left for autovacuum (tools/bench/settle-database.ts). */
  settled: Settled;
  /** The raw side's claims (one connection per expert) and both sides' submissions. */
  rawPool: pg.Pool;
  submitPool: pg.Pool;
  checkClient: pg.Client;
  previousPoolMax: string | undefined;
  results: Partial<Record<Side, SideResult>>;
}

/** One round of one side: 20 experts at once, CLAIMS_PER_EXPERT / ROUNDS claims each, then one expert alone. */
async function runRound(state: ClaimState, side: Side): Promise<void> {
  const campaignId = state.campaigns[side];
  const claim = (worker: number) => {
    const expert = state.experts[worker] as string;
    if (side === 'app') return claimNext({ campaignId, expertId: expert });
    return (async () => {
      const client = await state.rawPool.connect();
      try {
        return await rawClaim(client, campaignId, expert);
      } finally {
        client.release();
      }
    })();
  };
  const step = async (worker: number) => {
    const { value, ms } = await timeIt(() => claim(worker));
    if (value.kind !== 'none') await submitForBench(state.submitPool, value.assignmentId);
    return { value, ms };
  };
  let result = state.results[side];
  if (!result) {
    await concurrentLoops(EXPERTS, WARMUP_PER_EXPERT, step);
    result = { latencies: [], outcomes: [], wallMs: 0, cpu: null, alone: [], aloneOutcomes: [] };
    state.results[side] = result;
  }
  const meter = startCpuMeter(state.ctx.cluster.postmasterPid);
  const started = performance.now();
  const measured = (await concurrentLoops(EXPERTS, CLAIMS_PER_EXPERT / ROUNDS, step)).flat();
  result.wallMs += performance.now() - started;
  result.cpu = addCpuReports(result.cpu, meter.stop());
  result.latencies.push(...measured.map((one) => one.ms));
  result.outcomes.push(...measured.map((one) => one.value));
  // The same claim without contention: one expert on its own, for what a claim costs when nothing queues.
  const alone = (await concurrentLoops(1, CLAIMS_ALONE / ROUNDS, step)).flat();
  result.alone.push(...alone.map((one) => one.ms));
  result.aloneOutcomes.push(...alone.map((one) => one.value));
}

export const claimNextOperation = defineOperation<ClaimState>({
  id: 'claim-next',
  title: `claimNext with ${EXPERTS} concurrent experts vs the same claim hand-written in SQL`,
  setup: async (ctx) => {
    const dataset = await ensureSyntheticDataset(ctx);
    const previousPoolMax = process.env.DB_POOL_MAX;
    // lib/db creates its pool on first use and reads DB_POOL_MAX then: drop the pool the earlier operations
    // used, so the next claim builds one with a connection per expert.
    process.env.DB_POOL_MAX = String(APP_POOL_MAX);
    await disconnectDb();
    const experts = Array.from({ length: EXPERTS }, (_, index) => expertId(index));
    const checkClient = new pg.Client({ connectionString: ctx.appDatabaseUrl });
    await checkClient.connect();
    try {
      await ensureBenchUsers(checkClient, { ADMIN: [BENCH_ADMIN_ID], EXPERT: experts });
      // A campaign takes pending criteria only; earlier operations simulated audit progress on the dataset.
      // Put its criteria back to pending so the campaign covers all of them whichever operations ran before
      // (and vacuum, as autovacuum would have by the time an admin creates a campaign).
      ctx.log('claim-next: criteria of the dataset back to PENDING, VACUUM (untimed)');
      const reset = await checkClient.query(`UPDATE criteria SET status = 'PENDING' WHERE dataset_id = $1 AND status <> 'PENDING'`, [
        dataset.id,
      ]);
      if (reset.rowCount) await checkClient.query('VACUUM ANALYZE criteria');
      ctx.log(`claim-next: createCampaign over every criterion of the dataset, k = ${OVERLAP_K}, ${EXPERTS} experts (untimed)`);
      const input = createCampaignSchema.parse({
        name: 'Bench: claim under load',
        overlapK: OVERLAP_K,
        expertIds: experts,
        selection: { mode: 'filter', datasetId: dataset.id },
      });
      const started = performance.now();
      // The app's own path, with its own time limit (BULK_CHANGE_TIMEOUT_SECONDS): if it fails, the bench fails.
      const created = await createCampaign({
        actor: BENCH_ADMIN,
        input,
      });
      const createMs = performance.now() - started;
      ctx.log(
        `claim-next: campaign ${created.id}: ${count(created.criteria)} criteria, ${count(created.queries)} queries; createCampaign ${(createMs / 1000).toFixed(1)} s`,
      );
      const rawCampaign = await cloneCampaign(checkClient, created.id, ' (raw side)');
      const settled = await settleDatabase(checkClient);
      ctx.log(`claim-next: ${describeSettled(settled)} (untimed)`);
      return {
        ctx,
        experts,
        campaigns: { app: created.id, raw: rawCampaign },
        campaign: { criteria: created.criteria, queries: created.queries, createMs, pendingReset: reset.rowCount ?? 0 },
        settled,
        rawPool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: EXPERTS }),
        submitPool: new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: EXPERTS }),
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
  // Neither side should pay for flushing the other's dirty pages.
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
    const claims = count(EXPERTS * CLAIMS_PER_EXPERT);
    const latency = (p: number, id: string, label: string): Metric => ({
      id,
      label,
      unit: 'ms',
      app: app ? percentile(app.latencies, p) : Number.NaN,
      raw: raw ? percentile(raw.latencies, p) : null,
    });
    const check = (id: string, label: string, key: 'overAssigned' | 'duplicates' | 'holdersMismatch'): Metric => ({
      id,
      label,
      unit: 'count',
      app: app?.checks?.[key] ?? Number.NaN,
      raw: raw?.checks?.[key] ?? null,
    });
    return [
      {
        id: 'claim-campaign',
        label: `createCampaign over ${count(state.campaign.criteria)} criteria / ${count(state.campaign.queries)} queries (setup, once)`,
        unit: 's',
        app: state.campaign.createMs / 1000,
        raw: null,
      },
      latency(50, 'claim-p50', `claim next, ${EXPERTS} concurrent experts: p50 of ${claims}`),
      latency(95, 'claim-p95', `claim next, ${EXPERTS} concurrent experts: p95 of ${claims}`),
      latency(99, 'claim-p99', `  p99 of ${claims}`),
      {
        id: 'claim-wall',
        label: `  wall time of the ${claims} claims (+ untimed submissions)`,
        unit: 's',
        app: (app?.wallMs ?? Number.NaN) / 1000,
        raw: raw ? raw.wallMs / 1000 : null,
      },
      {
        id: 'claim-alone-p50',
        label: `claim next, 1 expert alone: p50 of ${CLAIMS_ALONE}`,
        unit: 'ms',
        app: app ? percentile(app.alone, 50) : Number.NaN,
        raw: raw ? percentile(raw.alone, 50) : null,
      },
      {
        id: 'claim-alone-p95',
        label: `claim next, 1 expert alone: p95 of ${CLAIMS_ALONE}`,
        unit: 'ms',
        app: app ? percentile(app.alone, 95) : Number.NaN,
        raw: raw ? percentile(raw.alone, 95) : null,
      },
      check('claim-over', `claims: queries with > k=${OVERLAP_K} live assignments (SQL)`, 'overAssigned'),
      check('claim-duplicates', 'claims: experts assigned twice to one query (SQL)', 'duplicates'),
      check('claim-holders', 'claims: holders ≠ reserved + submitted assignments (SQL)', 'holdersMismatch'),
    ];
  },
  targets: () => [
    {
      metric: 'claim-campaign',
      maxValue: env().BULK_CHANGE_TIMEOUT_SECONDS,
      label: `within the app's limit (BULK_CHANGE_TIMEOUT_SECONDS, ${env().BULK_CHANGE_TIMEOUT_SECONDS} s)`,
    },
    { metric: 'claim-p95', maxValue: 20 },
    { metric: 'claim-over', maxValue: 0, label: 'none' },
    { metric: 'claim-duplicates', maxValue: 0, label: 'none' },
    { metric: 'claim-holders', maxValue: 0, label: 'none' },
  ],
  verify: async (state) => {
    const problems: string[] = [];
    const expected = EXPERTS * (WARMUP_PER_EXPERT + CLAIMS_PER_EXPERT) + CLAIMS_ALONE;
    for (const side of ['app', 'raw'] as const) {
      const result = state.results[side];
      if (!result) {
        problems.push(`the ${side} side did not run`);
        continue;
      }
      result.checks = await claimChecks(state.checkClient, state.campaigns[side]);
      const outcomes = [...result.outcomes, ...result.aloneOutcomes];
      const tally = tallyOutcomes(outcomes);
      if ((tally.claimed ?? 0) !== outcomes.length) problems.push(`${side}: not every call claimed a new query: ${describeTally(tally)}`);
      if (result.checks.assignments !== expected)
        problems.push(`${side}: ${result.checks.assignments} live assignments, expected ${expected}`);
      if (result.checks.submittedMismatch > 0)
        problems.push(`${side}: ${result.checks.submittedMismatch} queries with submitted_count off`);
      if (side === 'raw') {
        const { overAssigned, duplicates, holdersMismatch } = result.checks;
        if (overAssigned + duplicates + holdersMismatch > 0) problems.push('raw: the hand-written claim over-assigned');
      }
    }
    return problems;
  },
  notes: (state) => {
    const fill = (side: Side) => {
      const checks = state.results[side]?.checks;
      if (!checks) return `${side}: —`;
      const byHolders = Object.entries(checks.queriesByHolders)
        .map(([holders, n]) => `${count(n)} with ${holders}`)
        .join(', ');
      return `${side} ${byHolders}`;
    };
    const throughput = (side: Side) => {
      const result = state.results[side];
      return result ? `${side} ${((result.latencies.length / result.wallMs) * 1000).toFixed(0)} claims/s` : `${side} —`;
    };
    const cpu = (side: Side) => {
      const result = state.results[side];
      return result?.cpu ? `${side}: ${describeCpu(result.cpu, result.latencies.length, 'claim')}` : `${side}: —`;
    };
    return [
      `${EXPERTS} loops in this process, each claiming then submitting (untimed) ${CLAIMS_PER_EXPERT} times after ${WARMUP_PER_EXPERT} warm-up claims, ` +
        `and one expert alone ${CLAIMS_ALONE} times, in ${ROUNDS} rounds taking turns with the raw side; ` +
        `app pool DB_POOL_MAX=${APP_POOL_MAX}, raw pool ${EXPERTS}, submissions on a third pool of ${EXPERTS}; app and raw on identical campaigns ` +
        `(${count(state.campaign.queries)} queries, k = ${OVERLAP_K}; ${count(state.campaign.pendingReset)} criteria set back to PENDING first)`,
      `before the rounds: ${describeSettled(state.settled)}`,
      `throughput: ${throughput('app')}, ${throughput('raw')}; queries held afterwards, by holders: ${fill('app')}; ${fill('raw')}`,
      `CPU during the ${count(EXPERTS * CLAIMS_PER_EXPERT)} concurrent claims (always ${EXPERTS} in flight, so a claim's latency is mostly its wait for the others' CPU), ${cpu('app')}`,
      `CPU during the ${count(EXPERTS * CLAIMS_PER_EXPERT)} concurrent claims, ${cpu('raw')}`,
    ];
  },
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
