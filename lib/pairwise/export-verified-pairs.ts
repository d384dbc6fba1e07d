// Reviewer-verified preference pairs as JSONL, for preference training (DPO-style chosen/rejected) and for
// auditing. A pair is verified when at least `minReviewers` reviewers submitted a review of it and all of them
// preferred the same response (no tie). Its criteria are the judge's adaptive criteria that the reviewers
// kept: more AGREE marks than DISAGREE and NOT_RELEVANT together, with the side each favours. Lines come in
// comparison id order, read in pages by id, so the output is deterministic and memory stays flat. Response
// sources (generator model names) are not exported.
import { prisma } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { verifiedComparisonsSql } from '@/lib/pairwise/verified-comparisons-sql';

export interface VerifiedPairLine {
  id: string;
  run_id: number;
  comparison_id: number;
  dataset: string;
  query_id: string;
  category: string;
  department: string | null;
  language: string;
  meta_rubric_version: string | null;
  prompt: { role: string; content: string }[];
  chosen: { response_id: string; content: string };
  rejected: { response_id: string; content: string };
  /** Mean |preference| of the reviewers: 1 "better" .. 2 "much better". */
  strength: number;
  reviewers: number;
  judge_winner: 'chosen' | 'rejected' | 'tie' | null;
  judge_position_consistent: boolean | null;
  judge_verdict_marked_correct: number;
  criteria: {
    title: string;
    description: string;
    weight_class: string;
    hard_flaw: boolean;
    favours: 'chosen' | 'rejected' | 'tie';
    evidence: string;
    marks: { agree: number; disagree: number; not_relevant: number };
  }[];
}

interface PairRow {
  id: number;
  run_id: number;
  dataset: string;
  query_id: string;
  category: string;
  department: string | null;
  language: string;
  conversation: unknown;
  version: string | null;
  a_id: string;
  a_content: string;
  b_id: string;
  b_content: string;
  winner: 'A' | 'B' | 'TIE' | null;
  position_consistent: boolean | null;
  reviewers: number;
  side: number;
  strength: number;
  marked_correct: number;
}

const PAGE = 200;

function side(choice: string | null, chosen: 'A' | 'B'): 'chosen' | 'rejected' | 'tie' | null {
  if (choice === null) return null;
  if (choice === 'TIE') return 'tie';
  return choice === chosen ? 'chosen' : 'rejected';
}

async function page({ runId, minReviewers, afterId }: { runId?: number; minReviewers: number; afterId: number }): Promise<PairRow[]> {
  const inRun = runId === undefined ? Prisma.empty : Prisma.sql`AND c.run_id = ${runId}`;
  return await prisma.$queryRaw<PairRow[]>`
    WITH rv AS (${verifiedComparisonsSql({ minReviewers })})
    SELECT c.id, c.run_id, d.name AS dataset, q.external_id AS query_id, q.category::text AS category, q.department, q.language,
           q.conversation, m.domain || ' v' || v.number AS version,
           ra.external_id AS a_id, ra.content AS a_content, rb.external_id AS b_id, rb.content AS b_content,
           c.winner::text AS winner, c.position_consistent, rv.reviewers, rv.side, rv.strength, rv.marked_correct
      FROM rv
      JOIN pairwise_comparisons c ON c.id = rv.comparison_id
      JOIN queries q ON q.id = c.query_id
      JOIN datasets d ON d.id = q.dataset_id
      JOIN responses ra ON ra.id = c.response_a_id
      JOIN responses rb ON rb.id = c.response_b_id
      LEFT JOIN meta_rubric_versions v ON v.id = c.meta_rubric_version_id
      LEFT JOIN meta_rubrics m ON m.id = v.meta_rubric_id
     WHERE c.id > ${afterId} ${inRun}
     ORDER BY c.id
     LIMIT ${PAGE}`;
}

export async function* exportVerifiedPairs({
  runId,
  minReviewers = 1,
}: {
  runId?: number;
  minReviewers?: number;
} = {}): AsyncGenerator<VerifiedPairLine> {
  let afterId = 0;
  for (;;) {
    const rows = await page({ runId, minReviewers, afterId });
    if (rows.length === 0) return;
    const criteria = await prisma.pairwiseCriterion.findMany({
      where: { comparisonId: { in: rows.map((row) => row.id) } },
      orderBy: [{ comparisonId: 'asc' }, { position: 'asc' }],
      select: {
        comparisonId: true,
        title: true,
        description: true,
        weightClass: true,
        hardFlaw: true,
        choice: true,
        evidence: true,
        marks: { where: { judgment: { state: 'SUBMITTED' } }, select: { mark: true } },
      },
    });
    for (const row of rows) {
      // side = sign of the canonical preference: −1 → A preferred, +1 → B preferred.
      const chosen = row.side < 0 ? 'A' : 'B';
      const a = { response_id: row.a_id, content: row.a_content };
      const b = { response_id: row.b_id, content: row.b_content };
      yield {
        id: `pairwise-${row.id}`,
        run_id: row.run_id,
        comparison_id: row.id,
        dataset: row.dataset,
        query_id: row.query_id,
        category: row.category,
        department: row.department,
        language: row.language,
        meta_rubric_version: row.version,
        prompt: Array.isArray(row.conversation) ? (row.conversation as { role: string; content: string }[]) : [],
        chosen: chosen === 'A' ? a : b,
        rejected: chosen === 'A' ? b : a,
        strength: Math.round(row.strength * 1000) / 1000,
        reviewers: row.reviewers,
        judge_winner: side(row.winner, chosen),
        judge_position_consistent: row.position_consistent,
        judge_verdict_marked_correct: row.marked_correct,
        criteria: criteria
          .filter((criterion) => criterion.comparisonId === row.id)
          .map((criterion) => {
            const count = (mark: string) => criterion.marks.filter((m) => m.mark === mark).length;
            const marks = { agree: count('AGREE'), disagree: count('DISAGREE'), not_relevant: count('NOT_RELEVANT') };
            return { criterion, marks };
          })
          .filter(({ marks }) => marks.agree > marks.disagree + marks.not_relevant)
          .map(({ criterion, marks }) => ({
            title: criterion.title,
            description: criterion.description,
            weight_class: criterion.weightClass,
            hard_flaw: criterion.hardFlaw,
            favours: side(criterion.choice, chosen) ?? 'tie',
            evidence: criterion.evidence,
            marks,
          })),
      };
    }
    afterId = rows.at(-1)?.id ?? afterId;
    if (rows.length < PAGE) return;
  }
}
