// How long a simulated expert pauses before a decision or a submission: uniform in [0.5, 1.5] × the mean, so
// `--think-ms 5000` is 2.5–7.5 s (issue 21's realistic pace) and the mean pace is the flag's value.
import type { Random } from '@/tools/fixtures/prng';

export function drawThinkTimeMs(random: Random, meanMs: number): number {
  return meanMs * (0.5 + random.next());
}
