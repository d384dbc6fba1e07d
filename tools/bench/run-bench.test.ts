import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '@/tools/bench/run-bench';
import { DEFAULT_SEED } from '@/tools/fixtures/synthetic';

describe('parseBenchArgs', () => {
  it('defaults to the full QuarkMedBench scale', () => {
    expect(parseBenchArgs([])).toEqual({ scale: 1, seed: DEFAULT_SEED, json: undefined, only: undefined, experimentSql: undefined });
  });

  it('reads scale, seed, JSON output and the operations to run', () => {
    expect(parseBenchArgs(['--scale', '0.1', '--seed', '3', '--json', 'out.json', '--only', 'criteria-page'])).toMatchObject({
      scale: 0.1,
      seed: 3,
      json: 'out.json',
      only: ['criteria-page'],
    });
  });

  it('refuses bad values with the usage line', () => {
    expect(() => parseBenchArgs(['--scale', '0'])).toThrow(/--scale must be a positive number/);
    expect(() => parseBenchArgs(['--scale', 'abc'])).toThrow(/usage: npm run bench/);
    expect(() => parseBenchArgs(['--only', 'nope'])).toThrow(/unknown operation nope; known: import, criteria-page/);
    expect(() => parseBenchArgs(['--experiment-sql', '/no/such/file.sql'])).toThrow(/no file/);
    expect(() => parseBenchArgs(['--bogus'])).toThrow();
  });
});
