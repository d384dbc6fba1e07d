// The server CPU of an `npm start` instance is three processes deep (primary → web worker → server): the count
// must reach the bottom of the tree, where the work is.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processTreeCpuByRole, processTreeCpuMs, serverRoleOf } from '@/tools/stress/process-tree-cpu';

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

describe('serverRoleOf', () => {
  it('tells the job process, the web servers and the rest apart by their command lines', () => {
    expect(serverRoleOf('node --conditions=react-server --import tsx scripts/worker.ts')).toBe('jobs');
    expect(serverRoleOf('next-server (v16.4.6)')).toBe('web');
    expect(serverRoleOf('node node_modules/next/dist/bin/next start -H 127.0.0.1 -p 4000')).toBe('web');
    expect(serverRoleOf('node --conditions=react-server --import tsx scripts/start.ts')).toBe('other');
    expect(serverRoleOf('node scripts/worker.tsx')).toBe('other');
  });
});

describe('processTreeCpuByRole', () => {
  it('puts a grandchild’s CPU under its role and adds up to the whole tree', async () => {
    const child = spawn(process.execPath, [script, '1'], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('burnt') && resolve()));
      const byRole = processTreeCpuByRole(child.pid as number);
      const total = processTreeCpuMs(child.pid as number);
      expect(byRole).not.toBeNull();
      // level.cjs is none of the app's processes.
      expect(byRole?.other).toBeGreaterThanOrEqual(600);
      expect((byRole?.web ?? 0) + (byRole?.jobs ?? 0) + (byRole?.other ?? 0)).toBeCloseTo(total ?? -1, -2);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }
  });
});
