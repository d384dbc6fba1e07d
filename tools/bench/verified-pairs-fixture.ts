// The fixture both verified-pair benchmarks (discriminability, judge-diagnostics) start from: a pool of their own
// and 10,000 × scale reviewer-verified pairs (at least 100), one per query, seeded by tools/fixtures.
import pg from 'pg';
import type { BenchContext } from '@/tools/bench/operation';
import { type DiscriminabilityShape, type SeededDiscriminability, seedDiscriminability } from '@/tools/fixtures/discriminability';

const PAIRS_AT_SCALE_1 = 10_000;

export interface VerifiedPairsFixture {
  pool: pg.Pool;
  pairs: number;
  seeded: SeededDiscriminability;
}

export async function seedVerifiedPairsFixture(
  ctx: BenchContext,
  shape: Omit<DiscriminabilityShape, 'queries' | 'basis'>,
): Promise<VerifiedPairsFixture> {
  const pool = new pg.Pool({ connectionString: ctx.appDatabaseUrl, max: 2 });
  const pairs = Math.max(100, Math.round(PAIRS_AT_SCALE_1 * ctx.scale));
  try {
    const seeded = await seedDiscriminability(pool, { ...shape, queries: pairs, basis: 'reviewers' });
    // Fresh statistics, as autovacuum would gather them after such a load: without them the planner sizes the grades
    // by an earlier operation's (a few thousand rows) and joins 200,000 of them in nested loops, on both sides.
    await pool.query('ANALYZE');
    return { pool, pairs, seeded };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
