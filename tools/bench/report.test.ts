import { describe, expect, it } from 'vitest';
import { evaluateMetric, formatDuration, formatTable, formatValue, resultText } from '@/tools/bench/report';

describe('evaluateMetric', () => {
  it('checks a ratio target against raw PostgreSQL', () => {
    const pass = evaluateMetric({ id: 'import', label: 'import', unit: 's', app: 50, raw: 20 }, [{ metric: 'import', maxRatio: 3 }]);
    expect(pass.ratio).toBe(2.5);
    expect(pass.pass).toBe(true);
    expect(pass.target).toBe('≤ 3× raw');
    const fail = evaluateMetric({ id: 'import', label: 'import', unit: 's', app: 70, raw: 20 }, [{ metric: 'import', maxRatio: 3 }]);
    expect(resultText(fail)).toBe('FAIL (3.50× > 3×)');
  });

  it('checks every target of a metric and reports each failure', () => {
    const result = evaluateMetric({ id: 'p95', label: 'page p95', unit: 'ms', app: 62, raw: 20 }, [
      { metric: 'p95', maxRatio: 2 },
      { metric: 'p95', maxValue: 50 },
      { metric: 'other', maxValue: 1 },
    ]);
    expect(result.target).toBe('≤ 2× raw, ≤ 50.0 ms');
    expect(result.failures).toEqual(['3.10× > 2×', '62.0 ms > 50.0 ms']);
    expect(result.pass).toBe(false);
  });

  it('has nothing to check without targets, and no ratio without a raw value', () => {
    const result = evaluateMetric({ id: 'rss', label: 'peak RSS growth', unit: 'MB', app: 40, raw: null }, []);
    expect(result.ratio).toBeNull();
    expect(resultText(result)).toBe('—');
  });
});

describe('counts', () => {
  it('shows a count as a whole number and checks it against a maximum', () => {
    expect(formatValue(12345, 'count')).toBe('12,345');
    expect(formatValue(0, 'count')).toBe('0');
    const pass = evaluateMetric({ id: 'over', label: 'over-assigned queries', unit: 'count', app: 0, raw: 0 }, [
      { metric: 'over', maxValue: 0 },
    ]);
    expect(pass.target).toBe('≤ 0');
    expect(pass.ratio).toBeNull();
    expect(resultText(pass)).toBe('PASS');
    const fail = evaluateMetric({ id: 'over', label: 'over-assigned queries', unit: 'count', app: 3, raw: 0 }, [
      { metric: 'over', maxValue: 0, label: 'none (checked in SQL)' },
    ]);
    expect(fail.target).toBe('none (checked in SQL)');
    expect(resultText(fail)).toBe('FAIL (3 > 0)');
  });
});

describe('formatTable', () => {
  it('aligns columns under one header row', () => {
    const table = formatTable([
      evaluateMetric({ id: 'a', label: 'import', unit: 's', app: 61.234, raw: 30 }, [{ metric: 'a', maxRatio: 3 }]),
      evaluateMetric({ id: 'b', label: 'criteria page p95', unit: 'ms', app: 8.5, raw: 7 }, []),
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^operation\s+\| +app \| raw PostgreSQL \| ratio \| target +\| result$/);
    expect(lines[2]).toMatch(/\| +61\.2 s \|/);
    expect(lines[2]).toContain('2.04×');
    expect(lines[2]).toMatch(/PASS$/);
    expect(lines[3]).toContain('8.50 ms');
    expect(new Set(lines.map((line) => line.indexOf('|'))).size).toBe(1);
  });
});

describe('formatDuration', () => {
  it('uses seconds below a minute, then minutes and seconds', () => {
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(372_000)).toBe('6 min 12 s');
    expect(formatDuration(119_800)).toBe('2 min 0 s');
    expect(formatDuration(59_990)).toBe('1 min 0 s');
  });
});
