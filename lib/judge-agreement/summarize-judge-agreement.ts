// The dashboard's "Judge vs experts" card: the latest grading run that has items clinicians graded in the
// dashboard's scope, with its balanced F1, the clinicians' ceiling and κ against their majority.
import 'server-only';
import { pgPool } from '@/lib/db';
import { computeMetaEvaluation, type MetaEvaluation } from '@/lib/judge-agreement/compute-meta-evaluation';

export type JudgeAgreementSummary =
  | { available: false; reason: string }
  | {
      available: true;
      runId: number;
      runLabel: string;
      promptTemplate: string;
      promptVersion: string;
      /** The run's endpoints' models. */
      models: string[];
      metaRubricVersionId: number | null;
      items: number;
      balancedF1: number;
      balancedF1Interval: [number, number];
      ceiling: number;
      aboveCeiling: boolean;
      kappa: number;
    };

/** The run with the highest id that graded (met / not met) an item a clinician graded, in the scope; null if none. */
const LATEST_RUN_SQL = `
SELECT g.run_id, r.prompt_template, r.prompt_version, r.meta_rubric_version_id,
       ARRAY(SELECT e.model FROM judge_run_endpoints re JOIN judge_endpoints e ON e.id = re.endpoint_id
              WHERE re.run_id = r.id ORDER BY e.model) AS models
  FROM clinician_grades cg
  JOIN grades g ON g.response_id = cg.response_id AND g.criterion_id = cg.criterion_id AND g.met IS NOT NULL
  JOIN judge_runs r ON r.id = g.run_id AND r.kind = 'GRADE'
  JOIN criteria c ON c.id = cg.criterion_id
 WHERE ($1::int IS NULL OR c.dataset_id = $1)
   AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM campaign_criteria cc WHERE cc.campaign_id = $2 AND cc.criterion_id = cg.criterion_id))
 ORDER BY g.run_id DESC LIMIT 1`;

/** The dashboard's scope: a dataset, an audit campaign's criteria, or everything. */
export interface AgreementScope {
  datasetId?: number | undefined;
  campaignId?: number | undefined;
}

export async function summarizeJudgeAgreement(scope: AgreementScope): Promise<JudgeAgreementSummary> {
  const latest = await pgPool().query<{
    run_id: number;
    prompt_template: string;
    prompt_version: string;
    meta_rubric_version_id: number | null;
    models: string[];
  }>(LATEST_RUN_SQL, [scope.datasetId ?? null, scope.campaignId ?? null]);
  const run = latest.rows[0];
  if (!run)
    return {
      available: false,
      reason:
        'No grading run has graded a response that clinicians graded in this scope: import physician labels (HealthBench meta-evaluation format) and grade the same responses with the judge.',
    };
  const evaluation: MetaEvaluation = await computeMetaEvaluation({
    runId: run.run_id,
    datasetId: scope.datasetId,
    campaignId: scope.campaignId,
  });
  return {
    available: true,
    runId: run.run_id,
    runLabel: `Run #${run.run_id} · ${run.prompt_template} ${run.prompt_version}`,
    promptTemplate: run.prompt_template,
    promptVersion: run.prompt_version,
    models: run.models,
    metaRubricVersionId: run.meta_rubric_version_id,
    items: evaluation.total.items,
    balancedF1: evaluation.total.judge.balancedF1.value,
    balancedF1Interval: evaluation.total.balancedF1Interval,
    ceiling: evaluation.total.ceiling.mean,
    aboveCeiling: evaluation.total.aboveCeiling,
    kappa: evaluation.majority.kappa,
  };
}
