// A background job's heavy work (an import's COPY and merges, a release's freeze and exports) is done in chunks,
// and between chunks the job pauses for a share of the time it just worked: it then holds the machine (its CPU,
// the disk, PostgreSQL's cores) at most `duty` of the time, and the experts' requests find the rest free. A
// lower CPU priority alone does not do this here: most of a job's work runs in PostgreSQL, and on the 2-core
// development VM neither nice 10 nor SCHED_IDLE for the job's sessions kept them off the experts' cores
// (docs/performance.md, "Issue 21"). The same idea as PostgreSQL's cost-based vacuum delay, counted in time.
// The duty cycle is JOB_DUTY_CYCLE (lib/env.ts), 0.5 the app's choice; 1 never pauses.

export interface JobPace {
  /**
   * Call between chunks, as often as convenient: once `minWorkMs` of work has passed since the last pause, pauses
   * for that work × (1 − duty) / duty. Returns the pause in ms (0: none).
   */
  breathe(): Promise<number>;
  /** The duty cycle in force (0 < duty ≤ 1). */
  readonly duty: number;
  /** Total time paused so far (ms). */
  readonly pausedMs: number;
}

export interface PaceOptions {
  /** Work shorter than this is not paused after yet (default 100 ms): many small chunks pause as one. */
  minWorkMs?: number;
  /** The longest single pause (default 10 s), so that one chunk slowed by contention does not stall the job. */
  maxPauseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function jobPace(duty: number, options: PaceOptions = {}): JobPace {
  if (!(duty > 0 && duty <= 1)) throw new RangeError(`a job's duty cycle must be in (0, 1], not ${duty}`);
  const { minWorkMs = 100, maxPauseMs = 10_000, now = () => performance.now(), sleep = realSleep } = options;
  let resumed = now();
  let pausedMs = 0;
  return {
    duty,
    get pausedMs() {
      return pausedMs;
    },
    async breathe() {
      if (duty >= 1) return 0;
      const worked = now() - resumed;
      if (worked < minWorkMs) return 0;
      const pause = Math.min(maxPauseMs, (worked * (1 - duty)) / duty);
      await sleep(pause);
      pausedMs += pause;
      resumed = now();
      return pause;
    },
  };
}

/** A pace that never pauses (a CLI run on its own, tests). */
export const UNPACED: JobPace = jobPace(1);

/** `body`, with `pace.breathe()` before each of its chunks is handed on: pauses the producer and the consumer both. */
export async function* pacedChunks<T>(body: AsyncIterable<T>, pace: JobPace): AsyncGenerator<T> {
  for await (const chunk of body) {
    await pace.breathe();
    yield chunk;
  }
}
