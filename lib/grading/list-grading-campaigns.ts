// The grading campaigns for admins and reviewers on /audit: progress in gradings (responses × k), the clinician
// grades they produced, the sample they were drawn from, and live reservations (for the close button).
import 'server-only';
import { joinGradingCounters } from '@/lib/audit/campaign-counters-sql';
import { prisma } from '@/lib/db';

export interface GradingCampaignRow {
  id: number;
  name: string;
  status: 'OPEN' | 'CLOSED';
  overlapK: number;
  clinicians: number;
  responses: number;
  gradingsDone: number;
  gradingsTotal: number;
  clinicianGrades: number;
  liveReservations: number;
  datasetName: string | null;
  createdAt: string;
}

export async function listGradingCampaigns(): Promise<GradingCampaignRow[]> {
  const rows = await prisma.$queryRaw<
    {
      id: number;
      name: string;
      status: 'OPEN' | 'CLOSED';
      overlap_k: number;
      clinicians: number;
      responses: number;
      done: number;
      total: number;
      grades: number;
      live: number;
      dataset_name: string | null;
      created_at: Date;
    }[]
  >`
    SELECT c.id, c.name, c.status::text AS status, c.overlap_k, d.name AS dataset_name, c.created_at,
      (SELECT count(*)::int FROM campaign_experts ce WHERE ce.campaign_id = c.id) AS clinicians,
      COALESCE(counter.units, 0) AS responses, COALESCE(counter.submitted, 0) AS done, COALESCE(counter.wanted, 0) AS total,
      (SELECT count(*)::int FROM clinician_grades cg WHERE cg.campaign_id = c.id) AS grades,
      (SELECT count(*)::int FROM grading_assignments a WHERE a.campaign_id = c.id AND a.state = 'RESERVED'
         AND a.expires_at > timezone('UTC', now())) AS live
    FROM audit_campaigns c LEFT JOIN datasets d ON d.id = (c.selection->>'datasetId')::int
    ${joinGradingCounters('c.id', 'counter')}
    WHERE c.kind = 'GRADING'
    ORDER BY (c.status = 'OPEN') DESC, c.created_at DESC, c.id DESC`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    overlapK: row.overlap_k,
    clinicians: row.clinicians,
    responses: row.responses,
    gradingsDone: row.done,
    gradingsTotal: row.total,
    clinicianGrades: row.grades,
    liveReservations: row.live,
    datasetName: row.dataset_name,
    createdAt: row.created_at.toISOString(),
  }));
}
