// Where the CPU went during a benchmark phase: this process (the app or the raw client), the bench's
// PostgreSQL (its postmaster and every backend, from /proc) and everything else on the machine, e.g. another
// developer's build on a shared box. Latency under concurrency is mostly queueing for CPU, so these numbers
// say whether a side is slow because it does more work per request or because the machine was busy.
// Linux only for PostgreSQL's share (null elsewhere).
import fs from 'node:fs';
import os from 'node:os';

/** Linux reports process times in USER_HZ ticks, 100 per second on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** user + system time of the process itself. */
  cpuMs: number;
  /** user + system time of its children that exited and were waited for. */
  reapedChildrenMs: number;
}

/** Parses /proc/<pid>/stat; the command name may hold spaces and parentheses, so fields count from the last ')'. */
export function parseProcStat(text: string, ticksPerSecond = TICKS_PER_SECOND): ProcStat | null {
  const close = text.lastIndexOf(')');
  const pid = Number.parseInt(text, 10);
  if (close < 0 || !Number.isInteger(pid)) return null;
  // Fields 3.. of proc(5): state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (index: number) => Number(fields[index]);
  const [ppid, utime, stime, cutime, cstime] = [field(1), field(11), field(12), field(13), field(14)];
  if (![ppid, utime, stime, cutime, cstime].every(Number.isFinite)) return null;
  const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond;
  return { pid, ppid, cpuMs: ms(utime + stime), reapedChildrenMs: ms(cutime + cstime) };
}

function readProcStat(pid: number | string): ProcStat | null {
  try {
    return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU used so far by PostgreSQL: the postmaster, its live backends and workers, and those that exited. */
export function postgresCpuMs(postmasterPid: number | null): number | null {
  if (postmasterPid === null) return null;
  const postmaster = readProcStat(postmasterPid);
  if (!postmaster) return null;
  let total = postmaster.cpuMs + postmaster.reapedChildrenMs;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(entry);
    if (stat?.ppid === postmasterPid) total += stat.cpuMs + stat.reapedChildrenMs;
  }
  return total;
}

function machineTimes(): { busyMs: number; totalMs: number } {
  let busyMs = 0;
  let totalMs = 0;
  for (const { times } of os.cpus()) {
    const busy = times.user + times.nice + times.sys + times.irq;
    busyMs += busy;
    totalMs += busy + times.idle;
  }
  return { busyMs, totalMs };
}

export interface CpuReport {
  /** CPU time of this process. */
  nodeMs: number;
  /** CPU time of the bench's PostgreSQL; null where it cannot be read. */
  postgresMs: number | null;
  /** Busy and total CPU time over all cores of the machine. */
  machineBusyMs: number;
  machineTotalMs: number;
}

export function startCpuMeter(postmasterPid: number | null): { stop: () => CpuReport } {
  const node = process.cpuUsage();
  const postgres = postgresCpuMs(postmasterPid);
  const machine = machineTimes();
  return {
    stop: () => {
      const nodeUsage = process.cpuUsage(node);
      const postgresNow = postgresCpuMs(postmasterPid);
      const machineNow = machineTimes();
      return {
        nodeMs: (nodeUsage.user + nodeUsage.system) / 1000,
        postgresMs: postgres === null || postgresNow === null ? null : postgresNow - postgres,
        machineBusyMs: machineNow.busyMs - machine.busyMs,
        machineTotalMs: machineNow.totalMs - machine.totalMs,
      };
    },
  };
}

/** The CPU of two phases together (null: nothing measured yet). */
export function addCpuReports(a: CpuReport | null, b: CpuReport): CpuReport {
  if (!a) return b;
  return {
    nodeMs: a.nodeMs + b.nodeMs,
    postgresMs: a.postgresMs === null || b.postgresMs === null ? null : a.postgresMs + b.postgresMs,
    machineBusyMs: a.machineBusyMs + b.machineBusyMs,
    machineTotalMs: a.machineTotalMs + b.machineTotalMs,
  };
}

/**
 * "this process 6.10 ms + PostgreSQL 3.80 ms CPU per claim; machine 98% busy (this process 30%, PostgreSQL
 * 19%, other processes 49%)".
 */
export function describeCpu(report: CpuReport, operations: number, unit: string): string {
  const per = (ms: number) => `${(ms / operations).toFixed(2)} ms`;
  const share = (ms: number) => `${report.machineTotalMs > 0 ? Math.round((ms / report.machineTotalMs) * 100) : 0}%`;
  const postgres = report.postgresMs;
  const others = Math.max(0, report.machineBusyMs - report.nodeMs - (postgres ?? 0));
  return (
    `this process ${per(report.nodeMs)}${postgres === null ? '' : ` + PostgreSQL ${per(postgres)}`} CPU per ${unit}; ` +
    `machine ${share(report.machineBusyMs)} busy (this process ${share(report.nodeMs)}` +
    `${postgres === null ? '' : `, PostgreSQL ${share(postgres)}, other processes ${share(others)}`})`
  );
}
