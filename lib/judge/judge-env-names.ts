// Which environment variables a judge endpoint may have the server send to its URL (as the API key, or as
// the value of an extra header or query parameter). An admin chooses the URL, so without this rule any
// variable (BETTER_AUTH_SECRET, DATABASE_URL) could be sent anywhere. Checked when an endpoint is saved and
// again before every call, so a row stored before the rule existed cannot send a forbidden value either.
import { APP_SETTING_NAMES, env } from '@/lib/env';

export interface JudgeEnvRule {
  /** JUDGE_KEY_ENV_PATTERN, as the operator set it (or its default). */
  pattern: string;
  /** The app's own settings: never sent, whatever the pattern says. */
  denied: readonly string[];
}

export function judgeEnvRule(): JudgeEnvRule {
  return { pattern: env().JUDGE_KEY_ENV_PATTERN, denied: APP_SETTING_NAMES };
}

/** Why `name` may not be sent to an endpoint, or null when it may. */
export function judgeEnvNameProblem(name: string, rule: JudgeEnvRule = judgeEnvRule()): string | null {
  if (rule.denied.includes(name)) return `${name} is one of the app's own settings and is never sent to a judge endpoint.`;
  if (!new RegExp(rule.pattern).test(name)) {
    return `${name} is not allowed: the server only sends variables whose names match ${rule.pattern} (JUDGE_KEY_ENV_PATTERN).`;
  }
  return null;
}
