import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readProcStats, signalProcessTree, treeOf } from '@/tools/app-process/process-tree';

// Running or sleeping: a killed process whose new parent has not reaped it yet is a zombie (state Z), not alive.
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
};

describe('process tree', () => {
  it('finds and signals a child and its grandchild without a process group of their own', async () => {
    // A shell that starts a long sleep and waits: two processes in this test's session.
    const child = spawn('sh', ['-c', 'sleep 300 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout.once('data', (chunk) => resolve(Number.parseInt(String(chunk), 10))),
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const pid = child.pid as number;
    const tree = treeOf(pid, readProcStats())?.map((stat) => stat.pid);
    expect(tree?.[0]).toBe(pid);
    expect(tree).toContain(grandchild);
    expect(alive(grandchild)).toBe(true);
    expect(treeOf(2 ** 22 + 1, readProcStats())).toBeNull();

    signalProcessTree(pid, 'SIGKILL');
    await exited;
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive(grandchild)).toBe(false);
    // A tree that is gone already is no error.
    expect(() => signalProcessTree(pid, 'SIGKILL')).not.toThrow();
  });
});
