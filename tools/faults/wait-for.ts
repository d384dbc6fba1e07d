// Bounded polling for the fault drills: every wait has a deadline and says what it was waiting for, and
// what it last saw, when it gives up.

export class WaitTimeout extends Error {
  constructor(label: string, timeoutMs: number, last: string) {
    super(`timed out after ${(timeoutMs / 1000).toFixed(0)} s waiting for ${label} (last seen: ${last})`);
    this.name = 'WaitTimeout';
  }
}

/** Thrown by a probe when waiting longer cannot help (e.g. the job ended before it could be killed). */
export class GiveUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GiveUp';
  }
}

export type ProbeResult<T> = { done: T } | { last: string };

/** A probe's answers: finished with a value, or not yet (with what it saw). */
export const done = <T>(value: T): ProbeResult<T> => ({ done: value });
export const notYet = (last: string): { last: string } => ({ last });

/**
 * Calls `probe` every `intervalMs` until it returns a value other than undefined, and returns that value.
 * `describe` turns what the probe last saw into words for the timeout message. A probe that throws is
 * retried (e.g. the app restarting) and its error becomes the last thing seen, unless it is a GiveUp.
 */
export async function waitFor<T>({
  label,
  timeoutMs,
  intervalMs = 200,
  probe,
}: {
  label: string;
  timeoutMs: number;
  intervalMs?: number;
  probe: () => Promise<ProbeResult<T>>;
}): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  let last = 'nothing yet';
  for (;;) {
    try {
      const seen = await probe();
      if ('done' in seen) return seen.done;
      last = seen.last;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      last = `error: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (performance.now() >= deadline) throw new WaitTimeout(label, timeoutMs, last);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Milliseconds since `started` (a performance.now() reading), rounded. */
export const since = (started: number): number => Math.round(performance.now() - started);
