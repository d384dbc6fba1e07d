// Turns measured metrics and targets into the results table, and describes the machine the numbers came
// from. Pure formatting apart from machineInfo().
import os from 'node:os';
import type { Metric, Target } from '@/tools/bench/operation';

export interface MetricResult extends Metric {
  ratio: number | null;
  target: string;
  /** Null: nothing to check. */
  pass: boolean | null;
  /** Why it failed, e.g. "62.1 ms > 50 ms". */
  failures: string[];
}

export function formatValue(value: number, unit: Metric['unit']): string {
  if (unit === 's') return `${value.toFixed(value < 10 ? 2 : 1)} s`;
  if (unit === 'MB') return `${value.toFixed(value < 10 ? 1 : 0)} MB`;
  if (unit === 'count') return Math.round(value).toLocaleString('en');
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

export function evaluateMetric(metric: Metric, targets: readonly Target[]): MetricResult {
  const ratio = metric.raw !== null && metric.raw > 0 ? metric.app / metric.raw : null;
  const mine = targets.filter((target) => target.metric === metric.id);
  const descriptions: string[] = [];
  const failures: string[] = [];
  for (const target of mine) {
    if (target.maxRatio !== undefined) {
      descriptions.push(`≤ ${target.maxRatio}× raw`);
      if (ratio === null || ratio > target.maxRatio)
        failures.push(`${ratio === null ? 'no raw time' : formatRatio(ratio)} > ${target.maxRatio}×`);
    }
    if (target.maxValue !== undefined) {
      descriptions.push(`≤ ${formatValue(target.maxValue, metric.unit)}`);
      if (metric.app > target.maxValue)
        failures.push(`${formatValue(metric.app, metric.unit)} > ${formatValue(target.maxValue, metric.unit)}`);
    }
  }
  const labels = mine.map((target) => target.label).filter((label): label is string => !!label);
  return {
    ...metric,
    ratio,
    target: labels.length ? labels.join(', ') : descriptions.join(', ') || '—',
    pass: mine.length ? failures.length === 0 : null,
    failures,
  };
}

export function resultText(result: MetricResult): string {
  if (result.pass === null) return '—';
  return result.pass ? 'PASS' : `FAIL (${result.failures.join('; ')})`;
}

const HEADERS = ['operation', 'app', 'raw PostgreSQL', 'ratio', 'target', 'result'] as const;

/** A plain-text table; the first column is left-aligned, numbers right-aligned. */
export function formatTable(results: readonly MetricResult[]): string {
  const rows = results.map((result) => [
    result.label,
    formatValue(result.app, result.unit),
    result.raw === null ? '—' : formatValue(result.raw, result.unit),
    result.ratio === null ? '—' : formatRatio(result.ratio),
    result.target,
    resultText(result),
  ]);
  const widths = HEADERS.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const numeric = [false, true, true, true, false, false];
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join(' | ')
      .trimEnd();
  return [line(HEADERS), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGb: number;
  os: string;
  node: string;
  postgres: string;
  postgresSettings: string;
  loadAverage: number[];
}

export function machineInfo(postgresVersion: string, postgresSettings: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: postgresVersion,
    postgresSettings,
    loadAverage: os.loadavg(),
  };
}

export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
