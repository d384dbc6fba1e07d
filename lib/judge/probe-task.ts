// The PROBE task: one response × one criterion, graded as the original or as the run's stored variant of it
// (lib/judge/probe-variants.ts), with the GRADE task's prompt and answer schema. The original's request is the one a
// GRADE run sends, so its stored answer is reused; the pair of grades is what the paired score shift compares.
import { Prisma } from '@/lib/generated/prisma/client';
import { buildGradeRequest } from '@/lib/judge/grade-request';
import { parseConversation } from '@/lib/judge/prompts';
import { type GradeOutput, gradeOutputSchema } from '@/lib/judge/schemas';
import type { TaskKind } from '@/lib/judge/task-kinds';

interface ProbePayload {
  responseId: number;
  criterionId: number;
  variant: boolean;
}

function probePayload(payload: Prisma.JsonValue): ProbePayload {
  const value = payload as Partial<ProbePayload> | null;
  if (typeof value?.responseId !== 'number' || typeof value.criterionId !== 'number' || typeof value.variant !== 'boolean') {
    throw new Error('the task’s payload is not a probe (responseId, criterionId, variant)');
  }
  return { responseId: value.responseId, criterionId: value.criterionId, variant: value.variant };
}

export const probe: TaskKind = {
  async buildRequest(payload, context) {
    const { responseId, criterionId, variant } = probePayload(payload);
    const rows = await context.prisma.$queryRaw<
      {
        content: string;
        conversation: Prisma.JsonValue;
        title: string;
        description: string;
        points: number;
        revision: number;
        variant_content: string | null;
        variant_conversation: Prisma.JsonValue | null;
      }[]
    >`
      SELECT r.content, q.conversation, c.title, c.description, c.points, c.revision,
             v.content AS variant_content, v.conversation AS variant_conversation
        FROM responses r JOIN queries q ON q.id = r.query_id
        JOIN criteria c ON c.id = ${criterionId}
        LEFT JOIN probe_variants v ON v.run_id = ${context.run.id} AND v.response_id = r.id
       WHERE r.id = ${responseId}`;
    const row = rows[0];
    if (!row) throw new Error(`response ${responseId} or criterion ${criterionId} not found`);
    if (variant && row.variant_content === null) throw new Error(`the run stored no variant of response ${responseId}`);
    return buildGradeRequest({
      conversation: parseConversation(variant ? row.variant_conversation : row.conversation),
      response: variant ? (row.variant_content as string) : row.content,
      criterion: row,
    });
  },
  // As a grade: the points of the criterion revision the prompt read.
  resultInsert({ payload, parsed, callId, context, built }) {
    const output = gradeOutputSchema.parse(parsed) as GradeOutput;
    const { responseId, criterionId, variant } = probePayload(payload);
    const revision = built.criterionRevision ?? 0;
    return Prisma.sql`
      INSERT INTO probe_grades (run_id, response_id, criterion_id, variant, judge_call_id, met, points_awarded, criterion_revision, explanation)
      SELECT ${context.run.id}, ${responseId}, ${criterionId}, ${variant}, ${callId}, ${output.criteria_met},
             CASE WHEN ${output.criteria_met} THEN (SELECT r.points FROM criterion_revisions r
                                                     WHERE r.criterion_id = ${criterionId} AND r.revision = ${revision})
                  ELSE 0 END,
             ${revision}, ${output.explanation}
        FROM done
      ON CONFLICT (run_id, response_id, criterion_id, variant) DO NOTHING`;
  },
};
