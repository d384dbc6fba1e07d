// The HealthBench score per model of a grading run (lib/model-scores/healthbench-model-scores.ts), and beside it,
// on the responses whose every criterion clinicians graded too, the judge's and the clinicians' scores for those
// same responses (a clinician label per item: the strict majority of the clinicians' labels; an even split leaves
// the item, and so the response, ungraded).
import 'server-only';
import { pgPool } from '@/lib/db';
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
}

/** Every criterion of the rubric of each response the run graded (criteria not rejected, as the run grades them). */
const ROWS_SQL = `
SELECT r.id AS response_id, r.source_label, r.is_ideal, q.tags AS example_tags, c.points, c.tags, g.met AS judge_met,
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
  judge_met: boolean | null;
  met_count: number;
  n: number;
}

const majority = (met: number, n: number): boolean | null => (2 * met > n ? true : 2 * met < n ? false : null);

export async function computeRunModelScores({
  runId,
  includeIdeal = false,
}: {
  runId: number;
  includeIdeal?: boolean;
}): Promise<RunModelScores> {
  const { rows } = await pgPool().query<Row>(ROWS_SQL, [runId]);
  const judge = new Map<number, ResponseToScore & { items: ScoredItem[] }>();
  const clinicians = new Map<number, ResponseToScore & { items: ScoredItem[] }>();
  const add = (map: typeof judge, row: Row, met: boolean | null) => {
    let response = map.get(row.response_id);
    if (!response) {
      response = { model: row.source_label, ideal: row.is_ideal, exampleTags: row.example_tags, items: [] };
      map.set(row.response_id, response);
    }
    response.items.push({ points: row.points, tags: row.tags, met });
  };
  for (const row of rows) {
    add(judge, row, row.judge_met);
    add(clinicians, row, majority(row.met_count, row.n));
  }
  const complete = (response: ResponseToScore) => response.items.every((item) => item.met !== null);
  const pairedIds = [...judge.keys()].filter(
    (id) => complete(judge.get(id) as ResponseToScore) && complete(clinicians.get(id) as ResponseToScore),
  );
  const options = { includeIdeal, seed: MODEL_SCORE_SEED };
  return {
    includeIdeal,
    judge: healthbenchModelScores([...judge.values()], options),
    paired: {
      judge: healthbenchModelScores(
        pairedIds.map((id) => judge.get(id) as ResponseToScore),
        options,
      ),
      clinicians: healthbenchModelScores(
        pairedIds.map((id) => clinicians.get(id) as ResponseToScore),
        options,
      ),
    },
  };
}
