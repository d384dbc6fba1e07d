// Workers inside the web process, started with retries, stopped cleanly on SIGTERM/SIGINT when the start
// script asks Next.js to leave signal handling to us (NEXT_MANUAL_SIG_HANDLE=true).
import { env } from '@/lib/env';
import { stopBoss } from '@/lib/jobs/boss';
import { startWorkers } from '@/lib/workers/start-workers';

export function startWorkersInBackground(): void {
  if (!env().WORKERS_IN_APP) return;
  let delay = 1000;
  const attempt = () => {
    startWorkers()
      .then(() => console.log('[jobs] workers started in the web process'))
      .catch((error: unknown) => {
        console.error(
          `[jobs] could not start workers (${error instanceof Error ? error.message : String(error)}); retrying in ${delay / 1000}s`,
        );
        setTimeout(attempt, delay).unref();
        delay = Math.min(delay * 2, 30_000);
      });
  };
  attempt();
  if (env().NEXT_MANUAL_SIG_HANDLE) {
    const stop = (signal: string) => {
      console.log(`[jobs] ${signal}: finishing running jobs…`);
      stopBoss()
        .catch((error: unknown) => console.error(error))
        .finally(() => process.exit(0));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }
}
