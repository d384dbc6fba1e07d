// (a) Import: the synthetic QuarkMedBench-scale file through the app's importFile (parse, validate, COPY
// into staging, merge into queries, criteria, provenance and responses) versus raw COPY of the same rows
// straight into the same tables of a fresh database built the same way. Also samples this process's RSS
// during the app import: a streaming import keeps it flat, i.e. its peak growth stays far below the file.
// Like QuarkMedBench, the synthetic file carries no model responses, so the responses merge sees no rows;
// afterwards both databases are fingerprinted to prove they hold the same rows.
import path from 'node:path';
import { copyRawDataset } from '@/tools/bench/copy-raw-dataset';
import { compareFingerprints, datasetFingerprint } from '@/tools/bench/dataset-fingerprint';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { progressBar } from '@/tools/bench/progress';
import { type RssReport, startRssSampler } from '@/tools/bench/rss-sampler';
import { type SyntheticFiles, writeSyntheticDataset } from '@/tools/fixtures/synthetic';
import { type ImportSummary, importFile } from '@/lib/import/import-file';
import { diskSource } from '@/lib/import/read-lines';

export const SYNTHETIC_DATASET = 'synthetic-quarkmedbench';
/** The raw side loads into an empty database, so its CSV carries this dataset id. */
const RAW_DATASET_ID = 1;
/**
 * "Flat" memory: the import's peak RSS growth is a fixed allowance (a warming V8 heap, 64 KB read chunks,
 * 64K-character COPY pieces, per-query id maps) plus at most a tenth of the file, i.e. well below the file's
 * size at full scale. An import that held the file, or its parsed records, would grow by a multiple of it.
 */
const RSS_ALLOWANCE_MB = 80;
const RSS_SHARE_OF_FILE = 0.1;

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en');

/** Generates the synthetic dataset (JSON Lines and COPY-ready CSV) once per run. */
export async function ensureSyntheticFiles(ctx: BenchContext): Promise<SyntheticFiles> {
  if (ctx.shared.files) return ctx.shared.files;
  const base = path.join(ctx.workDir, 'synthetic');
  let bar: ReturnType<typeof progressBar> | undefined;
  const files = await writeSyntheticDataset({
    scale: ctx.scale,
    seed: ctx.seed,
    jsonlPath: `${base}.jsonl`,
    csv: { prefix: base, datasetId: RAW_DATASET_ID },
    onProgress: (written, total) => {
      bar ??= progressBar('generating synthetic dataset', total, 'queries');
      if (written % 100 === 0 || written === total) bar.update(written);
    },
  });
  bar?.stop();
  ctx.log(
    `synthetic dataset: ${count(files.totals.queries)} queries (${count(files.totals.multiTurn)} multi-turn), ${count(files.totals.criteria)} criteria; ` +
      `JSONL ${(files.jsonl.bytes / MB).toFixed(0)} MB`,
  );
  ctx.shared.files = files;
  return files;
}

async function appImport(ctx: BenchContext, files: SyntheticFiles, title: string): Promise<ImportSummary> {
  const bar = progressBar(title, 100, '%');
  try {
    const summary = await importFile({
      source: await diskSource(files.jsonl.path),
      datasetName: SYNTHETIC_DATASET,
      format: 'native',
      onProgress: ({ fraction }) => bar.update(fraction * 100),
    });
    if (!summary.ok) {
      const first = summary.issues.slice(0, 3).map((issue) => `line ${issue.line} ${issue.field}: ${issue.reason}`);
      throw new Error(`the app refused the synthetic file (${summary.issueCount} issues): ${first.join('; ')}`);
    }
    if (summary.datasetId === null) throw new Error('the import reported no dataset id');
    ctx.shared.dataset = { id: summary.datasetId, name: SYNTHETIC_DATASET };
    return summary;
  } finally {
    bar.stop();
  }
}

/** The synthetic dataset in the app's database, imported through the app (untimed) unless already there. */
export async function ensureSyntheticDataset(ctx: BenchContext): Promise<{ id: number; name: string }> {
  if (ctx.shared.dataset) return ctx.shared.dataset;
  const files = await ensureSyntheticFiles(ctx);
  await appImport(ctx, files, 'importing (untimed setup)');
  if (!ctx.shared.dataset) throw new Error('import left no dataset');
  return ctx.shared.dataset;
}

interface ImportState {
  ctx: BenchContext;
  files: SyntheticFiles;
  rawDatabase: string;
  rawUrl: string;
  summary?: ImportSummary;
  rss?: RssReport;
}

export const importOperation = defineOperation<ImportState>({
  id: 'import',
  title: 'Import of the synthetic file: importFile vs COPY',
  setup: async (ctx) => {
    if (ctx.shared.dataset) throw new Error('the import benchmark needs an empty app database; run it first');
    const files = await ensureSyntheticFiles(ctx);
    const rawDatabase = 'bench_raw_import';
    const rawUrl = await ctx.cluster.createDatabase(rawDatabase);
    return { ctx, files, rawDatabase, rawUrl };
  },
  iterations: 1,
  // Neither side should pay for flushing the other's dirty pages.
  beforeEach: async (state) => state.ctx.cluster.admin('CHECKPOINT'),
  app: async (state) => {
    const sampler = startRssSampler(100);
    try {
      state.summary = await appImport(state.ctx, state.files, 'import (app: importFile)');
    } finally {
      state.rss = sampler.stop();
    }
  },
  raw: async (state) => {
    const csv = state.files.csv;
    if (!csv) throw new Error('no CSV for the raw side');
    const total = Object.values(csv).reduce((sum, file) => sum + file.bytes, 0);
    const bar = progressBar('import (raw: COPY FROM STDIN)', Math.round(total / MB), 'MB');
    let copied = 0;
    try {
      await copyRawDataset({
        databaseUrl: state.rawUrl,
        files: state.files,
        datasetId: RAW_DATASET_ID,
        datasetName: SYNTHETIC_DATASET,
        onBytes: (bytes) => {
          copied += bytes;
          bar.update(copied / MB);
        },
      });
    } finally {
      bar.stop();
    }
  },
  metrics: (timings, state) => {
    const { totals, jsonl } = state.files;
    const rss = state.rss;
    return [
      {
        id: 'import',
        label: `import ${count(totals.queries)} queries + ${count(totals.criteria)} criteria (${(jsonl.bytes / MB).toFixed(0)} MB JSONL)`,
        unit: 's',
        app: (timings.app[0] ?? Number.NaN) / 1000,
        raw: (timings.raw[0] ?? Number.NaN) / 1000,
      },
      {
        id: 'import-rss',
        label: `import: peak RSS growth (from ${rss ? rss.baselineMb.toFixed(0) : '?'} MB, ${rss?.samples ?? 0} samples / 100 ms)`,
        unit: 'MB',
        app: rss?.growthMb ?? Number.NaN,
        raw: null,
      },
    ];
  },
  targets: (state) => {
    const maxGrowth = RSS_ALLOWANCE_MB + (state.files.jsonl.bytes / MB) * RSS_SHARE_OF_FILE;
    return [
      { metric: 'import', maxRatio: 3 },
      { metric: 'import-rss', maxValue: maxGrowth, label: `flat: ≤ ${RSS_ALLOWANCE_MB} MB + 10% of file (${maxGrowth.toFixed(0)} MB)` },
    ];
  },
  verify: async (state) => {
    const problems: string[] = [];
    const { totals } = state.files;
    const summary = state.summary;
    if (!summary) return ['the app import did not run'];
    if (summary.queries.added !== totals.queries)
      problems.push(`importFile added ${summary.queries.added} queries, expected ${totals.queries}`);
    if (summary.criteria.added !== totals.criteria)
      problems.push(`importFile added ${summary.criteria.added} criteria, expected ${totals.criteria}`);
    const [app, raw] = await Promise.all([
      datasetFingerprint(state.ctx.appDatabaseUrl, SYNTHETIC_DATASET),
      datasetFingerprint(state.rawUrl, SYNTHETIC_DATASET),
    ]);
    return [...problems, ...compareFingerprints(app, raw)];
  },
  teardown: async (state) => {
    await state.ctx.cluster.dropDatabase(state.rawDatabase);
  },
});
