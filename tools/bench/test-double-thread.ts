// The judge test double on a worker thread, for load benchmarks: a model server is not part of the engine's
// process, so answering must not queue on the event loop the engine (or the bare client) is measured on.
// The same server as startJudgeTestDouble; its stats are read by message.
import { Worker } from 'node:worker_threads';
import type { JudgeTestDoubleOptions, TestDoubleStats } from '@/tools/judge-test-double/server';

export interface TestDoubleThread {
  url: string;
  stats: () => Promise<TestDoubleStats>;
  /** Stops the server and the thread; safe to call more than once. */
  close: () => Promise<void>;
}

export type TestDoubleThreadReply = { url: string } | { stats: TestDoubleStats } | { closed: true } | { error: string };

export async function startTestDoubleThread(options: JudgeTestDoubleOptions): Promise<TestDoubleThread> {
  // A worker does not inherit the parent's module hooks: it registers tsx itself, then loads its TypeScript.
  const entry = new URL('./test-double-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, {
    eval: true,
    workerData: options,
  });
  const next = () =>
    new Promise<TestDoubleThreadReply>((resolve, reject) => {
      const onMessage = (reply: TestDoubleThreadReply) => {
        worker.off('error', onError);
        if ('error' in reply) reject(new Error(reply.error));
        else resolve(reply);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  let started: TestDoubleThreadReply;
  try {
    started = await next();
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  if (!('url' in started)) throw new Error('the test double thread did not start');
  // One request at a time: each reply answers the message before it.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <T extends TestDoubleThreadReply>(message: 'stats' | 'close'): Promise<T> => {
    const asked = queue.then(() => {
      const reply = next();
      worker.postMessage(message);
      return reply as Promise<T>;
    });
    queue = asked.catch(() => {});
    return asked;
  };
  let closing: Promise<void> | undefined;
  return {
    url: started.url,
    stats: async () => (await ask<{ stats: TestDoubleStats }>('stats')).stats,
    close: () => {
      closing ??= ask('close').then(
        async () => void (await worker.terminate()),
        async () => void (await worker.terminate()),
      );
      return closing;
    },
  };
}
