// Concurrency for load benchmarks inside one process: `workers` independent loops, all started at once, each
// running its steps one after another (a step starts when the previous step of the same loop has finished,
// never waiting for the other loops), or a list of items worked through by a fixed number of workers taking
// from one queue (forEachConcurrently). The first failure stops every loop from starting further steps and is
// rethrown once the steps already in flight have settled, so nothing keeps running behind the caller's back.

export async function concurrentLoops<T>(
  workers: number,
  iterations: number,
  step: (worker: number, iteration: number) => Promise<T>,
): Promise<T[][]> {
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`workers must be a positive integer, got ${workers}`);
  if (!Number.isInteger(iterations) || iterations < 0) throw new Error(`iterations must be a non-negative integer, got ${iterations}`);
  let failed = false;
  const results: T[][] = Array.from({ length: workers }, () => []);
  const loops = results.map(async (out, worker) => {
    for (let iteration = 0; iteration < iterations && !failed; iteration++) {
      try {
        out.push(await step(worker, iteration));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  await settleAll(loops);
  return results;
}

/**
 * `work` on every item, at most `concurrency` at once, each free worker taking the next item from one shared
 * queue (as a rate-limited endpoint's callers do: a slow item holds up only its own worker). The first
 * failure stops further items from starting and is rethrown once the ones in flight have settled.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  await settleAll(workers);
}

/** Waits for every promise, then rethrows the first rejection, if any. */
async function settleAll(promises: Promise<void>[]): Promise<void> {
  const settled = await Promise.allSettled(promises);
  const rejected = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/** Runs `run` and measures it in milliseconds (performance.now, so sub-millisecond). */
export async function timeIt<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}
