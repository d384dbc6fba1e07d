// The PROXY judge task (Proxy-GRM): one verified pair × one presented order → a ProxyPrediction, the response the
// judge says the rubric favours when the rubric is its only evidence. The pair, the humans' preference and the
// rubric (criterion ids) are fixed in the payload when the run is planned (lib/discriminability/plan-proxy-run.ts);
// the prediction is stored in canonical A/B terms (A the lower response id) whatever order the judge saw.
import type { ModelRequest } from '@/lib/judge/call-model';
import { Prisma } from '@/lib/generated/prisma/client';
import { buildProxyPrompt } from '@/lib/judge/proxy-prompt';
import { PROXY_SCHEMA_NAME, type ProxyOutput, proxyJsonSchema, proxyOutputSchema } from '@/lib/judge/proxy-schema';
import { parseConversation } from '@/lib/judge/prompts';
import { z } from '@/lib/zod';
import type { TaskKind } from '@/lib/judge/task-kinds';

/** A PROXY task's payload, written by the planner and read back here. */
export const proxyPayloadSchema = z.object({
  queryId: z.number().int(),
  responseAId: z.number().int(),
  responseBId: z.number().int(),
  preferredResponseId: z.number().int(),
  basis: z.enum(['reviewers', 'clinician-grades']),
  comparisonId: z.number().int().nullable(),
  criterionIds: z.array(z.number().int()).min(1),
  order: z.enum(['AB', 'BA']),
});
export type ProxyPayload = z.infer<typeof proxyPayloadSchema>;

const swap = { A: 'B', B: 'A', TIE: 'TIE' } as const;

export const proxyTask: TaskKind = {
  async buildRequest(payload, context) {
    const task = proxyPayloadSchema.parse(payload);
    const [responses, criteria, query] = await Promise.all([
      context.prisma.response.findMany({
        where: { id: { in: [task.responseAId, task.responseBId] } },
        select: { id: true, content: true },
      }),
      context.prisma.criterion.findMany({
        where: { id: { in: task.criterionIds } },
        select: { id: true, title: true, description: true, points: true },
      }),
      context.prisma.query.findUniqueOrThrow({ where: { id: task.queryId }, select: { conversation: true } }),
    ]);
    const text = (id: number) => {
      const response = responses.find((row) => row.id === id);
      if (!response) throw new Error(`response ${id} of the pair is missing`);
      return response.content;
    };
    // The rubric in the order the planner fixed; a criterion deleted since is left out.
    const rubric = task.criterionIds.flatMap((id) => criteria.filter((criterion) => criterion.id === id));
    if (rubric.length === 0) throw new Error(`none of the rubric's criteria of query ${task.queryId} exists any more`);
    const [first, second] = task.order === 'AB' ? [task.responseAId, task.responseBId] : [task.responseBId, task.responseAId];
    const prompt = buildProxyPrompt({
      conversation: parseConversation(query.conversation),
      rubric,
      responseA: text(first),
      responseB: text(second),
    });
    const messages: ModelRequest['messages'] = [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ];
    return {
      template: 'proxy',
      request: { messages, schemaName: PROXY_SCHEMA_NAME, jsonSchema: proxyJsonSchema },
      parse: (value) => proxyOutputSchema.parse(value),
    };
  },
  resultInsert({ payload, parsed, callId, context }) {
    const task = proxyPayloadSchema.parse(payload);
    const output = proxyOutputSchema.parse(parsed) as ProxyOutput;
    // In order BA the judge saw B as "A": its choice is swapped back to canonical terms.
    const choice = task.order === 'AB' ? output.preferred : swap[output.preferred];
    return Prisma.sql`
      INSERT INTO proxy_predictions (run_id, query_id, response_a_id, response_b_id, presented_order, preferred_response_id, basis,
                                     comparison_id, criterion_ids, judge_call_id, choice, explanation)
      SELECT ${context.run.id}, ${task.queryId}, ${task.responseAId}, ${task.responseBId}, ${task.order}::"PresentedOrder",
             ${task.preferredResponseId}, ${task.basis}, ${task.comparisonId}, ${task.criterionIds}::int[], ${callId},
             ${choice}::"PairChoice", ${output.explanation}
        FROM done
      ON CONFLICT (run_id, response_a_id, response_b_id, presented_order) DO NOTHING`;
  },
};
