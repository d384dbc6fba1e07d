// npm run stress [-- --scale 0.1 --duration 120 --experts 50,100 --think-ms 5000 --instances 2]: load on
// `next start` (loopback only, bounded in time and requests) with the invariants checked in SQL afterwards,
// one window per level of experts (and per repeat with --repeat N), then the capacity table (tools/stress/).
// Builds the app first when the build is missing or stale. Not part of npm test. Exit code 1 when an invariant fails or the error rate is
// over the limit in any level, 2 for bad flags.
import { parseStressArgs } from '@/tools/stress/options';
import { formatCapacityTable } from '@/tools/stress/capacity';
import { formatStressReport } from '@/tools/stress/report';
import { runStress } from '@/tools/stress/run-stress';

let options: ReturnType<typeof parseStressArgs>;
try {
  options = parseStressArgs(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

try {
  const run = await runStress(options, `npm run stress -- ${process.argv.slice(2).join(' ')}`.trim());
  // Several windows (levels, repeats): each report under the heading the progress log gave it.
  const reports = run.levels.map((level, index) =>
    run.levels.length > 1
      ? `── run ${index + 1} of ${run.levels.length}: ${level.experts} experts ──\n${formatStressReport(level)}`
      : formatStressReport(level),
  );
  console.log([...reports, formatCapacityTable(run.capacity)].join('\n\n'));
  process.exit(run.pass ? 0 : 1);
} catch (error) {
  console.error(`[stress] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}
