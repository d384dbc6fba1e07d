// The demo dataset with a closed campaign of three verdicts per criterion (the dashboard bench's fixture), and
// the check that the dashboard counts what the bench's hand-written statement counts from the verdicts. Shared by
// the dashboard bench's tests and the maintained-counts tests.
import type pg from 'pg';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { ensureBenchUsers, expertId } from '@/lib/bench/operations/claim-next';
import {
  type AuditedCampaign,
  BENCH_REVIEWER_ID,
  appCounts,
  buildAuditedCampaign,
  compareCounts,
  rawCounts,
  rawDashboard,
} from '@/lib/bench/operations/dashboard';
import { pgPool, prisma } from '@/lib/db';
import { seedDemo } from '@/lib/seed/seed-demo';

export const AUDIT_EXPERTS = Array.from({ length: 4 }, (_, index) => expertId(index));

/** Seeds the demo and audits the whole dataset (`before` runs between the two, e.g. to vary criteria). */
export async function auditedDemo(
  seed: number,
  before?: (datasetId: number) => Promise<unknown>,
): Promise<{ db: pg.Pool; campaign: AuditedCampaign }> {
  await seedDemo({ log: () => {} });
  const db = pgPool();
  const admin = await prisma.user.findFirstOrThrow({ where: { role: 'ADMIN' } });
  const dataset = await prisma.dataset.findFirstOrThrow();
  await ensureBenchUsers(db, { REVIEWER: [BENCH_REVIEWER_ID], EXPERT: AUDIT_EXPERTS });
  await before?.(dataset.id);
  const campaign = await buildAuditedCampaign(db, {
    datasetId: dataset.id,
    experts: AUDIT_EXPERTS,
    reviewerId: BENCH_REVIEWER_ID,
    actorId: admin.id,
    seed,
  });
  return { db, campaign };
}

/** The counts where computeDashboard and the raw statement differ (none when they agree). */
export async function dashboardVsRaw(db: pg.Pool): Promise<string[]> {
  return compareCounts(appCounts(await computeDashboard({})), rawCounts(await rawDashboard(db)));
}
