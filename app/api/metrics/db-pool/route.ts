// GET /api/metrics/db-pool – this web worker's connection pool: its size and how long checkouts waited for a
// free connection (lib/db/pool-waits.ts), and how long its event loop stalled (lib/http/event-loop-stalls.ts).
// Admins only; `npm run stress` polls it to report both.
import { getCurrentUser } from '@/lib/auth/session';
import { poolMetrics } from '@/lib/db';
import { withOutageResponse } from '@/lib/errors';
import { processEventLoopWatch } from '@/lib/http/event-loop-stalls';

export const dynamic = 'force-dynamic';

export const GET = withOutageResponse(async () => {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: 'Please sign in again.' }, { status: 401 });
  if (user.role !== 'ADMIN') return Response.json({ error: 'Only admins can read the pool metrics.' }, { status: 403 });
  const { pid, poolMax, waits, waitMsTotal, waitMsMax } = poolMetrics();
  const loop = processEventLoopWatch().read();
  return Response.json({
    pid,
    poolMax,
    waits,
    waitMsTotal,
    waitMsMax,
    loopStalls: loop.stalls,
    loopStallMsTotal: loop.stallMsTotal,
    loopStallMsMax: loop.stallMsMax,
    loopStallCpuMsTotal: loop.stallCpuMsTotal,
  });
});
