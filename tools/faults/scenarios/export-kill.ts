// Drill 3: freeze a release of the imported dataset, ask the app for every export format, kill -9 the app
// while a file is being written, then start it again. No unfinished file may be visible or downloadable
// (a stored file is one transaction; the download route serves finished files only); the export resumes
// after the last finished file, and every file's SHA-256 (as downloaded) must match a clean export of the
// same release, made afterwards in this process without any fault.
import { createHash } from 'node:crypto';
import { formatDuration } from '@/tools/bench/report';
import { writeSyntheticDataset } from '@/tools/fixtures/synthetic';
import { stageEverything } from '@/tools/fixtures/stage-everything';
import { runReleaseJob } from '@/lib/releases/run-release-job';
import { type FaultContext, type Scenario, expectThat, sql, sqlOne } from '@/tools/faults/context';
import { killMidJob } from '@/tools/faults/kill-mid-job';
import { GiveUp, done, notYet } from '@/tools/faults/wait-for';
import { importFile } from '@/lib/import/import-file';
import { diskSource } from '@/lib/import/read-lines';
import { createRelease } from '@/lib/releases/create-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { requestExport } from '@/lib/releases/request-export';
import { EXPORT_FORMATS } from '@/lib/export/format-names';
import { rulesSchema } from '@/lib/releases/schemas';
import { IMPORT_DATASET } from '@/tools/faults/scenarios/import-kill';
import path from 'node:path';

interface FileRow extends Record<string, unknown> {
  id: number;
  file_name: string;
  format: string;
  status: string;
  progress: number;
  stored_file_id: number | null;
  sha256: string | null;
}

const files = (releaseId: number) =>
  sql<FileRow>(
    `SELECT rf.id, rf.file_name, rf.format, rf.status, rf.progress, rf.stored_file_id, sf.sha256
       FROM release_files rf LEFT JOIN stored_files sf ON sf.id = rf.stored_file_id AND sf.complete
      WHERE rf.release_id = $1 ORDER BY rf.id`,
    [releaseId],
  );

const describeFiles = (rows: FileRow[]) =>
  rows.map((row) => `${row.format} ${row.status.toLowerCase()} ${Math.round(row.progress * 100)}%`).join(', ');

/** The dataset to release: the import drill's, or imported here when that drill did not run. */
async function releasedDataset(ctx: FaultContext): Promise<number> {
  if (ctx.shared.dataset) return ctx.shared.dataset.id;
  const file = path.join(ctx.workDir, 'faults-export.jsonl');
  await writeSyntheticDataset({ scale: ctx.scale, seed: ctx.seed, jsonlPath: file });
  const summary = await importFile({ source: await diskSource(file), datasetName: IMPORT_DATASET, format: 'native' });
  if (!summary.ok || summary.datasetId === null) throw new Error(`could not import the dataset to release: ${summary.issueCount} problems`);
  return summary.datasetId;
}

/** Downloads a file through the app as the admin; its status and the SHA-256 of the bytes received. */
async function download(ctx: FaultContext, releaseId: number, fileId: number): Promise<{ status: number; sha256: string | null }> {
  const response = await ctx.admin.request(`/api/releases/${releaseId}/files/${fileId}`, { timeoutMs: 300_000 });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, sha256: null };
  }
  const hash = createHash('sha256');
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return { status: 200, sha256: hash.digest('hex') };
}

export const exportKill: Scenario = {
  id: 'export',
  title: 'kill -9 during a release export, then restart',
  timeoutMs: 20 * 60_000,
  run: async (ctx, result) => {
    const datasetId = await releasedDataset(ctx);
    const admin = await sqlOne<{ id: string }>(`SELECT id FROM users WHERE role = 'ADMIN' ORDER BY created_at LIMIT 1`);
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const release = await createRelease({ actor: admin, input: { name: 'Faults release', rules } });
    // Every criterion as if accepted (the synthetic dataset has no verdicts), as the export benchmark does.
    const manifest = await freezeRelease({ actor: admin, releaseId: release.id, stage: (client) => stageEverything(client, datasetId) });
    result.evidence.push(
      `release ${release.id} frozen with ${manifest.figures.criteria.toLocaleString('en')} criteria of ${manifest.figures.queries.toLocaleString('en')} queries; ` +
        `all ${EXPORT_FORMATS.length} formats asked for through the release page's action`,
    );

    const jobStarted = performance.now();
    await ctx.admin.actionData(`/releases/${release.id}`, 'lib/releases/actions.ts#exportReleaseAction', {
      releaseId: release.id,
      formats: [...EXPORT_FORMATS],
    });

    let unfinishedAtKill: FileRow[] = [];
    let finishedAtKill: FileRow[] = [];
    await killMidJob(ctx, result, {
      what: 'the export',
      queue: 'release',
      jobData: { releaseId: release.id },
      jobStarted,
      midway: async () => {
        const rows = await files(release.id);
        if (rows.length > 0 && rows.every((row) => row.status === 'SUCCEEDED' || row.status === 'FAILED'))
          throw new GiveUp(`the export ended (${describeFiles(rows)}) before it could be killed; run with a larger --scale`);
        const writing = rows.find((row) => row.status === 'RUNNING' && row.progress >= 0.2);
        if (writing && rows.some((row) => row.status === 'SUCCEEDED'))
          return done(`${describeFiles(rows.filter((row) => row.status !== 'QUEUED'))} (the rest queued)`);
        return notYet(describeFiles(rows));
      },
      whileDown: async () => {
        const rows = await files(release.id);
        finishedAtKill = rows.filter((row) => row.status === 'SUCCEEDED');
        unfinishedAtKill = rows.filter((row) => row.status !== 'SUCCEEDED');
        const incomplete = await sqlOne<{ n: number }>('SELECT count(*)::int AS n FROM stored_files WHERE NOT complete');
        expectThat(result, incomplete.n === 0, `${incomplete.n} incomplete stored files are visible`);
        expectThat(
          result,
          unfinishedAtKill.every((row) => row.stored_file_id === null),
          'an unfinished release file points at a stored file',
        );
        expectThat(
          result,
          finishedAtKill.every((row) => row.sha256 !== null),
          'a finished release file has no complete stored file',
        );
        result.evidence.push(
          `while down (SQL): ${finishedAtKill.length} file(s) finished, ${unfinishedAtKill.length} unfinished with no stored file, ` +
            `${incomplete.n} incomplete stored files (the file being written was one transaction, rolled back)`,
        );
      },
      afterRestart: async () => {
        // The queue has not resumed the export yet (the dead worker's heartbeat is still fresh): what users get now.
        const page = await ctx.admin.page(`/releases/${release.id}`);
        const links = unfinishedAtKill.filter((row) => page.body.includes(`/api/releases/${release.id}/files/${row.id}"`));
        expectThat(result, links.length === 0, `the release page links unfinished files: ${links.map((row) => row.file_name).join(', ')}`);
        const refused: string[] = [];
        for (const row of unfinishedAtKill) {
          const answer = await download(ctx, release.id, row.id);
          if (answer.status === 200) result.problems.push(`the unfinished ${row.file_name} could be downloaded`);
          else refused.push(String(answer.status));
        }
        const served: string[] = [];
        for (const row of finishedAtKill) {
          const answer = await download(ctx, release.id, row.id);
          if (answer.sha256 !== row.sha256)
            result.problems.push(`${row.file_name} finished before the kill downloads as ${answer.status} ${answer.sha256}`);
          else served.push(row.format);
        }
        result.evidence.push(
          `after the restart, before the export resumed: the release page links no unfinished file; their downloads answered ${[...new Set(refused)].join(', ') || '—'}; ` +
            `the finished ones (${served.join(', ')}) download intact`,
        );
      },
      finished: async () => {
        const rows = await files(release.id);
        if (rows.every((row) => row.status === 'SUCCEEDED' || row.status === 'FAILED')) return done(rows);
        return notYet(describeFiles(rows));
      },
    });

    const rows = await files(release.id);
    expectThat(
      result,
      rows.length === EXPORT_FORMATS.length && rows.every((row) => row.status === 'SUCCEEDED'),
      `after the restart: ${describeFiles(rows)}`,
    );
    const redone = finishedAtKill.filter((before) => rows.find((row) => row.id === before.id)?.stored_file_id !== before.stored_file_id);
    expectThat(
      result,
      redone.length === 0,
      `files finished before the kill were written again: ${redone.map((row) => row.file_name).join(', ')}`,
    );
    const checksums =
      (await sqlOne<{ checksums: Record<string, string> | null }>('SELECT checksums FROM releases WHERE id = $1', [release.id]))
        .checksums ?? {};
    const downloaded = new Map<string, string | null>();
    for (const row of rows) {
      const answer = await download(ctx, release.id, row.id);
      downloaded.set(row.file_name, answer.sha256);
      expectThat(
        result,
        answer.status === 200 && answer.sha256 === row.sha256 && checksums[row.file_name] === row.sha256,
        `${row.file_name}: download ${answer.status} sha256 ${answer.sha256}, stored ${row.sha256}, release checksum ${checksums[row.file_name]}`,
      );
    }

    // The reference: the same release exported again without faults, here, after dropping the app's files.
    await sql('DELETE FROM release_files WHERE release_id = $1', [release.id]);
    await sql('UPDATE releases SET checksums = NULL WHERE id = $1', [release.id]);
    const cleanStarted = performance.now();
    await requestExport({ actor: null, releaseId: release.id, formats: [...EXPORT_FORMATS], enqueueJob: false });
    await runReleaseJob({ releaseId: release.id });
    result.timings['clean export (reference)'] = Math.round(performance.now() - cleanStarted);
    const clean = await files(release.id);
    const mismatched = clean.filter((row) => downloaded.get(row.file_name) !== row.sha256);
    expectThat(
      result,
      clean.length === rows.length && mismatched.length === 0,
      `SHA-256 differs from a clean export for ${mismatched.map((row) => row.file_name).join(', ') || `${clean.length} vs ${rows.length} files`}`,
    );
    result.evidence.push(
      `resumed after the last finished file (${finishedAtKill.map((row) => row.format).join(', ')} kept, not written again): all ${rows.length} files SUCCEEDED; each downloaded file's SHA-256 = the stored one = the release's checksum = a clean export of the same release ` +
        `(${clean.map((row) => `${row.format} ${row.sha256?.slice(0, 12)}…`).join(', ')})`,
    );
    result.evidence.push(`export finished ${formatDuration(result.timings['job finished (kill → done)'] ?? 0)} after the kill`);
  },
};
