// Runs once per server process, before the first request. Tags each request with its TCP peer's address, and
// starts the background-job workers inside the web process unless
// WORKERS_IN_APP=false (then `npm run worker` processes do the work). Never throws: a database that is down
// at boot must not turn every page into a 500, so the start is retried in the background.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before the first request: per-address sign-in limits need the TCP peer's address (lib/http/client-address.ts).
  const { installSocketAddressTap } = await import('./lib/http/socket-address');
  installSocketAddressTap();
  // Counts the event loop's stalls from the start (GET /api/metrics/db-pool answers them; npm run stress reports them).
  const { processEventLoopWatch } = await import('./lib/http/event-loop-stalls');
  processEventLoopWatch();
  const { startWorkersInBackground } = await import('./lib/workers/in-process');
  startWorkersInBackground();
}
