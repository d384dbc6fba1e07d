import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCpuReports, describeCpu, parseProcStat, postgresCpuMs, startCpuMeter } from '@/tools/bench/cpu-meter';
import { readPostmasterPid } from '@/lib/db/embedded-postgres';

describe('parseProcStat', () => {
  it('reads the parent and the CPU times, counting fields from the last parenthesis of the command', () => {
    const line = '4242 (postgres: bench (app) idle) S 4100 4100 4100 0 -1 4194560 900 0 0 0 250 37 12 3 20 0 1 0 7000 1000 200';
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 4100, cpuMs: 2870, reapedChildrenMs: 150 });
    expect(parseProcStat(line, 1000)).toMatchObject({ cpuMs: 287, reapedChildrenMs: 15 });
  });

  it('refuses what it cannot read', () => {
    expect(parseProcStat('')).toBeNull();
    expect(parseProcStat('12 (x) S')).toBeNull();
  });
});

describe('readPostmasterPid', () => {
  it('takes the first line of postmaster.pid, or null', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-meter-'));
    try {
      expect(readPostmasterPid(dir)).toBeNull();
      fs.writeFileSync(path.join(dir, 'postmaster.pid'), '31337\n/tmp/pg\n1700000000\n5432\n');
      expect(readPostmasterPid(dir)).toBe(31337);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('postgresCpuMs', () => {
  it('is null without a postmaster to read', () => {
    expect(postgresCpuMs(null)).toBeNull();
    expect(postgresCpuMs(2 ** 30)).toBeNull();
  });
});

describe('startCpuMeter', () => {
  it('measures this process', () => {
    const meter = startCpuMeter(null);
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += i % 7;
    const report = meter.stop();
    expect(x).toBeGreaterThan(0);
    expect(report.nodeMs).toBeGreaterThan(0);
    expect(report.postgresMs).toBeNull();
    expect(report.machineTotalMs).toBeGreaterThanOrEqual(report.machineBusyMs);
  });
});

describe('describeCpu', () => {
  it('gives CPU per operation and the machine shares', () => {
    const report = { nodeMs: 12_200, postgresMs: 7_600, machineBusyMs: 39_200, machineTotalMs: 40_000 };
    expect(describeCpu(report, 2000, 'claim')).toBe(
      'this process 6.10 ms + PostgreSQL 3.80 ms CPU per claim; machine 98% busy (this process 31%, PostgreSQL 19%, other processes 49%)',
    );
    expect(describeCpu({ ...report, postgresMs: null }, 2000, 'claim')).toBe(
      'this process 6.10 ms CPU per claim; machine 98% busy (this process 31%)',
    );
  });
});

describe('addCpuReports', () => {
  it('adds phases up, and loses PostgreSQL when a phase could not read it', () => {
    const a = { nodeMs: 1, postgresMs: 2, machineBusyMs: 3, machineTotalMs: 4 };
    expect(addCpuReports(null, a)).toBe(a);
    expect(addCpuReports(a, a)).toEqual({ nodeMs: 2, postgresMs: 4, machineBusyMs: 6, machineTotalMs: 8 });
    expect(addCpuReports(a, { ...a, postgresMs: null }).postgresMs).toBeNull();
  });
});
