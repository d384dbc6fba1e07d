// The worker side of tools/bench/test-double-thread.ts: starts the judge test double with the options it was
// given, posts its URL, then answers 'stats' and 'close'.
import { parentPort, workerData } from 'node:worker_threads';
import type { TestDoubleThreadReply } from '@/tools/bench/test-double-thread';
import { type JudgeTestDoubleOptions, startJudgeTestDouble } from '@/tools/judge-test-double/server';

const port = parentPort;
if (!port) throw new Error('test-double-worker.ts runs on a worker thread only');
const reply = (message: TestDoubleThreadReply) => port.postMessage(message);

try {
  const double = await startJudgeTestDouble(workerData as JudgeTestDoubleOptions);
  port.on('message', (message: 'stats' | 'close') => {
    if (message === 'stats') reply({ stats: double.stats() });
    else
      double.close().then(
        () => reply({ closed: true }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
  });
  reply({ url: double.url });
} catch (error) {
  reply({ error: error instanceof Error ? error.message : String(error) });
}
