// npm run import -- <file> --dataset <name> [--format native|healthbench|healthbench-meta|quark|csv] [--skip-invalid]
// Imports a benchmark file through the same code as the upload page, with a progress bar. Exit code 0 when
// imported, 1 when refused or failed (every problem is listed with file, line and field), 2 for usage errors.
// The report is read back from the import job row, so it says what the database holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { disconnectDb, prisma } from '@/lib/db';
import { resolveDatabase } from '@/lib/db/resolve-database';
import { FORMATS, type ImportFormat } from '@/lib/import/formats/detect';
import { describeImportFailure } from '@/lib/import/describe-import-failure';
import { describeImportJob } from '@/lib/import/describe-import-job';
import { diskSource } from '@/lib/import/read-lines';
import { runImportJob } from '@/lib/import/run-import-job';

const usage = 'usage: npm run import -- <file> --dataset <name> [--format native|healthbench|healthbench-meta|quark|csv] [--skip-invalid]';
let args: ReturnType<
  typeof parseArgs<{
    options: { dataset: { type: 'string' }; format: { type: 'string' }; 'skip-invalid': { type: 'boolean' } };
    allowPositionals: true;
  }>
>;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { dataset: { type: 'string' }, format: { type: 'string' }, 'skip-invalid': { type: 'boolean' } },
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
const file = args.positionals[0];
const datasetName = args.values.dataset?.trim();
const format = args.values.format as ImportFormat | undefined;
if (!file || !datasetName || args.positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
if (format && !(FORMATS as readonly string[]).includes(format)) {
  console.error(`unknown format "${format}"; choose one of ${FORMATS.join(', ')}`);
  process.exit(2);
}
if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
  console.error(`${file}: no such file`);
  process.exit(2);
}

let database: Awaited<ReturnType<typeof resolveDatabase>> | undefined;
let exitCode = 1;
let jobId: number | null = null;
// An unexpected error's detail goes to a log file; the terminal gets a plain sentence naming it.
const logFile = () => path.join(os.tmpdir(), `rubric-audit-import-${jobId ?? 'start'}.log`);
const logError = (detail: unknown) => {
  const text = detail instanceof Error ? (detail.stack ?? detail.message) : String(detail);
  fs.appendFileSync(logFile(), `${new Date().toISOString()} ${text}\n`);
};
try {
  database = await resolveDatabase({ log: (line) => console.error(`[import] ${line}`) });
  process.env.DATABASE_URL = database.url;
  const source = await diskSource(file);
  const job = await prisma.importJob.create({
    data: {
      datasetName,
      fileName: source.name,
      format: format ?? 'auto',
      skipInvalid: args.values['skip-invalid'] ?? false,
      totalBytes: source.size,
    },
  });
  jobId = job.id;
  const bar = new cliProgress.SingleBar(
    { format: '{phase} |{bar}| {percentage}% | {value}/{total} MB', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const totalMb = Math.max(0.01, source.size / 1024 / 1024);
  bar.start(Number(totalMb.toFixed(2)), 0, { phase: 'validating'.padEnd(10) });
  const poll = setInterval(() => {
    void prisma.importJob
      .findUnique({ where: { id: job.id }, select: { processedBytes: true, summary: true } })
      .then((row) => {
        if (!row) return;
        const phase = (row.summary as { phase?: string } | null)?.phase ?? 'working';
        bar.update(Number((Number(row.processedBytes) / 1024 / 1024).toFixed(2)), { phase: phase.padEnd(10) });
      })
      .catch(() => {});
  }, 250);
  const phase = await runImportJob({ importJobId: job.id, source, logError, logName: logFile() }).then(
    (summary) => (summary?.ok ? 'done' : 'refused'),
    () => 'failed',
  );
  clearInterval(poll);
  bar.update(phase === 'done' ? Number(totalMb.toFixed(2)) : 0, { phase: phase.padEnd(10) });
  bar.stop();
  // What is printed is what the job row holds, which is what the database holds.
  const outcome = await describeImportJob(job.id);
  console.log(outcome.text);
  exitCode = outcome.ok ? 0 : 1;
} catch (error) {
  logError(error);
  console.error(`[import] ${describeImportFailure(error, logFile())}`);
} finally {
  await disconnectDb();
  await database?.stop();
}
process.exit(exitCode);
