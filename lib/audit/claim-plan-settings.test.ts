// The claim functions plan their statements once per session (migration claims_plan_once): PL/pgSQL otherwise kept
// planning the pick afresh on every claim. CREATE OR REPLACE FUNCTION drops a function's settings, so a later
// migration that rewrites a claim function without SET plan_cache_mode would bring the per-claim planning back
// silently; this test says so instead.
import { describe, expect, it } from 'vitest';
import { pgPool } from '@/lib/db';

const CLAIM_FUNCTIONS = ['manual_claim_next', 'manual_grading_claim_next'];

describe('the claim functions', () => {
  it('plan their statements once per session (plan_cache_mode = force_generic_plan)', async () => {
    const { rows } = await pgPool().query<{ name: string; settings: string[] | null }>(
      'SELECT proname AS name, proconfig AS settings FROM pg_proc WHERE proname = ANY($1::text[]) ORDER BY proname',
      [CLAIM_FUNCTIONS],
    );
    expect(rows.map((row) => row.name)).toEqual([...CLAIM_FUNCTIONS].sort());
    for (const row of rows) expect(row.settings ?? [], row.name).toContain('plan_cache_mode=force_generic_plan');
  });
});
