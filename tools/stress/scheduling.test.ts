// The report's scheduling line, from a made-up /proc: autogroup off, on with one group, on with two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { autogroupOf } from '@/lib/db/backend-priority';
import { describeScheduling } from '@/tools/stress/scheduling';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function fakeProc(enabled: string | null, groups: Record<number, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-proc-'));
  roots.push(root);
  if (enabled !== null) {
    fs.mkdirSync(path.join(root, 'sys/kernel'), { recursive: true });
    fs.writeFileSync(path.join(root, 'sys/kernel/sched_autogroup_enabled'), `${enabled}\n`);
  }
  for (const [pid, group] of Object.entries(groups)) {
    fs.mkdirSync(path.join(root, pid));
    fs.writeFileSync(path.join(root, pid, 'autogroup'), `/${group} nice 0\n`);
  }
  return root;
}

describe('scheduling line', () => {
  it('reads a process’s autogroup', () => {
    const procRoot = fakeProc('1', { 10: 'autogroup-77' });
    expect(autogroupOf(10, procRoot)).toBe('autogroup-77');
    expect(autogroupOf(11, procRoot)).toBeNull();
  });

  it('says when the kernel has no autogroup, or has it off', () => {
    expect(describeScheduling({ appPid: 1, postgresPid: 2, procRoot: fakeProc(null, {}) })).toMatch(/^autogroup scheduling: not available/);
    expect(describeScheduling({ appPid: 1, postgresPid: 2, procRoot: fakeProc('0', {}) })).toMatch(/^autogroup scheduling off/);
  });

  it('tells one group from two', () => {
    const same = fakeProc('1', { 10: 'autogroup-5', 20: 'autogroup-5' });
    expect(describeScheduling({ appPid: 10, postgresPid: 20, procRoot: same })).toMatch(/same group \(autogroup-5\)/);
    const apart = fakeProc('1', { 10: 'autogroup-5', 20: 'autogroup-9' });
    expect(describeScheduling({ appPid: 10, postgresPid: 20, procRoot: apart })).toMatch(
      /PostgreSQL \(autogroup-9\) and the app \(autogroup-5\) in different groups/,
    );
    expect(describeScheduling({ appPid: 10, postgresPid: null, procRoot: apart })).toMatch(/could not be read/);
  });
});
