// A claim reads only the units it may take (migration claims_skip_full_units). It picks the fullest unit that is not
// yet full; on an index of every unit that pick walked past each full unit, checking it in the heap, so a claim read
// every full unit of the campaign and grew slower as the campaign filled. Here most units of an audit campaign, a
// grading campaign and a pairwise run's review queue are full (k = 1, one live reservation each), and a further claim
// may read only a few unit rows: counted
// by PostgreSQL's statistics of the claim's own transaction (unit rows read by any scan).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { createUnitDataset } from '@/tools/fixtures/unit-dataset';
import { seedDemoAdmin } from '@/tools/testing/demo-admin';
import { createK1AuditCampaign, createK1GradingCampaign } from '@/tools/testing/k1-campaigns';

const QUERIES = 2_000;
/** Units filled before the measured claim: all but a few. */
const FILLED = 1_990;

let admin: SessionUser;
let datasetId: number;
let experts: string[];

beforeAll(async () => {
  ({ admin } = await seedDemoAdmin());
  datasetId = await createUnitDataset(pgPool(), { units: QUERIES, name: 'open units' });
  experts = Array.from({ length: FILLED + 1 }, () => randomUUID());
  await prisma.user.createMany({
    data: experts.map((id, i) => ({ id, email: `open-${id}@test.local`, name: `Expert ${i}`, role: 'EXPERT' })),
  });
});

/** A claim function called for one queue (a campaign or a pairwise run) and the table of its units. */
interface Queue {
  call: (expertId: string) => { text: string; values: unknown[] };
  units: 'campaign_queries' | 'grading_units' | 'pairwise_comparisons';
}

const campaignQueue = (fn: 'manual_claim_next' | 'manual_grading_claim_next', units: Queue['units'], campaignId: number): Queue => ({
  call: (expertId) => ({ text: `SELECT kind FROM ${fn}($1::int, $2::text)`, values: [campaignId, expertId] }),
  units,
});

/** Claims in one transaction; returns what it claimed and the unit rows it read. */
async function claimCounting({ call, units }: Queue, expertId: string) {
  const client = await pgPool().connect();
  try {
    // The statistics this backend has not yet reported count as this transaction's: report them first.
    await client.query('SELECT pg_stat_force_next_flush()');
    await client.query('BEGIN');
    const claimed = await client.query<{ kind: string }>(call(expertId));
    // Rows read by sequential scans and fetched by bitmap scans count on the table, by index scans on the index.
    const fetched = await client.query<{ n: string }>(
      `SELECT pg_stat_get_xact_tuples_returned($1::regclass) + pg_stat_get_xact_tuples_fetched($1::regclass)
              + (SELECT coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0) FROM pg_index WHERE indrelid = $1::regclass) AS n`,
      [units],
    );
    await client.query('COMMIT');
    return { kind: claimed.rows[0]?.kind, fetched: Number(fetched.rows[0]?.n) };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function expectFewRowsRead(queue: Queue, filled: string) {
  const fill = experts.slice(0, FILLED);
  const lanes = 4;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (const expert of fill.filter((_, i) => i % lanes === lane))
        expect((await pgPool().query<{ kind: string }>(queue.call(expert))).rows[0]?.kind).toBe('claimed');
    }),
  );
  const { rows } = await pgPool().query<{ full: number }>(`SELECT count(*) FILTER (WHERE ${filled})::int AS full FROM ${queue.units}`);
  expect(rows[0]?.full).toBe(FILLED);
  // As autovacuum would after the campaign's creation: fresh statistics (with none the planner guesses a handful of
  // units and sorts them all, whatever their indexes).
  await pgPool().query(`ANALYZE ${queue.units}`);
  const last = await claimCounting(queue, experts[FILLED] as string);
  expect(last.kind).toBe('claimed');
  // The pick itself, the holders update and the foreign key's check: a few dozen at most, not the 1,990 full units.
  // (The claim functions use generic plans since migration claims_plan_once: 6-12 rows here, by the plan made.)
  expect(last.fetched).toBeLessThan(40);
}

describe('a claim in a campaign mostly full', () => {
  it('reads only the audit units it may take', async () => {
    const id = await createK1AuditCampaign({ actor: admin, name: 'Open units', datasetId, expertIds: experts });
    await expectFewRowsRead(campaignQueue('manual_claim_next', 'campaign_queries', id), `campaign_id = ${id} AND holders >= overlap_k`);
  });

  it('reads only the grading units it may take', async () => {
    const id = await createK1GradingCampaign({
      actor: admin,
      name: 'Open grading units',
      datasetId,
      expertIds: experts,
      responses: QUERIES,
    });
    await expectFewRowsRead(
      campaignQueue('manual_grading_claim_next', 'grading_units', id),
      `campaign_id = ${id} AND holders >= overlap_k`,
    );
  });

  it('reads only the pairs of a pairwise run a reviewer may take', async () => {
    const db = pgPool();
    await db.query(
      `INSERT INTO responses (query_id, external_id, source_label, content, content_hash)
       SELECT id, 'r2', 'model-2', 'Another answer to ' || external_id, md5(id || '-r2') FROM queries WHERE dataset_id = $1`,
      [datasetId],
    );
    const run = await db.query<{ id: number }>(
      `INSERT INTO judge_runs (kind, status, params, scope, prompt_template, prompt_version)
       VALUES ('PAIRWISE', 'SUCCEEDED', '{}', '{}', 'pairwise', 'v1') RETURNING id`,
    );
    const runId = run.rows[0]?.id as number;
    // One comparison per query in order AB, one reviewer wanted on each.
    await db.query(
      `INSERT INTO pairwise_comparisons (run_id, query_id, response_a_id, response_b_id, presented_order, review_overlap)
       SELECT $1, q.id, a.id, b.id, 'AB', 1 FROM queries q
         JOIN responses a ON a.query_id = q.id AND a.external_id = 'r1' JOIN responses b ON b.query_id = q.id AND b.external_id = 'r2'
        WHERE q.dataset_id = $2`,
      [runId, datasetId],
    );
    await expectFewRowsRead(
      {
        call: (reviewerId) => ({ text: 'SELECT kind FROM manual_pairwise_claim_next($1::int, $2::text, 60)', values: [runId, reviewerId] }),
        units: 'pairwise_comparisons',
      },
      `run_id = ${runId} AND review_holders >= review_overlap`,
    );
  });
});
