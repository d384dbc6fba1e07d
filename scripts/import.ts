// npm run import -- <file> --dataset <name> [--format native|healthbench|quark|csv] [--skip-invalid]
// Imports a benchmark file through the same code as the upload page, with a progress bar. Exit code 0 when
// imported, 1 when refused (every problem is listed with file, line and field), 2 for usage errors.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { disconnectDb, prisma } from '@/lib/db';
import { resolveDatabase } from '@/lib/db/resolve-database';
import { FORMATS, type ImportFormat } from '@/lib/import/formats/detect';
import { formatSummary } from '@/lib/import/format-summary';
import { diskSource } from '@/lib/import/read-lines';
import { runImportJob } from '@/lib/import/run-import-job';

const usage = 'usage: npm run import -- <file> --dataset <name> [--format native|healthbench|quark|csv] [--skip-invalid]';
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

const database = await resolveDatabase({ log: (line) => console.error(`[import] ${line}`) });
process.env.DATABASE_URL = database.url;
let exitCode = 1;
try {
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
  const summary = await runImportJob({ importJobId: job.id, source });
  clearInterval(poll);
  bar.update(Number(totalMb.toFixed(2)), { phase: (summary?.ok ? 'done' : 'refused').padEnd(10) });
  bar.stop();
  if (summary) {
    console.log(formatSummary(summary));
    exitCode = summary.ok ? 0 : 1;
  }
} catch (error) {
  console.error(`[import] failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await disconnectDb();
  await database.stop();
}
process.exit(exitCode);
