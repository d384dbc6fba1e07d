// Progress bars for the long benchmark phases, on stderr so stdout keeps only the results. Without a
// terminal (CI, redirected output) a bar is replaced by one line when the phase starts and one when it ends.
import cliProgress from 'cli-progress';

export interface ProgressBar {
  update: (value: number) => void;
  stop: () => void;
}

export function progressBar(title: string, total: number, unit = ''): ProgressBar {
  const started = performance.now();
  if (!process.stderr.isTTY) {
    process.stderr.write(`  ${title}…\n`);
    return {
      update: () => {},
      stop: () => process.stderr.write(`  ${title}: done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`),
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      format: `  ${title.padEnd(34)} {bar} {percentage}% | {value}/{total}${unit ? ` ${unit}` : ''} | {duration_formatted}`,
      hideCursor: true,
      clearOnComplete: false,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  let stopped = false;
  return {
    update: (value) => bar.update(Math.min(total, Math.round(value))),
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.update(total);
      bar.stop();
    },
  };
}
