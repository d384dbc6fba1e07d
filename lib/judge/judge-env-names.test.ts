import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SETTING_NAMES } from '@/lib/env';
import { judgeEnvNameProblem, judgeEnvRule } from '@/lib/judge/judge-env-names';

describe('judgeEnvNameProblem', () => {
  it('allows *_API_KEY names by default and nothing else', () => {
    const rule = judgeEnvRule();
    expect(rule.pattern).toBe('^[A-Z][A-Z0-9_]*_API_KEY$');
    expect(judgeEnvNameProblem('OPENAI_API_KEY', rule)).toBeNull();
    expect(judgeEnvNameProblem('AZURE_OPENAI_API_KEY', rule)).toBeNull();
    expect(judgeEnvNameProblem('HOME', rule)).toMatch(/HOME is not allowed: the server only sends variables whose names match/);
    expect(judgeEnvNameProblem('openai_api_key', rule)).not.toBeNull();
  });

  it("never allows the app's own settings, whatever the pattern says", () => {
    const everything = { pattern: '.*', denied: APP_SETTING_NAMES };
    for (const name of ['BETTER_AUTH_SECRET', 'DATABASE_URL', 'NODE_ENV', 'JUDGE_KEY_ENV_PATTERN', 'DB_POOL_MAX', 'APP_URL']) {
      expect(judgeEnvNameProblem(name, everything), name).toBe(
        `${name} is one of the app's own settings and is never sent to a judge endpoint.`,
      );
    }
    expect(judgeEnvNameProblem('ANYTHING_ELSE', everything)).toBeNull();
  });
});

describe('JUDGE_KEY_ENV_PATTERN', () => {
  const saved = process.env.JUDGE_KEY_ENV_PATTERN;
  afterEach(() => {
    if (saved === undefined) delete process.env.JUDGE_KEY_ENV_PATTERN;
    else process.env.JUDGE_KEY_ENV_PATTERN = saved;
    vi.resetModules();
  });

  it('is the operator’s to set, and refused at start when it is not a regular expression', async () => {
    process.env.JUDGE_KEY_ENV_PATTERN = '^(OPENAI|AZURE_OPENAI)_[A-Z_]+$';
    vi.resetModules();
    const widened = await import('@/lib/judge/judge-env-names');
    expect(widened.judgeEnvNameProblem('AZURE_OPENAI_API_VERSION')).toBeNull();
    expect(widened.judgeEnvNameProblem('TOGETHER_API_KEY')).not.toBeNull();

    process.env.JUDGE_KEY_ENV_PATTERN = '([A-Z';
    vi.resetModules();
    const broken = await import('@/lib/env');
    expect(() => broken.env()).toThrow(
      'invalid environment: JUDGE_KEY_ENV_PATTERN: must be a valid regular expression (JavaScript syntax)',
    );
  });
});
