// How judge enums, money, tokens and rates read on the judge screens.
import type { BadgeTone } from '@/components/ui/badge';
import type { JobStatus, JudgeErrorClass, JudgeOutputMode, JudgeRunKind, PairChoice } from '@/lib/generated/prisma/enums';

export const RUN_KIND_LABELS: Record<JudgeRunKind, { label: string; description: string }> = {
  GENERATE: {
    label: 'Generate criteria',
    description: 'Write a rubric per query under a meta-rubric; merge the endpoints’ rubrics by consensus.',
  },
  GRADE: { label: 'Grade responses', description: 'Decide for every response and criterion whether the criterion is met.' },
  PAIRWISE: { label: 'Pairwise comparison', description: 'Compare two responses per query, in both orders, on adaptive criteria.' },
  PROBE: {
    label: 'Bias probe',
    description: 'Grade every response twice, as it is and changed without changing its content, to measure the judge’s score shift.',
  },
  PROXY: {
    label: 'Proxy verification',
    description: 'Predict the preferred response of every verified pair, in both orders, from the rubric alone (rubric discriminability).',
  },
};

export const RUN_KINDS = Object.keys(RUN_KIND_LABELS) as JudgeRunKind[];

export const STATUS_LABELS: Record<JobStatus, { label: string; tone: BadgeTone }> = {
  QUEUED: { label: 'Queued', tone: 'slate' },
  RUNNING: { label: 'Running', tone: 'blue' },
  SUCCEEDED: { label: 'Succeeded', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
  CANCELLED: { label: 'Cancelled', tone: 'amber' },
};

export const JOB_STATUSES = Object.keys(STATUS_LABELS) as JobStatus[];

/** A run still doing work: its page refreshes itself and offers "Cancel". */
export function isActive(status: string): boolean {
  return status === 'QUEUED' || status === 'RUNNING';
}

export const ERROR_CLASS_LABELS: Record<JudgeErrorClass, { label: string; hint: string }> = {
  RATE_LIMITED: { label: 'Rate limited', hint: '429 after every retry' },
  SERVER_ERROR: { label: 'Server error', hint: '5xx after every retry' },
  TIMEOUT: { label: 'Timeout', hint: 'no answer within the endpoint’s timeout' },
  NETWORK: { label: 'Network error', hint: 'the endpoint could not be reached' },
  INVALID_OUTPUT: { label: 'Invalid output', hint: 'the answer did not parse or broke the rules, even after a repair try' },
  BAD_REQUEST: { label: 'Bad request', hint: 'the endpoint refused the request (4xx)' },
  AUTH: { label: 'Authentication', hint: 'the API key is missing or refused' },
  CANCELLED: { label: 'Cancelled', hint: 'the run was cancelled first' },
  TRUNCATED: { label: 'Truncated', hint: 'the answer stopped at the token limit before its JSON was complete' },
};

export const OUTPUT_MODE_LABELS: Record<JudgeOutputMode, { label: string; hint: string }> = {
  JSON_SCHEMA: { label: 'JSON schema (strict)', hint: 'response_format json_schema: the server enforces the schema' },
  JSON_OBJECT: { label: 'JSON object', hint: 'response_format json_object, the schema in the prompt' },
  PROMPT_ONLY: { label: 'Prompt only', hint: 'no response_format: the schema in the prompt, the JSON read from the answer' },
};

export const CHOICE_LABELS: Record<PairChoice, string> = { A: 'A', B: 'B', TIE: 'Tie' };

const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** $0.0123; amounts under a hundredth of a cent read "< $0.0001" rather than "$0.00". */
export function formatUsd(amount: number): string {
  if (amount > 0 && amount < 0.0001) return '< $0.0001';
  return usd.format(amount);
}

export const count = (n: number) => n.toLocaleString('en');

/** Tokens or money the server did not report read "unknown", never 0. */
export const UNKNOWN = 'unknown';

/** A run total that leaves out calls without usage is unknown, not the smaller sum; the sum goes in the hint. */
export function runTotal(known: string, unknownCalls: number): { value: string; hint: string | undefined } {
  if (unknownCalls === 0) return { value: known, hint: undefined };
  return {
    value: UNKNOWN,
    hint: `${count(unknownCalls)} ${unknownCalls === 1 ? 'call' : 'calls'} reported no usage; the others: ${known}`,
  };
}

/** 0.734 → "0.734"; NaN (nothing to score) → "—". */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(3) : '—';
}

export function formatRate(perSecond: number): string {
  return `${perSecond >= 10 ? perSecond.toFixed(0) : perSecond.toFixed(2)} calls/s`;
}

export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
