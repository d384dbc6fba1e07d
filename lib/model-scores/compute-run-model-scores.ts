// The HealthBench score per model of a grading run (lib/model-scores/healthbench-model-scores.ts), and beside it,
// on the responses whose every criterion clinicians graded too, the judge's and the clinicians' scores for those
// same responses (a clinician label per item: the strict majority of the clinicians' labels; an even split leaves
// the item, and so the response, ungraded). The same for the tiered score, under the scoring profile the run recorded.
import 'server-only';
import { pgPool } from '@/lib/db';
import { runScoringProfile } from '@/lib/judge/run-results';
import type { ScoringProfile } from '@/lib/meta-rubrics/scoring-profile';
import { type TieredItem, type TieredModelScore, tieredModelScores } from '@/lib/model-scores/tiered-model-scores';
import type { Tier } from '@/lib/vocabulary/enums';
import {
  healthbenchModelScores,
  type ModelScore,
  type ResponseToScore,
  type ScoredItem,
} from '@/lib/model-scores/healthbench-model-scores';

/** Seed of the bootstrap standard deviations: the app's choice, fixed so a page is reproducible. */
export const MODEL_SCORE_SEED = 4;

export interface RunModelScores {
  includeIdeal: boolean;
  judge: ModelScore[];
  /** On the responses complete for both the judge and the clinicians. */
  paired: { judge: ModelScore[]; clinicians: ModelScore[] };
  /** The tiered score per model, with the profile the run recorded (older runs: their weights, the first rules). */
  tiered: {
    profile: ScoringProfile;
    profileRecorded: boolean;
    judge: TieredModelScore[];
    paired: { judge: TieredModelScore[]; clinicians: TieredModelScore[] };
  };
}

/** Every criterion of the rubric of each response the run graded (criteria not rejected, as the run grades them). */
const ROWS_SQL = `
SELECT r.id AS response_id, r.source_label, r.is_ideal, q.tags AS example_tags, c.points, c.tags, c.tier, c.red_line,
       g.met AS judge_met,
       cl.met_count, cl.n
  FROM (SELECT DISTINCT response_id FROM grades WHERE run_id = $1) graded
  JOIN responses r ON r.id = graded.response_id
  JOIN queries q ON q.id = r.query_id
  JOIN criteria c ON c.query_id = r.query_id AND c.status <> 'REJECTED'
  LEFT JOIN grades g ON g.run_id = $1 AND g.response_id = r.id AND g.criterion_id = c.id
  LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE cg.met)::int AS met_count, count(*)::int AS n
                       FROM clinician_grades cg WHERE cg.response_id = r.id AND cg.criterion_id = c.id) cl ON true
 ORDER BY r.id, c.position, c.id`;

interface Row {
  response_id: number;
  source_label: string;
  is_ideal: boolean;
  example_tags: string[];
  points: number;
  tags: string[];
  tier: Tier;
  red_line: boolean;
  judge_met: boolean | null;
  met_count: number;
  n: number;
}

/** The clinicians' label of one item: the strict majority of their labels; null on an even split or with none. */
export const clinicianMajority = (met: number, n: number): boolean | null => (2 * met > n ? true : 2 * met < n ? false : null);

export async function computeRunModelScores({
  runId,
  includeIdeal = false,
}: {
  runId: number;
  includeIdeal?: boolean;
}): Promise<RunModelScores> {
  const [{ rows }, run] = await Promise.all([
    pgPool().query<Row>(ROWS_SQL, [runId]),
    pgPool().query<{ params: unknown }>('SELECT params FROM judge_runs WHERE id = $1', [runId]),
  ]);
  const { profile, recorded } = runScoringProfile(run.rows[0]?.params ?? null);
  type Scored = ResponseToScore & { items: (ScoredItem & TieredItem)[] };
  const judge = new Map<number, Scored>();
  const clinicians = new Map<number, Scored>();
  const add = (map: typeof judge, row: Row, met: boolean | null) => {
    let response = map.get(row.response_id);
    if (!response) {
      response = { model: row.source_label, ideal: row.is_ideal, exampleTags: row.example_tags, items: [] };
      map.set(row.response_id, response);
    }
    response.items.push({ points: row.points, tags: row.tags, tier: row.tier, redLine: row.red_line, met });
  };
  for (const row of rows) {
    add(judge, row, row.judge_met);
    add(clinicians, row, clinicianMajority(row.met_count, row.n));
  }
  const complete = (response: ResponseToScore) => response.items.every((item) => item.met !== null);
  const pairedIds = [...judge.keys()].filter(
    (id) => complete(judge.get(id) as ResponseToScore) && complete(clinicians.get(id) as ResponseToScore),
  );
  const options = { includeIdeal, seed: MODEL_SCORE_SEED };
  const paired = (map: Map<number, Scored>) => pairedIds.map((id) => map.get(id) as Scored);
  const tieredOptions = { ...options, profile };
  return {
    tiered: {
      profile,
      profileRecorded: recorded,
      judge: tieredModelScores([...judge.values()], tieredOptions),
      paired: { judge: tieredModelScores(paired(judge), tieredOptions), clinicians: tieredModelScores(paired(clinicians), tieredOptions) },
    },
    includeIdeal,
    judge: healthbenchModelScores([...judge.values()], options),
    paired: {
      judge: healthbenchModelScores(paired(judge), options),
      clinicians: healthbenchModelScores(paired(clinicians), options),
    },
  };
}
