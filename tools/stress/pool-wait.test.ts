// The pool-wait reading of the stress report against a small loopback server standing in for the app's
// GET /api/metrics/db-pool: the window's waits per process (latest minus first answer), the totals, and the
// line printed when the route is missing (the run goes on).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSession } from '@/tools/stress/http-client';
import { PoolWaitMonitor, formatPoolWait } from '@/tools/stress/pool-wait';

const servers: http.Server[] = [];

/** A server answering the route with the next of `answers` (the last one repeated), or 404 when none. */
async function fakeApp(answers: object[] | null): Promise<HttpSession> {
  let calls = 0;
  const server = http.createServer((request, response) => {
    if (request.url !== '/api/metrics/db-pool' || answers === null) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('not found');
      return;
    }
    const answer = answers[Math.min(calls++, answers.length - 1)];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new HttpSession(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 5_000);
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('pool wait', () => {
  it('reports each process’s waits in the window and the total', async () => {
    const one = await fakeApp([
      { pid: 11, poolMax: 10, waits: 5, waitMsTotal: 50, waitMsMax: 20 },
      { pid: 11, poolMax: 10, waits: 9, waitMsTotal: 130, waitMsMax: 45 },
    ]);
    const two = await fakeApp([
      { pid: 22, poolMax: 10, waits: 0, waitMsTotal: 0, waitMsMax: 0 },
      { pid: 22, poolMax: 10, waits: 6, waitMsTotal: 60, waitMsMax: 30 },
    ]);
    const monitor = new PoolWaitMonitor([one, two]);
    await monitor.poll();
    const report = await monitor.stop();
    expect(report.status).toBe('measured');
    expect(report.processes).toEqual([
      { pid: 11, poolMax: 10, waits: 4, waitMsTotal: 80, waitMsMax: 45 },
      { pid: 22, poolMax: 10, waits: 6, waitMsTotal: 60, waitMsMax: 30 },
    ]);
    expect(formatPoolWait(report)).toEqual([
      'pool wait in the window (GET /api/metrics/db-pool; the max is since each process started):',
      '  process 11: 4 checkouts waited, mean 20.0 ms, max 45.0 ms (pool max 10)',
      '  process 22: 6 checkouts waited, mean 10.0 ms, max 30.0 ms (pool max 10)',
      '  total: 10 checkouts waited, mean 14.0 ms, max 45.0 ms',
    ]);
  });

  it('reports each process’s event-loop stalls in the window when the app answers them', async () => {
    const one = await fakeApp([
      {
        pid: 11,
        poolMax: 10,
        waits: 0,
        waitMsTotal: 0,
        waitMsMax: 0,
        loopStalls: 3,
        loopStallMsTotal: 400,
        loopStallMsMax: 200,
        loopStallCpuMsTotal: 100,
      },
      {
        pid: 11,
        poolMax: 10,
        waits: 0,
        waitMsTotal: 0,
        waitMsMax: 0,
        loopStalls: 13,
        loopStallMsTotal: 2900,
        loopStallMsMax: 650,
        loopStallCpuMsTotal: 1100,
      },
    ]);
    const monitor = new PoolWaitMonitor([one]);
    await monitor.poll();
    const report = await monitor.stop();
    expect(report.processes).toEqual([
      {
        pid: 11,
        poolMax: 10,
        waits: 0,
        waitMsTotal: 0,
        waitMsMax: 0,
        loopStalls: 10,
        loopStallMsTotal: 2500,
        loopStallMsMax: 650,
        loopStallCpuMsTotal: 1000,
      },
    ]);
    expect(formatPoolWait(report).slice(-2)).toEqual([
      'event-loop stalls in the window (a 20 ms timer 50 ms or more late: every request of that process waited; the max is since it started):',
      '  process 11: 10 stalls, 2.5 s in all, max 650 ms; the main thread on the CPU for 1.0 s of it (the rest waiting for a core or blocked)',
    ]);
  });

  it('says the route is missing when the app answers 404, without failing', async () => {
    const monitor = new PoolWaitMonitor([await fakeApp(null)]);
    await monitor.poll();
    const report = await monitor.stop();
    expect(report.status).toBe('route missing');
    expect(formatPoolWait(report)).toEqual(['pool wait: not available (route missing)']);
  });

  it('refuses an answer of the wrong shape rather than printing a made-up figure', async () => {
    const monitor = new PoolWaitMonitor([await fakeApp([{ pid: 1, waits: 'many' }])]);
    const report = await monitor.stop();
    expect(report.status).toBe('failed');
    expect(formatPoolWait(report)[0]).toMatch(/^pool wait: not available \(/);
  });
});
