import { describe, expect, it } from 'vitest';
import { CLI_DEFAULT_PORT, parseTestDoubleConfig, testDoubleBanner } from '@/tools/judge-test-double/config';

describe('parseTestDoubleConfig', () => {
  it('reads flags and JUDGE_TEST_DOUBLE_* variables, flags first', () => {
    const options = parseTestDoubleConfig(['--rate-429', '0.2', '--latency-ms', '150', '--models', 'judge-a, judge-b'], {
      JUDGE_TEST_DOUBLE_RATE_429: '0.9',
      JUDGE_TEST_DOUBLE_SEED: '42',
      JUDGE_TEST_DOUBLE_PORT: '0',
      JUDGE_TEST_DOUBLE_API_KEY: 'sk-local',
    });
    expect(options).toEqual({ port: 0, rate429: 0.2, latencyMs: 150, seed: 42, models: ['judge-a', 'judge-b'], apiKey: 'sk-local' });
  });

  it('defaults the command line to a fixed port and rejects what is not a number', () => {
    expect(parseTestDoubleConfig([], {})).toEqual({ port: CLI_DEFAULT_PORT });
    expect(() => parseTestDoubleConfig(['--rate-500', 'lots'], {})).toThrow('--rate-500 must be a number, got "lots"');
    expect(() => parseTestDoubleConfig([], { JUDGE_TEST_DOUBLE_JITTER_MS: '' })).toThrow('JUDGE_TEST_DOUBLE_JITTER_MS must be a number');
    expect(() => parseTestDoubleConfig(['--api-key', 'x'], {})).toThrow();
    expect(() => parseTestDoubleConfig(['extra'], {})).toThrow('unexpected argument extra');
    expect(parseTestDoubleConfig(['--behaviours', 'think, no-usage'], {}).behaviours).toEqual(['think', 'no-usage']);
    expect(parseTestDoubleConfig([], { JUDGE_TEST_DOUBLE_BEHAVIOURS: 'truncate' }).behaviours).toEqual(['truncate']);
    expect(() => parseTestDoubleConfig(['--behaviours', 'think,sleepy'], {})).toThrow('--behaviours: unknown behaviour sleepy');
    expect(parseTestDoubleConfig(['--key-header', 'api-key', '--require-query', 'api-version=2024-10-21'], {})).toMatchObject({
      keyHeader: 'api-key',
      requiredQuery: { 'api-version': '2024-10-21' },
    });
    expect(() => parseTestDoubleConfig(['--require-query', 'api-version'], {})).toThrow(
      '--require-query: write name=value, got "api-version"',
    );
  });

  it('says in its banner that it is a test double and not a model', () => {
    const banner = testDoubleBanner('http://127.0.0.1:4010/v1', { rate429: 0.05 });
    expect(banner).toContain('JUDGE TEST DOUBLE');
    expect(banner).toContain('NOT a model');
    expect(banner).toContain('http://127.0.0.1:4010/v1');
    expect(banner).toContain('429 5%');
  });
});
