// How long a simulated expert pauses before a decision or a submission: uniform in [0.5, 1.5] × the mean, so
// `--think-ms 5000` is 2.5–7.5 s (issue 21's realistic pace) and the mean pace is the flag's value.
import type { Random } from '@/tools/fixtures/prng';

export function drawThinkTimeMs(random: Random, meanMs: number): number {
  return meanMs * (0.5 + random.next());
}

/**
 * When expert `index` of `count` arrives (ms after the window opens): evenly spread over the ramp, the first at
 * 0. The ramp is `--ramp-s`, at most a fifth of the window, so most of the window runs with everyone working.
 */
export function arrivalDelayMs(index: number, count: number, rampS: number, durationS: number): number {
  const rampMs = Math.min(rampS, durationS / 5) * 1000;
  return count <= 1 ? 0 : (rampMs * index) / count;
}
