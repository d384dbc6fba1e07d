// The server CPU of an `npm start` instance is three processes deep (primary → web worker → server): the count
// must reach the bottom of the tree, where the work is.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processTreeCpuMs } from '@/tools/stress/process-tree-cpu';

const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tree-cpu-')), 'level.cjs');
// level.cjs N: above 0 it starts level N − 1 and waits; at 0 it burns about 700 ms of CPU, says so, and waits.
fs.writeFileSync(
  script,
  `const depth = Number(process.argv[2]);
if (depth > 0) require('node:child_process').spawn(process.execPath, [__filename, String(depth - 1)], { stdio: 'inherit' });
else { const until = Date.now() + 700; while (Date.now() < until) {} process.stdout.write('burnt\\n'); }
setInterval(() => {}, 1000);`,
);

let root: ChildProcess | undefined;
afterAll(() => {
  if (root?.pid) process.kill(-root.pid, 'SIGKILL');
});

describe('processTreeCpuMs', () => {
  it('counts the CPU of a grandchild, not only of the process and its children', async () => {
    root = spawn(process.execPath, [script, '2'], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => root?.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('burnt') && resolve()));
    const total = processTreeCpuMs(root.pid as number);
    // The grandchild alone burnt about 700 ms; /proc counts in 10 ms ticks.
    expect(total).toBeGreaterThanOrEqual(600);
  });

  it('is null for a process that does not exist', () => {
    expect(processTreeCpuMs(2 ** 22 + 12345)).toBeNull();
  });
});
