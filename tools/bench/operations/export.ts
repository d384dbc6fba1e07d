// (f) Exporting a frozen release of every criterion of the synthetic dataset (220,617 at scale 1) as native
// JSONL — the bytes the export job writes, hashed with SHA-256 as it does while writing — versus
// COPY (SELECT line ...) TO STDOUT of the same rows in the same order through pg-copy-streams, also hashed.
// The release is frozen through freezeRelease with a synthetic selection (every criterion included, as if
// unanimously accepted). Freezing snapshots the criteria and renders the native lines once (release_lines);
// it is timed once and reported, without a target. The timed, repeated part is the export, which streams
// the stored lines; rendering the same lines from the snapshot on the fly is measured once for comparison.
import { createHash } from 'node:crypto';
import { to as copyTo } from 'pg-copy-streams';
import { type BenchContext, defineOperation } from '@/tools/bench/operation';
import { ensureSyntheticDataset } from '@/tools/bench/operations/import';
import { percentile } from '@/tools/bench/percentile';
import { type RssReport, startRssSampler } from '@/tools/bench/rss-sampler';
import { BENCH_ADMIN_ID, ensureBenchUsers } from '@/tools/fixtures/bench-users';
import { stageEverything } from '@/tools/fixtures/stage-everything';
import { pgPool } from '@/lib/db';
import { formatBytes } from '@/lib/export/export-formats';
import { nativeLine } from '@/lib/export/formats/native';
import { readExportRecords } from '@/lib/export/release-rows';
import { createRelease } from '@/lib/releases/create-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { rulesSchema } from '@/lib/releases/schemas';

const ITERATIONS = 3;
const TARGET_RATE = 100_000;
const TARGET_RATIO = 3;
const TARGET_RSS_MB = 100;
const count = (n: number) => n.toLocaleString('en');
const rate = (n: number, ms: number | undefined) => (ms ? count(Math.round(n / (ms / 1000))) : '—');

export interface ExportBenchState {
  ctx: BenchContext;
  releaseId: number;
  criteria: number;
  queries: number;
  /** Stored parts of the native lines (what the raw side copies, one row each). */
  parts: number;
  app: { bytes: number; criteria: number; sha256: string; rss: RssReport }[];
  /** Freezing (snapshot + rendering the native lines), once. */
  freezeMs: number;
  /** Diagnostics (once): rendering the native file from the snapshot rows instead of streaming stored lines. */
  renderMs?: number;
  /** Diagnostics (once): COPY of the criterion snapshots the lines are rendered from. */
  snapshotCopyMs?: number;
  raw: { bytes: number; rows: number }[];
}

/** The export's bytes as the job produces them (before storing), hashed; counts the criteria in them. */
export async function appExport(releaseId: number): Promise<{ bytes: number; criteria: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let criteria = 0;
  for await (const chunk of formatBytes('native', { kind: 'release', releaseId }, (rows) => {
    criteria = rows;
  })) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, criteria, sha256: hash.digest('hex') };
}

/** COPY TO STDOUT of the release's stored line parts in release order, hashed; rows are parts. */
export async function rawExport(releaseId: number): Promise<{ bytes: number; rows: number }> {
  return await copyHashed(
    `COPY (SELECT line FROM release_lines WHERE release_id = ${Number(releaseId)} ORDER BY position, part) TO STDOUT`,
  );
}

/** COPY TO STDOUT of the release's criterion snapshots in release order, hashed (what the lines are rendered from). */
export async function snapshotCopy(releaseId: number): Promise<{ bytes: number; rows: number }> {
  return copyHashed(`COPY (SELECT ri.snapshot FROM release_items ri
                      JOIN release_queries rq ON rq.release_id = ri.release_id AND rq.query_id = ri.query_id
                     WHERE ri.release_id = ${Number(releaseId)} ORDER BY rq.position, ri.position) TO STDOUT`);
}

async function copyHashed(sql: string): Promise<{ bytes: number; rows: number }> {
  const client = await pgPool().connect();
  try {
    const hash = createHash('sha256');
    let bytes = 0;
    const stream = client.query(copyTo(sql));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    hash.digest('hex');
    // The row count PostgreSQL reports when the COPY completes (counting newlines in JavaScript would
    // slow this side down).
    return { bytes, rows: stream.rowCount };
  } finally {
    client.release();
  }
}

export const exportOperation = defineOperation<ExportBenchState>({
  id: 'export',
  title: 'Release export: native JSONL vs COPY TO of the same rows',
  setup: async (ctx) => {
    const dataset = await ensureSyntheticDataset(ctx);
    const db = pgPool();
    await ensureBenchUsers(db, { ADMIN: [BENCH_ADMIN_ID] });
    const rules = rulesSchema.parse({ datasetIds: [dataset.id], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const release = await createRelease({ actor: { id: BENCH_ADMIN_ID }, input: { name: 'Bench release', rules } });
    const started = Date.now();
    const manifest = await freezeRelease({
      actor: { id: BENCH_ADMIN_ID },
      releaseId: release.id,
      stage: (client) => stageEverything(client, dataset.id),
    });
    const freezeMs = Date.now() - started;
    ctx.log(`export: froze ${count(manifest.figures.criteria)} criteria of ${count(manifest.figures.queries)} queries in ${freezeMs} ms`);
    const renderStarted = performance.now();
    const hash = createHash('sha256');
    for await (const record of readExportRecords({ kind: 'release', releaseId: release.id })) hash.update(nativeLine(record));
    const renderMs = performance.now() - renderStarted;
    const copyStarted = performance.now();
    await snapshotCopy(release.id);
    const snapshotCopyMs = performance.now() - copyStarted;
    return {
      ctx,
      releaseId: release.id,
      criteria: manifest.figures.criteria,
      queries: manifest.figures.queries,
      app: [],
      raw: [],
      parts:
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM release_lines WHERE release_id = $1`, [release.id])).rows[0]?.n ?? 0,
      freezeMs,
      renderMs,
      snapshotCopyMs,
    };
  },
  warmup: 1,
  iterations: ITERATIONS,
  app: async (state) => {
    global.gc?.();
    const sampler = startRssSampler(20);
    const result = await appExport(state.releaseId);
    state.app.push({ ...result, rss: sampler.stop() });
  },
  raw: async (state) => {
    state.raw.push(await rawExport(state.releaseId));
  },
  metrics: (timings, state) => {
    const appMs = percentile(timings.app, 50);
    const rawMs = percentile(timings.raw, 50);
    return [
      {
        id: 'export-p50',
        label: `export ${count(state.criteria)} criteria (${count(state.queries)} queries) as JSONL: median of ${ITERATIONS}`,
        unit: 'ms' as const,
        app: appMs,
        raw: rawMs,
      },
      {
        id: 'export-rate',
        label: '  criteria per second (thousands)',
        unit: 'count' as const,
        app: Math.round(state.criteria / (appMs / 1000) / 1000),
        raw: Math.round(state.criteria / (rawMs / 1000) / 1000),
      },
      {
        id: 'export-freeze',
        label: '  freezing that release once (snapshot + rendering the native lines; no target)',
        unit: 'ms' as const,
        app: state.freezeMs,
        raw: null,
      },
      {
        id: 'export-rss',
        label: '  peak RSS growth of the app process during an export',
        unit: 'MB' as const,
        app: Math.max(...state.app.map((run) => run.rss.growthMb)),
        raw: null,
      },
    ];
  },
  targets: (state) => [
    {
      metric: 'export-p50',
      maxRatio: TARGET_RATIO,
      maxValue: (state.criteria / TARGET_RATE) * 1000,
      label: `≤ ${TARGET_RATIO}× and ≥ ${count(TARGET_RATE)} criteria/s (≤ ${Math.round((state.criteria / TARGET_RATE) * 1000)} ms)`,
    },
    { metric: 'export-rss', maxValue: TARGET_RSS_MB },
  ],
  verify: async (state) => {
    const problems: string[] = [];
    const hashes = new Set(state.app.map((run) => run.sha256));
    if (hashes.size > 1) problems.push(`the export gave ${hashes.size} different files for one release`);
    for (const run of state.app)
      if (run.criteria !== state.criteria) problems.push(`app exported ${run.criteria} of ${state.criteria} criteria`);
    for (const run of state.raw) if (run.rows !== state.parts) problems.push(`COPY returned ${run.rows} of ${state.parts} stored parts`);
    return problems;
  },
  notes: (state) => {
    const app = state.app[0];
    const raw = state.raw[0];
    return [
      `bytes: JSONL ${app ? (app.bytes / 1024 / 1024).toFixed(1) : '—'} MB (sha256 ${app?.sha256.slice(0, 16) ?? '—'}…, identical on every run), ` +
        `COPY ${raw ? (raw.bytes / 1024 / 1024).toFixed(1) : '—'} MB; the app side reads the stored lines with one binary COPY ` +
        '(no text escaping, no decoding) and writes their bytes; the export job then streams the same bytes into 1 MB database chunks (not timed here).',
      `for comparison, once: rendering the same file from the criterion snapshots ${state.renderMs?.toFixed(0) ?? '—'} ms ` +
        `(${rate(state.criteria, state.renderMs)} criteria/s); COPY of those snapshots ${state.snapshotCopyMs?.toFixed(0) ?? '—'} ms ` +
        `(${rate(state.criteria, state.snapshotCopyMs)} rows/s)`,
    ];
  },
});
