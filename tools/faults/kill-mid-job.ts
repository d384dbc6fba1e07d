// The shape of every kill drill: let a background job run until it is mid-way, kill -9 the app (the web
// server and the in-process worker together), check what is visible while it is down, start it again, and
// time how long the queue takes to notice the dead worker (pg-boss: the job's heartbeat goes stale) and
// run the job again, and how long until the job has finished.
import type { StartableQueue } from '@/lib/jobs/queues';
import { formatDuration } from '@/tools/bench/report';
import { type FaultContext, type ScenarioResult, bossJob } from '@/tools/faults/context';
import { type ProbeResult, done, notYet, since, waitFor } from '@/tools/faults/wait-for';

type Probe<T> = () => Promise<ProbeResult<T>>;

export async function killMidJob<T>(
  ctx: FaultContext,
  result: ScenarioResult,
  {
    what,
    queue,
    jobData,
    jobStarted,
    midway,
    midwayTimeoutMs = 300_000,
    whileDown,
    afterRestart,
    finished,
    finishTimeoutMs = 600_000,
  }: {
    /** "the import", "the judge run", ... */
    what: string;
    queue: StartableQueue;
    /** Identifies the pg-boss job (its payload). */
    jobData: Record<string, unknown>;
    /** performance.now() when the job was asked for. */
    jobStarted: number;
    /** Done (with a description of its progress) once the job is far enough to be killed. */
    midway: Probe<string>;
    midwayTimeoutMs?: number;
    /** Checks while the app is down: nothing half-written visible. */
    whileDown: () => Promise<void>;
    /** Checks right after the restart, before the queue has run the job again (what users get then). */
    afterRestart?: () => Promise<void>;
    /** Done once the job has finished, whichever way. */
    finished: Probe<T>;
    finishTimeoutMs?: number;
  },
): Promise<T> {
  const progress = await waitFor({ label: `${what} to be mid-way`, timeoutMs: midwayTimeoutMs, intervalMs: 100, probe: midway });
  await ctx.app.kill();
  const killed = performance.now();
  result.timings['ran before the kill'] = since(jobStarted);
  result.evidence.push(
    `kill -9 of the app's process group after ${formatDuration(result.timings['ran before the kill'])}, with ${progress}`,
  );

  await whileDown();

  const bootMs = await ctx.app.start();
  result.timings['app restarted (kill → /api/health 200)'] = since(killed);
  ctx.log(`app restarted (next start took ${formatDuration(bootMs)}); waiting for the queue to run ${what} again`);
  await afterRestart?.();

  const retry = await waitFor({
    label: `pg-boss to run ${what} again`,
    timeoutMs: finishTimeoutMs,
    intervalMs: 250,
    probe: async () => {
      const job = await bossJob(queue, jobData);
      if (job && job.retryCount >= 1 && job.state !== 'retry') return done(job);
      return notYet(job ? `job ${job.state}, retry ${job.retryCount}` : 'no job');
    },
  });
  result.timings['job picked up again (kill → retry started)'] = since(killed);
  result.evidence.push(
    `the queue ran ${what} again ${formatDuration(result.timings['job picked up again (kill → retry started)'])} after the kill ` +
      `(attempt ${retry.retryCount + 1}; the dead worker's heartbeat had to go stale first)`,
  );

  const outcome = await waitFor({
    label: `${what} to finish after the restart`,
    timeoutMs: finishTimeoutMs,
    intervalMs: 250,
    probe: finished,
  });
  result.timings['job finished (kill → done)'] = since(killed);
  return outcome;
}
