// npm run worker: a dedicated background-job process (imports, judge runs, exports). Start as many as you
// like against one DATABASE_URL; set WORKERS_IN_APP=false on the web processes to keep them free of jobs.
import { stopBoss } from '@/lib/jobs/boss';
import { startWorkers } from '@/lib/workers/start-workers';
import { resolveDatabase } from '@/lib/db/resolve-database';

const database = await resolveDatabase({ log: (line) => console.log(`[worker] ${line}`) });
process.env.DATABASE_URL = database.url;
await startWorkers();
console.log('[worker] started; waiting for jobs (Ctrl+C to stop)');
let stopping = false;
const stop = async (signal: string) => {
  // Ctrl+C reaches the whole process group and `npm start` forwards it too: the second signal must not cut the
  // running jobs short (a `once` listener would leave it to Node's default, which exits at once).
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: finishing running jobs…`);
  await stopBoss();
  await database.stop();
  process.exit(0);
};
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
