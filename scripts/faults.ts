// npm run faults [-- --scale 0.1] [--only import,judge,export,outage]: kill -9 the app during an import, a
// judge run and an export, and stop PostgreSQL under load (tools/faults/). Loopback only, on its own
// throwaway PostgreSQL. Prints PASS/FAIL per drill with evidence and timings; exits 1 when one fails.
import { formatFaultsReport, parseFaultsArgs, runFaults } from '@/tools/faults/run-faults';

async function main() {
  const options = parseFaultsArgs(process.argv.slice(2));
  const report = await runFaults(options);
  console.log(formatFaultsReport(report));
  if (report.results.some((result) => !result.pass)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`[faults] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
