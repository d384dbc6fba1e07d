// Drill 1: kill -9 the app while an uploaded QuarkMedBench-scale file is being imported (in the COPY into
// staging, inside the import's one transaction), then start it again. While it is down no part of the
// dataset may be visible; after the restart the queue runs the job again, and the dataset must hold exactly
// the file's queries and criteria, each once (or the job must have failed with a message, nothing stored).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { formatDuration } from '@/tools/bench/report';
import { writeSyntheticDataset } from '@/tools/fixtures/synthetic';
import { type Scenario, expectThat, sqlOne } from '@/tools/faults/context';
import { killMidJob } from '@/tools/faults/kill-mid-job';
import { GiveUp, done, notYet, since } from '@/tools/faults/wait-for';

export const IMPORT_DATASET = 'faults-import';
/** Mid-way: the second pass (COPY into staging) runs from 45% to 85% of the import's progress. */
const KILL_AT = 0.6;

interface ImportJobView {
  status: string;
  processedBytes: number;
  totalBytes: number;
  summary: { phase?: string } | null;
  error: string | null;
  datasetId: number | null;
}

async function datasetCounts(name: string) {
  return await sqlOne<{
    datasets: number;
    queries: number;
    criteria: number;
    provenance: number;
    dup_queries: number;
    dup_criteria: number;
  }>(
    `SELECT (SELECT count(*) FROM datasets WHERE name = $1)::int AS datasets,
            (SELECT count(*) FROM queries q JOIN datasets d ON d.id = q.dataset_id WHERE d.name = $1)::int AS queries,
            (SELECT count(*) FROM criteria c JOIN datasets d ON d.id = c.dataset_id WHERE d.name = $1)::int AS criteria,
            (SELECT count(*) FROM criterion_provenance p JOIN criteria c ON c.id = p.criterion_id JOIN datasets d ON d.id = c.dataset_id
              WHERE d.name = $1)::int AS provenance,
            (SELECT count(*) FROM (SELECT 1 FROM queries q JOIN datasets d ON d.id = q.dataset_id WHERE d.name = $1
                                    GROUP BY q.external_id HAVING count(*) > 1) x)::int AS dup_queries,
            (SELECT count(*) FROM (SELECT 1 FROM criteria c JOIN datasets d ON d.id = c.dataset_id WHERE d.name = $1
                                    GROUP BY c.query_id, c.key HAVING count(*) > 1) x)::int AS dup_criteria`,
    [name],
  );
}

export const importKill: Scenario = {
  id: 'import',
  title: 'kill -9 during an import, then restart',
  timeoutMs: 20 * 60_000,
  run: async (ctx, result) => {
    const file = path.join(ctx.workDir, `${IMPORT_DATASET}.jsonl`);
    ctx.log(`writing the synthetic file (scale ${ctx.scale})…`);
    const { totals, jsonl } = await writeSyntheticDataset({ scale: ctx.scale, seed: ctx.seed, jsonlPath: file });
    result.evidence.push(
      `file: ${totals.queries.toLocaleString('en')} queries, ${totals.criteria.toLocaleString('en')} criteria, ${(jsonl.bytes / 1024 / 1024).toFixed(1)} MB native JSONL, uploaded through POST /api/imports`,
    );

    const uploadStarted = performance.now();
    const response = await ctx.admin.request(`/api/imports?dataset=${IMPORT_DATASET}&format=native`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', 'x-file-name': path.basename(file), 'content-length': String(jsonl.bytes) },
      body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>,
      duplex: 'half',
      timeoutMs: 600_000,
    } as RequestInit & { timeoutMs: number });
    if (response.status !== 202) throw new Error(`the upload was refused: HTTP ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: number };
    result.timings.upload = since(uploadStarted);
    const jobStarted = performance.now();

    const job = async (): Promise<ImportJobView> => {
      const answer = await ctx.admin.request(`/api/imports/${id}`);
      if (!answer.ok) throw new Error(`GET /api/imports/${id}: HTTP ${answer.status}`);
      return (await answer.json()) as ImportJobView;
    };
    const fraction = (view: ImportJobView) => view.processedBytes / Math.max(1, view.totalBytes);

    const final = await killMidJob(ctx, result, {
      what: 'the import',
      queue: 'import',
      jobData: { importJobId: id },
      jobStarted,
      midway: async () => {
        const view = await job();
        if (view.status !== 'QUEUED' && view.status !== 'RUNNING')
          throw new GiveUp(
            `the import ended (${view.status}: ${view.error ?? 'no message'}) before it could be killed; run with a larger --scale`,
          );
        const at = fraction(view);
        if (view.summary?.phase === 'writing' && at >= KILL_AT) return done(`the import at ${(at * 100).toFixed(0)}% (COPY into staging)`);
        return notYet(`${view.status} ${view.summary?.phase ?? ''} ${(at * 100).toFixed(0)}%`);
      },
      whileDown: async () => {
        const counts = await datasetCounts(IMPORT_DATASET);
        const row = await sqlOne<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1', [id]);
        expectThat(
          result,
          counts.datasets === 0 && counts.queries === 0 && counts.criteria === 0,
          `while the app was down the half-imported dataset was visible: ${JSON.stringify(counts)}`,
        );
        result.evidence.push(
          `while down (SQL): ${counts.datasets} datasets named "${IMPORT_DATASET}", ${counts.queries} queries, ${counts.criteria} criteria ` +
            `(the import is one transaction; the killed one was rolled back); the job row reads ${row.status}`,
        );
      },
      finished: async () => {
        const view = await job();
        if (view.status === 'SUCCEEDED' || view.status === 'FAILED' || view.status === 'CANCELLED') return done(view);
        return notYet(`${view.status} ${view.summary?.phase ?? ''} ${(fraction(view) * 100).toFixed(0)}%`);
      },
    });

    const counts = await datasetCounts(IMPORT_DATASET);
    if (final.status === 'SUCCEEDED') {
      expectThat(
        result,
        counts.datasets === 1 && counts.queries === totals.queries && counts.criteria === totals.criteria,
        `after the resumed import: ${counts.queries} queries and ${counts.criteria} criteria, expected ${totals.queries} and ${totals.criteria}`,
      );
      expectThat(result, counts.provenance === totals.criteria, `${counts.provenance} provenance rows for ${totals.criteria} criteria`);
      expectThat(
        result,
        counts.dup_queries === 0 && counts.dup_criteria === 0,
        `duplicates: ${counts.dup_queries} query ids, ${counts.dup_criteria} (query, criterion key) pairs`,
      );
      result.evidence.push(
        `resumed and SUCCEEDED: ${counts.queries.toLocaleString('en')} queries, ${counts.criteria.toLocaleString('en')} criteria, ` +
          `${counts.provenance.toLocaleString('en')} provenance rows (exactly the file's), ${counts.dup_queries + counts.dup_criteria} duplicates (SQL)`,
      );
      const dataset = await sqlOne<{ id: number }>('SELECT id FROM datasets WHERE name = $1', [IMPORT_DATASET]);
      ctx.shared.dataset = { id: dataset.id, name: IMPORT_DATASET };
    } else {
      // Failing is acceptable only cleanly: a message for the user and nothing stored.
      expectThat(result, Boolean(final.error), `the import ended ${final.status} without a message`);
      expectThat(result, counts.queries === 0 && counts.criteria === 0, `the failed import left rows behind: ${JSON.stringify(counts)}`);
      result.evidence.push(`the import ended ${final.status} with the message "${final.error}" and stored nothing`);
    }
    result.evidence.push(`import finished ${formatDuration(result.timings['job finished (kill → done)'] ?? 0)} after the kill`);
  },
};
