// Samples this process's resident set size at a fixed interval, to show that a streaming phase keeps
// memory flat: its peak growth over the starting RSS should stay far below the size of the data it moves.

export interface RssReport {
  baselineMb: number;
  peakMb: number;
  /** Peak minus baseline. */
  growthMb: number;
  samples: number;
}

const MB = 1024 * 1024;

export function startRssSampler(intervalMs = 100): { stop: () => RssReport } {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  let samples = 1;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    samples += 1;
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { baselineMb: baseline / MB, peakMb: peak / MB, growthMb: (peak - baseline) / MB, samples };
    },
  };
}
