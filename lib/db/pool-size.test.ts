// The pool-size rule of `npm start` (lib/db/pool-size.ts): shares what max_connections leaves, never more than
// the cap, never less than one connection, and says when the server cannot hold that many processes.
import { describe, expect, it } from 'vitest';
import { choosePoolSize, JOB_QUEUE_POOL_MAX, POOL_MAX_CAP, RESERVED_CONNECTIONS, readMaxConnections } from '@/lib/db/pool-size';

describe('choosePoolSize', () => {
  it('gives one process the cap when max_connections is large (the embedded PostgreSQL has 200)', () => {
    expect(choosePoolSize({ maxConnections: 200, processes: 1 })).toEqual({ size: POOL_MAX_CAP, fits: true });
  });

  it('divides what the reserve and pg-boss leave between the processes, rounding down', () => {
    // PostgreSQL's default of 100 with 8 web workers and the job process: (100 − 10 − 9·4) / 9 = 6.
    expect(RESERVED_CONNECTIONS).toBe(10);
    expect(JOB_QUEUE_POOL_MAX).toBe(4);
    expect(choosePoolSize({ maxConnections: 100, processes: 9 })).toEqual({ size: 6, fits: true });
    expect(choosePoolSize({ maxConnections: 40, processes: 3 })).toEqual({ size: 6, fits: true });
    // Every process's pool and pg-boss's pools together stay within max_connections minus the reserve.
    for (const processes of [1, 2, 3, 5, 9, 17]) {
      for (const maxConnections of [30, 50, 100, 200, 500]) {
        const { size, fits } = choosePoolSize({ maxConnections, processes });
        if (fits) expect(processes * (size + JOB_QUEUE_POOL_MAX)).toBeLessThanOrEqual(maxConnections - RESERVED_CONNECTIONS);
        expect(size).toBeGreaterThanOrEqual(1);
        expect(size).toBeLessThanOrEqual(POOL_MAX_CAP);
      }
    }
  });

  it('falls back to one connection, and says it does not fit, when max_connections is too small', () => {
    expect(choosePoolSize({ maxConnections: 20, processes: 3 })).toEqual({ size: 1, fits: false });
  });
});

describe('readMaxConnections', () => {
  it("reads the test server's max_connections", async () => {
    const max = await readMaxConnections(process.env.DATABASE_URL ?? '');
    expect(Number.isInteger(max)).toBe(true);
    expect(max).toBeGreaterThan(RESERVED_CONNECTIONS);
  });
});
