// Simulated users for the outage drill: each loops over its own steps (pages, API calls, server actions)
// and every answer is classified as served normally, the outage reported to the user, or something else
// (a raw error, a hang, no answer at all).
import type { AppUser } from '@/tools/app-process/app-user';
import { DATABASE_UNAVAILABLE_DIGEST } from '@/lib/errors';

export type Outcome = 'ok' | 'outage' | 'error' | 'no-answer';

export type Step =
  | { kind: 'page'; path: string }
  | { kind: 'api'; path: string }
  | { kind: 'action'; page: string; action: string; input: unknown };

export interface Sample {
  user: string;
  step: string;
  /** ms since the load started. */
  startedAt: number;
  endedAt: number;
  outcome: Outcome;
  detail: string;
}

/** A page: 200 is served; a 500 carrying the outage digest is the outage notice (its error boundary shows it). */
export function classifyPage(status: number, body: string): Outcome {
  if (status === 200) return body.includes(DATABASE_UNAVAILABLE_DIGEST) ? 'outage' : 'ok';
  return status === 500 && body.includes(DATABASE_UNAVAILABLE_DIGEST) ? 'outage' : 'error';
}

/** An API route: 2xx is served; 503 with a message saying the database is unreachable (or down) is the outage. */
export function classifyApi(status: number, body: string): Outcome {
  if (status >= 200 && status < 300) return 'ok';
  return status === 503 && /database is unreachable|"database":"down"/.test(body) ? 'outage' : 'error';
}

/** A server action: its result, whatever it says, is served, except UNAVAILABLE (the outage) and ERROR or none. */
export function classifyAction(status: number, result: { ok: boolean; code?: string } | null): Outcome {
  if (status !== 200 || !result) return 'error';
  if (result.ok) return 'ok';
  if (result.code === 'UNAVAILABLE') return 'outage';
  return result.code === 'ERROR' ? 'error' : 'ok';
}

const REQUEST_TIMEOUT_MS = 15_000;

async function perform(user: AppUser, step: Step): Promise<{ outcome: Outcome; detail: string }> {
  if (step.kind === 'action') {
    const call = await user.action(step.page, step.action, step.input, REQUEST_TIMEOUT_MS);
    return {
      outcome: classifyAction(call.status, call.result),
      detail: `${call.status} ${call.result?.ok ? 'ok' : (call.result?.code ?? 'no result')}`,
    };
  }
  const answer = await user.page(step.path, REQUEST_TIMEOUT_MS);
  const outcome = step.kind === 'page' ? classifyPage(answer.status, answer.body) : classifyApi(answer.status, answer.body);
  return { outcome, detail: String(answer.status) };
}

const stepName = (step: Step) => (step.kind === 'action' ? (step.action.split('#')[1] ?? step.action) : `GET ${step.path}`);

/** Starts every user's loop; `stop()` ends them (after their request in flight) and returns every sample. */
export function startLoad(
  users: { user: AppUser; steps: Step[] }[],
  pauseMs = 250,
): { stop: () => Promise<Sample[]>; now: () => number; samples: () => readonly Sample[] } {
  const started = performance.now();
  const now = () => Math.round(performance.now() - started);
  const samples: Sample[] = [];
  let running = true;
  const loops = users.map(async ({ user, steps }) => {
    for (let i = 0; running; i++) {
      const step = steps[i % steps.length] as Step;
      const startedAt = now();
      let seen: { outcome: Outcome; detail: string };
      try {
        seen = await perform(user, step);
      } catch (error) {
        seen = {
          outcome: 'no-answer',
          detail: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
        };
      }
      samples.push({ user: user.email, step: stepName(step), startedAt, endedAt: now(), ...seen });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    now,
    samples: () => samples,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}
