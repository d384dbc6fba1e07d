// The reviews that marked the judge's overall verdict wrong, with the reviewer's comment and the criteria they
// rejected: what an admin reads to improve the judge or its meta-rubric. Admins only (reviewers would see
// other reviewers' opinions on pairs they may still be asked to judge blind). Canonical A/B terms.
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

export interface DisputedVerdict {
  judgmentId: number;
  comparisonId: number;
  queryExternalId: string;
  reviewer: string;
  /** −2 A much better .. +2 B much better. */
  preference: number;
  judgeWinner: string | null;
  comment: string | null;
  rejectedCriteria: string[];
  submittedAt: string;
}

export async function listDisputedVerdicts({ runId, take = 100 }: { runId?: number; take?: number }): Promise<DisputedVerdict[]> {
  const inRun = runId === undefined ? Prisma.empty : Prisma.sql`AND c.run_id = ${runId}`;
  const rows = await prisma.$queryRaw<
    {
      id: number;
      comparison_id: number;
      external_id: string;
      reviewer: string;
      preference: number;
      winner: string | null;
      comment: string | null;
      rejected: string[];
      submitted_at: Date;
    }[]
  >`
    SELECT j.id, j.comparison_id, q.external_id, u.name AS reviewer, j.preference, c.winner::text AS winner, j.comment,
           coalesce(array_agg(pc.title ORDER BY pc.position) FILTER (WHERE k.mark <> 'AGREE'), '{}') AS rejected,
           j.submitted_at
      FROM reviewer_judgments j
      JOIN users u ON u.id = j.reviewer_id
      JOIN pairwise_comparisons c ON c.id = j.comparison_id
      JOIN queries q ON q.id = c.query_id
      LEFT JOIN reviewer_criterion_marks k ON k.judgment_id = j.id
      LEFT JOIN pairwise_criteria pc ON pc.id = k.pairwise_criterion_id
     WHERE j.state = 'SUBMITTED' AND j.verdict_correct = false ${inRun}
     GROUP BY j.id, q.external_id, u.name, c.winner
     ORDER BY j.submitted_at DESC, j.id DESC
     LIMIT ${take}`;
  return rows.map((row) => ({
    judgmentId: row.id,
    comparisonId: row.comparison_id,
    queryExternalId: row.external_id,
    reviewer: row.reviewer,
    preference: row.preference,
    judgeWinner: row.winner,
    comment: row.comment,
    rejectedCriteria: row.rejected,
    submittedAt: row.submitted_at.toISOString(),
  }));
}
