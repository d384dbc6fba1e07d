// npm run bench [-- --scale 0.1] [--json results.json] [--only criteria-page]: the app against raw
// PostgreSQL on a synthetic QuarkMedBench-scale dataset (tools/bench/). Not part of npm test. Exits 1 when the
// run breaks or the two sides did not do the same work; missed targets are results, shown as FAIL.
import { formatReport, parseBenchArgs, runBench } from '@/tools/bench/run-bench';

async function main() {
  const options = parseBenchArgs(process.argv.slice(2));
  const report = await runBench(options);
  console.log(formatReport(report));
  if (report.operations.some((operation) => operation.problems.length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
