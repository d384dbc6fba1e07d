// The dashboard bench's correctness check as a test oracle: the counts computeDashboard shows against the ones
// the bench's hand-written statement computes from the verdicts (tools/bench/operations/dashboard.ts).
import type pg from 'pg';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { appCounts, compareCounts, rawCounts, rawDashboard } from '@/tools/bench/operations/dashboard';

/** The counts where computeDashboard and the raw statement differ (none when they agree). */
export async function dashboardVsRaw(db: pg.Pool): Promise<string[]> {
  return compareCounts(appCounts(await computeDashboard({})), rawCounts(await rawDashboard(db)));
}
