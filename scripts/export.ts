// npm run export -- <release> --format <native|healthbench|quark|csv|parquet|hf> [--out <file>|-]
// npm run export -- --dataset <name|id> [--out <file>|-]      (native JSONL of a dataset's current criteria)
// <release> is a release id, "name@version", or a name (its latest frozen version). The file is exported
// through the same code as the release page (stored, checksummed; an exported file is reused), with a
// progress bar on stderr, then written to --out (default: its file name here; "-" for stdout).
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { disconnectDb, prisma } from '@/lib/db';
import { resolveDatabase } from '@/lib/db/resolve-database';
import { formatBytes } from '@/lib/export/export-formats';
import { runReleaseJob } from '@/lib/releases/run-release-job';
import { readStoredFile } from '@/lib/files/stored-file';
import { parseRouteId } from '@/lib/http/route-params';
import { requestExport } from '@/lib/releases/request-export';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/export/format-names';

const usage = `usage: npm run export -- <release id | name@version | name> --format <${EXPORT_FORMATS.join('|')}> [--out <file>|-]
       npm run export -- --dataset <name|id> [--out <file>|-]`;
let args: ReturnType<
  typeof parseArgs<{
    options: { format: { type: 'string' }; out: { type: 'string' }; dataset: { type: 'string' } };
    allowPositionals: true;
  }>
>;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { format: { type: 'string' }, out: { type: 'string' }, dataset: { type: 'string' } },
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
const [target] = args.positionals;
const format = args.values.format as ExportFormat | undefined;
if (args.values.dataset === undefined && (!target || !format || args.positionals.length > 1)) {
  console.error(usage);
  process.exit(2);
}
if (format && !(EXPORT_FORMATS as readonly string[]).includes(format)) {
  console.error(`unknown format "${format}"; choose one of ${EXPORT_FORMATS.join(', ')}`);
  process.exit(2);
}

const database = await resolveDatabase({ log: (line) => console.error(`[export] ${line}`) });
process.env.DATABASE_URL = database.url;

async function write(body: AsyncIterable<Uint8Array>, fileName: string) {
  const out = args.values.out ?? fileName;
  await pipeline(Readable.from(body), out === '-' ? process.stdout : fs.createWriteStream(out));
  if (out !== '-') console.error(`wrote ${out}`);
}

async function findRelease(spec: string) {
  // Digits beyond the id range name no release (rather than reaching the database as an overflow).
  if (/^\d+$/.test(spec)) {
    const id = parseRouteId(spec);
    return id === null ? null : prisma.release.findUnique({ where: { id } });
  }
  const at = spec.lastIndexOf('@');
  if (at > 0 && /^\d+$/.test(spec.slice(at + 1))) {
    const version = parseRouteId(spec.slice(at + 1));
    return version === null ? null : prisma.release.findUnique({ where: { name_version: { name: spec.slice(0, at), version } } });
  }
  return prisma.release.findFirst({ where: { name: spec, status: 'FROZEN' }, orderBy: { version: 'desc' } });
}

let exitCode = 1;
try {
  if (args.values.dataset !== undefined) {
    const spec = args.values.dataset;
    const id = /^\d+$/.test(spec) ? parseRouteId(spec) : undefined;
    const dataset = id === null ? null : await prisma.dataset.findFirst({ where: id === undefined ? { name: spec } : { id } });
    if (!dataset) throw new Error(`no dataset "${spec}"`);
    await write(
      formatBytes('native', { kind: 'dataset', datasetId: dataset.id }),
      `${dataset.name.replace(/[^\w.-]+/g, '-')}.native.jsonl`,
    );
    exitCode = 0;
  } else if (target && format) {
    const release = await findRelease(target);
    if (!release) throw new Error(`no release "${target}"`);
    if (release.status !== 'FROZEN')
      throw new Error(`release ${release.name} v${release.version} is ${release.status.toLowerCase()}; freeze it first`);
    await requestExport({ actor: null, releaseId: release.id, formats: [format], enqueueJob: false });
    const bars = new cliProgress.MultiBar(
      { format: '{file} |{bar}| {percentage}%', hideCursor: true, clearOnComplete: false, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    const byFile = new Map<string, cliProgress.SingleBar>();
    await runReleaseJob({
      releaseId: release.id,
      onProgress: (fileName, fraction) => {
        let bar = byFile.get(fileName);
        if (!bar) {
          bar = bars.create(100, 0, { file: fileName.padEnd(40) });
          byFile.set(fileName, bar);
        }
        bar.update(Math.round(fraction * 100));
      },
    });
    bars.stop();
    const file = await prisma.releaseFile.findFirst({
      where: { releaseId: release.id, format, status: 'SUCCEEDED' },
      include: { storedFile: { select: { id: true, sha256: true } } },
    });
    if (!file?.storedFile) throw new Error(`the ${format} export did not finish`);
    await write(readStoredFile(file.storedFile.id), file.fileName);
    console.error(`sha256 ${file.storedFile.sha256}  ${file.fileName}`);
    exitCode = 0;
  }
} catch (error) {
  console.error(`export failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await disconnectDb();
  await database.stop();
}
process.exit(exitCode);
