// The grading runs an A/B comparison can choose from: those that graded an item clinicians graded too.
import 'server-only';
import { pgPool } from '@/lib/db';

/** Newest first, at most 200, labelled with their models and template. */
export async function listValidatedRuns(): Promise<{ id: number; label: string }[]> {
  const { rows } = await pgPool().query<{ id: number; prompt_template: string; prompt_version: string; models: string[] }>(
    `SELECT r.id, r.prompt_template, r.prompt_version,
            ARRAY(SELECT e.model FROM judge_run_endpoints re JOIN judge_endpoints e ON e.id = re.endpoint_id
                   WHERE re.run_id = r.id ORDER BY e.model) AS models
       FROM judge_runs r
      WHERE r.kind = 'GRADE'
        AND EXISTS (SELECT 1 FROM grades g JOIN clinician_grades cg ON cg.response_id = g.response_id AND cg.criterion_id = g.criterion_id
                     WHERE g.run_id = r.id AND g.met IS NOT NULL)
      ORDER BY r.id DESC LIMIT 200`,
  );
  return rows.map((row) => ({
    id: row.id,
    label: `Run #${row.id} · ${row.models.join(', ') || 'no endpoint'} · ${row.prompt_template} ${row.prompt_version}`,
  }));
}
