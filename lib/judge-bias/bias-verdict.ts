// The short verdict each bias gets on the diagnostics page. The rule is the app's assumption, stated in the UI and
// docs/judge-bias.md: a bias is "detected" when the 95% interval of its figure excludes the value of no bias.

export type BiasVerdict = 'detected' | 'none detected' | 'not enough data';

/** The app's assumption: the confidence level of every interval the verdicts read. */
export const DETECTION_LEVEL = 0.95;

export function biasVerdict(interval: readonly [number, number] | null, noBias = 0): BiasVerdict {
  if (!interval || !Number.isFinite(interval[0]) || !Number.isFinite(interval[1])) return 'not enough data';
  return interval[0] > noBias || interval[1] < noBias ? 'detected' : 'none detected';
}
