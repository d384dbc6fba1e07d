// Freezing copies a draft release's selection into release_queries and release_items (each a JSON
// snapshot of the text as released, with its lineage and how its final decision was reached), renders the
// native JSON Lines from that snapshot into release_lines, and writes the manifest, all in one transaction.
// From then on the release never changes: later edits of criteria, verdicts or meta-rubrics do not reach
// it (triggers manual_release_*_frozen).
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { pgPool, prisma } from '@/lib/db';
import { conflict, notFound } from '@/lib/errors';
import { FORMULA_NEUTRALISED } from '@/lib/export/export-formats';
import { renderReleaseLines } from '@/lib/export/release-lines';
import { summarizeJudgeAgreement } from '@/lib/judge-agreement/summarize-judge-agreement';
import { RELEASE_WORK_MEM } from '@/lib/releases/preview-release';
import type pg from 'pg';
import { type ReleaseRules, rulesSchema } from '@/lib/releases/schemas';
import { stageCandidates } from '@/lib/releases/stage-candidates';
import type { StoredReleaseFigures } from '@/lib/releases/figures';
import { type ReleaseDiscriminability, releaseDiscriminability } from '@/lib/discriminability/release-discriminability';
import { summarizeCandidates } from '@/lib/releases/summarize-candidates';

export interface ReleaseManifest {
  release: { id: number; name: string; version: number; description: string | null };
  createdBy: { id: string; name: string; email: string } | null;
  frozenAt: string;
  rules: ReleaseRules;
  datasets: { id: number; name: string }[];
  campaignIds: number[];
  /** As the freezing version computed them (manifests frozen before issue 20 have the legacy shape). */
  figures: StoredReleaseFigures;
  metaRubricVersions: {
    id: number;
    domain: string;
    name: string;
    number: number;
    status: string;
    principles: unknown;
    generationRules: unknown;
  }[];
  /** Export formats that neutralise spreadsheet formulas in text (absent in releases frozen before it existed). */
  formulaNeutralised?: { formats: string[]; rule: string };
  /**
   * Per dataset, the judge validated against clinicians: the latest grading run with clinician-graded items in it
   * (lib/judge-agreement), its template and models, on how many items, with what balanced F1, ceiling and κ.
   * Absent in releases frozen before it existed; [] when no dataset has one.
   */
  judgeValidation?: JudgeValidation[];
  /**
   * Per dataset, the rubric-quality score beside concordance: the latest proxy run's accuracy over the verified pairs
   * (lib/discriminability). Absent in releases frozen before it existed; [] when no dataset has a proxy run.
   */
  discriminability?: ReleaseDiscriminability[];
}

export interface JudgeValidation {
  datasetId: number;
  runId: number;
  promptTemplate: string;
  promptVersion: string;
  models: string[];
  metaRubricVersionId: number | null;
  items: number;
  balancedF1: number | null;
  balancedF1Interval: [number | null, number | null];
  ceiling: number | null;
  kappa: number | null;
}

/** The judge validations of a release's datasets; NaN (undefined) figures are null, as JSON has no NaN. */
async function judgeValidations(datasetIds: number[]): Promise<JudgeValidation[]> {
  const finite = (value: number) => (Number.isFinite(value) ? value : null);
  const summaries = await Promise.all(
    datasetIds.map(async (datasetId) => ({ datasetId, summary: await summarizeJudgeAgreement({ datasetId }) })),
  );
  return summaries.flatMap(({ datasetId, summary }) =>
    summary.available
      ? [
          {
            datasetId,
            runId: summary.runId,
            promptTemplate: summary.promptTemplate,
            promptVersion: summary.promptVersion,
            models: summary.models,
            metaRubricVersionId: summary.metaRubricVersionId,
            items: summary.items,
            balancedF1: finite(summary.balancedF1),
            balancedF1Interval: [finite(summary.balancedF1Interval[0]), finite(summary.balancedF1Interval[1])],
            ceiling: finite(summary.ceiling),
            kappa: finite(summary.kappa),
          },
        ]
      : [],
  );
}

export type FreezeStage = 'selecting' | 'snapshot' | 'rendering' | 'manifest';

/**
 * The snapshot SQL. With the revised text (the default) a criterion is released at its current revision, which
 * follows its latest final decision (docs/criterion-lifecycle.md); with the original text, at revision 0 (as
 * imported). Either way the item records the revision it holds, and where a revision's text came from.
 */
const SNAPSHOT_SQL = (multiDataset: boolean, useRevisions: boolean) => `
WITH included AS (
  SELECT rc.* FROM release_candidates rc WHERE rc.excluded IS NULL),
queries_in AS (
  SELECT q.*, ${multiDataset ? `d.name || '/' || q.external_id` : 'q.external_id'} AS release_id_text, d.name AS dataset_name
    FROM queries q JOIN datasets d ON d.id = q.dataset_id
   WHERE q.id IN (SELECT query_id FROM included)),
q_ins AS (
  INSERT INTO release_queries (release_id, query_id, position, snapshot)
  SELECT $1, q.id, row_number() OVER (ORDER BY q.release_id_text COLLATE "C"),
         jsonb_build_object('id', q.release_id_text, 'datasetId', q.dataset_id, 'datasetName', q.dataset_name,
           'externalId', q.external_id, 'category', q.category, 'department', q.department, 'language', q.language,
           'tags', to_jsonb(q.tags), 'conversation', q.conversation, 'metadata', q.metadata)
    FROM queries_in q
  RETURNING 1)
INSERT INTO release_items (release_id, criterion_id, query_id, position, final_decision, decision_source, criterion_revision, snapshot)
SELECT $1, c.id, c.query_id, row_number() OVER (PARTITION BY c.query_id ORDER BY c.position, c.id),
       i.final_decision::"Decision", lower(i.provenance), r.revision,
       jsonb_build_object(
         'key', c.key,
         'revision', r.revision,
         'title', r.title,
         'description', r.description,
         'levels', c.levels,
         'tier', r.tier,
         'points', r.points,
         'tags', to_jsonb(c.tags), 'redLine', c.red_line, 'evidence', c.evidence,
         'category', c.category, 'department', i.department,
         'provenance', CASE WHEN cp.criterion_id IS NULL THEN NULL ELSE jsonb_build_object(
            'generatorModels', to_jsonb(cp.generator_models), 'consensusVotes', cp.consensus_votes,
            'metaRubric', CASE WHEN mv.id IS NOT NULL THEN jsonb_build_object('domain', mr.domain, 'version', mv.number)
                               ELSE cp.source_raw->'metaRubric' END,
            'metaRubricVersionId', cp.meta_rubric_version_id, 'extra', cp.source_raw->'extra') END,
         'audit', jsonb_build_object(
            'revision', r.revision, 'campaignId', i.campaign_id, 'finalDecision', i.final_decision, 'decisionSource', lower(i.provenance),
            'verdicts', i.verdicts, 'agreement', round(i.agreement::numeric, 4)::float8,
            'votes', jsonb_build_object('ACCEPT', i.n_accept, 'REVISE_MINOR', i.n_minor, 'REVISE_MAJOR', i.n_major, 'REJECT', i.n_reject),
            'textSource', CASE WHEN r.revision = 0 THEN 'original' ELSE lower(r.source::text) END,
            'original', CASE WHEN r.revision = 0 THEN NULL ELSE jsonb_build_object(
               'criterionId', c.id, 'revision', 0, 'title', r0.title, 'description', r0.description, 'tier', r0.tier,
               'points', r0.points, 'levels', c.levels) END))
  FROM included i
  JOIN criteria c ON c.id = i.criterion_id
  JOIN criterion_revisions r ON r.criterion_id = c.id AND r.revision = ${useRevisions ? 'c.revision' : '0'}
  JOIN criterion_revisions r0 ON r0.criterion_id = c.id AND r0.revision = 0
  LEFT JOIN criterion_provenance cp ON cp.criterion_id = c.id
  LEFT JOIN meta_rubric_versions mv ON mv.id = cp.meta_rubric_version_id
  LEFT JOIN meta_rubrics mr ON mr.id = mv.meta_rubric_id`;

export async function freezeRelease({
  actor,
  releaseId,
  stage = stageCandidates,
  onProgress,
}: {
  /** Who froze it (null when the requesting account is gone). */
  actor: { id: string | null };
  releaseId: number;
  /** Fills release_candidates (the benchmark stages a synthetic selection; everything else uses the rules). */
  stage?: (client: pg.PoolClient, rules: ReleaseRules) => Promise<void>;
  /** Called as the work advances (the freeze job shows it on the release page). */
  onProgress?: (stage: FreezeStage, fraction: number) => void;
}): Promise<ReleaseManifest> {
  const client = await pgPool().connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await client.query(`SET LOCAL work_mem = '${RELEASE_WORK_MEM}'`);
    const found = await client.query<{
      status: string;
      name: string;
      version: number;
      description: string | null;
      rules: unknown;
      created_by_id: string | null;
    }>(`SELECT status, name, version, description, rules, created_by_id FROM releases WHERE id = $1 FOR UPDATE`, [releaseId]);
    const release = found.rows[0];
    if (!release) throw notFound('The release');
    if (release.status !== 'DRAFT' && release.status !== 'FREEZING')
      throw conflict(`This release is ${release.status.toLowerCase()}; only a draft can be frozen.`);
    const rules = rulesSchema.parse(release.rules);

    onProgress?.('selecting', 0);
    await stage(client, rules);
    const figures = await summarizeCandidates(client);
    if (figures.criteria === 0) throw conflict('Nothing passes the rules: a release needs at least one criterion.');
    onProgress?.('snapshot', 0.1);
    await client.query(SNAPSHOT_SQL(rules.datasetIds.length > 1, rules.text === 'revised'), [releaseId]);
    // The native lines, rendered once from the snapshot just written (the native export streams them).
    onProgress?.('rendering', 0.4);
    await renderReleaseLines(client, releaseId, (lines) => onProgress?.('rendering', 0.4 + 0.55 * (lines / figures.queries)));
    onProgress?.('manifest', 0.95);

    const campaigns = await client.query<{ id: number }>(
      `SELECT DISTINCT campaign_id AS id FROM release_candidates WHERE excluded IS NULL AND campaign_id IS NOT NULL ORDER BY 1`,
    );
    const versions = await client.query<ReleaseManifest['metaRubricVersions'][number]>(
      `SELECT mv.id, mr.domain, mr.name, mv.number, mv.status::text AS status, mv.principles, mv.generation_rules AS "generationRules"
         FROM meta_rubric_versions mv JOIN meta_rubrics mr ON mr.id = mv.meta_rubric_id
        WHERE mv.id IN (SELECT DISTINCT (snapshot->'provenance'->>'metaRubricVersionId')::int FROM release_items WHERE release_id = $1)
        ORDER BY mr.domain, mv.number`,
      [releaseId],
    );
    const datasets = await client.query<{ id: number; name: string }>(
      `SELECT id, name FROM datasets WHERE id = ANY($1::int[]) ORDER BY id`,
      [rules.datasetIds],
    );
    const creator = release.created_by_id
      ? await client.query<{ id: string; name: string; email: string }>(`SELECT id, name, email FROM users WHERE id = $1`, [
          release.created_by_id,
        ])
      : null;
    const frozenAt = new Date();
    const manifest: ReleaseManifest = {
      release: { id: releaseId, name: release.name, version: release.version, description: release.description },
      createdBy: creator?.rows[0] ?? null,
      frozenAt: frozenAt.toISOString(),
      rules,
      datasets: datasets.rows,
      campaignIds: campaigns.rows.map((row) => row.id),
      figures,
      metaRubricVersions: versions.rows,
      formulaNeutralised: FORMULA_NEUTRALISED,
      judgeValidation: await judgeValidations(datasets.rows.map((dataset) => dataset.id)),
      discriminability: await releaseDiscriminability(datasets.rows.map((dataset) => dataset.id)),
    };
    await client.query(`UPDATE releases SET status = 'FROZEN', manifest = $2, frozen_at = $3 WHERE id = $1`, [
      releaseId,
      JSON.stringify(manifest),
      frozenAt,
    ]);
    await client.query(
      `INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after) VALUES ($1, 'release.freeze', 'Release', $2, $3)`,
      [
        actor.id,
        String(releaseId),
        JSON.stringify({ criteria: figures.criteria, queries: figures.queries, campaignIds: manifest.campaignIds }),
      ],
    );
    await client.query('COMMIT');
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Deletes a draft (a frozen release cannot be deleted). */
export async function deleteDraftRelease({ actor, releaseId }: { actor: Pick<SessionUser, 'id'>; releaseId: number }) {
  await prisma.$transaction(async (tx) => {
    const release = await tx.release.findUnique({ where: { id: releaseId }, select: { status: true, name: true, version: true } });
    if (!release) throw notFound('The release');
    if (release.status !== 'DRAFT') throw conflict('Only a draft can be deleted; a frozen release is permanent.');
    await tx.release.delete({ where: { id: releaseId } });
    await recordEvent(tx, { actorId: actor.id, action: 'release.delete', entityType: 'Release', entityId: releaseId, before: release });
  });
}
