// npm run judge:test-double -- [--port 4010] [--latency-ms 200] [--rate-429 0.1] …: starts the judge TEST
// DOUBLE (tools/judge-test-double/), a fake OpenAI-compatible endpoint on 127.0.0.1 for local runs and e2e
// tests. Not a model. Ctrl+C stops it and prints what it answered. Exit code 2 for usage errors.
import { parseTestDoubleConfig, TEST_DOUBLE_USAGE, testDoubleBanner } from '@/tools/judge-test-double/config';
import { startJudgeTestDouble } from '@/tools/judge-test-double/server';

let options: ReturnType<typeof parseTestDoubleConfig>;
try {
  options = parseTestDoubleConfig(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${TEST_DOUBLE_USAGE}`);
  process.exit(2);
}

let double: Awaited<ReturnType<typeof startJudgeTestDouble>>;
try {
  double = await startJudgeTestDouble(options);
} catch (error) {
  console.error(`[judge-test-double] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
console.log(testDoubleBanner(double.url, options));

const stop = () => {
  double.close().then(
    () => {
      console.log(`[judge-test-double] stopped; ${JSON.stringify(double.stats())}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`[judge-test-double] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
