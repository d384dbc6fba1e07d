// `npm run import` end to end on files found by outside probes (issue 16): what the command prints and its exit
// code must be what the database holds, and no raw Prisma or driver error may reach the terminal.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { NUL_LED_HEALTHBENCH, probeHealthBench } from '@/tools/fixtures/hostile-inputs';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));

async function cli(name: string, content: string | Uint8Array, args: string[]) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, content);
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/import.ts', file, ...args],
      {
        env: { ...process.env },
        cwd: process.cwd(),
      },
    );
    return { code: 0, output: `${stdout}\n${stderr}` };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}\n${failed.stderr}` };
  }
}

const nulLed = NUL_LED_HEALTHBENCH;

const stored = async (datasetName: string) => ({
  datasets: await prisma.dataset.count({ where: { name: datasetName } }),
  queries: await prisma.query.count({ where: { dataset: { name: datasetName } } }),
  jobs: (await prisma.importJob.findMany({ where: { datasetName }, select: { status: true } })).map((job) => job.status),
});

describe('npm run import tells what the database holds', () => {
  it('a first line starting with NUL, --skip-invalid: imported (exit 0), the skipped line listed with the NUL shown as \\u0000', async () => {
    const { code, output } = await cli('nul.jsonl', nulLed, ['--dataset', 'cli nul', '--skip-invalid']);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Imported nul\.jsonl \(healthbench\)/);
    expect(output).toMatch(/queries\s+2 added/);
    expect(output).toMatch(/Skipped 1 invalid record\(s\) on line\(s\) 1/);
    expect(output).toContain('nul.jsonl:1: (line): not valid JSON');
    expect(output).toContain('\\u0000');
    expect(output).not.toContain('\u0000');
    expect(await stored('cli nul')).toEqual({ datasets: 1, queries: 2, jobs: ['SUCCEEDED'] });
  }, 60_000);

  it('the same file without --skip-invalid: refused (exit 1), nothing stored', async () => {
    const { code, output } = await cli('nul.jsonl', nulLed, ['--dataset', 'cli nul refused']);
    expect(code, output).toBe(1);
    expect(output).toMatch(/Refused nul\.jsonl: 1 problem\(s\); nothing was changed/);
    expect(output).not.toMatch(/prisma|22P05/i);
    expect(await stored('cli nul refused')).toEqual({ datasets: 0, queries: 0, jobs: ['FAILED'] });
  }, 60_000);

  it('a UTF-16 file with --format healthbench: the encoding is named with how to convert it (exit 1), never a Prisma error', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${probeHealthBench('p1')}\n`, 'utf16le')]);
    const { code, output } = await cli('utf16.jsonl', utf16, ['--dataset', 'cli utf16', '--format', 'healthbench']);
    expect(code, output).toBe(1);
    expect(output).toMatch(/UTF-16LE/);
    expect(output).toContain('iconv -f UTF-16 -t UTF-8');
    expect(output).not.toMatch(/prisma|22P05|invocation/i);
    expect(await stored('cli utf16')).toEqual({ datasets: 0, queries: 0, jobs: ['FAILED'] });
  }, 60_000);
});
