// The short verdict each bias gets on the diagnostics page. The rule is the app's assumption, stated in the UI and
// docs/judge-bias.md: a bias is "detected" when the 95% interval of its figure excludes the value of no bias, and
// judged at all only on at least MIN_VERDICT_QUERIES queries (with fewer, a normal or bootstrap interval over query
// clusters is too narrow to trust).

export type BiasVerdict = 'detected' | 'none detected' | 'not enough data';

/** The app's assumption: the fewest queries (the clusters of every interval) a verdict is given on. */
export const MIN_VERDICT_QUERIES = 10;

export function biasVerdict(
  interval: readonly [number, number] | null,
  { noBias = 0, queries }: { noBias?: number; queries: number },
): BiasVerdict {
  if (queries < MIN_VERDICT_QUERIES) return 'not enough data';
  if (!interval || !Number.isFinite(interval[0]) || !Number.isFinite(interval[1])) return 'not enough data';
  return interval[0] > noBias || interval[1] < noBias ? 'detected' : 'none detected';
}
