// Plans a PROXY run (lib/judge/proxy-task.ts): one task per verified pair of the scoped queries and presented
// order, each carrying the pair, the humans' preference and the rubric it is judged with (the query's criteria not
// rejected, or only those generated under the run's meta-rubric version), fixed now so a resumed run asks the same.
import 'server-only';
import { prisma } from '@/lib/db';
import type { PlannedTask, RunPlanner } from '@/lib/judge/create-run';
import type { ProxyPayload } from '@/lib/judge/proxy-task';
import { listVerifiedPairs } from '@/lib/discriminability/verified-pairs';

export const planProxyRun: RunPlanner = async (input, queryIds) => {
  if (input.kind !== 'PROXY') throw new Error(`planProxyRun plans PROXY runs, not ${input.kind}`);
  const endpointId = input.endpointIds[0] as number;
  const inScope = new Set(queryIds);
  const pairs = (await listVerifiedPairs({ datasetId: input.datasetId, minGradeDifference: input.minGradeDifference })).filter((pair) =>
    inScope.has(pair.queryId),
  );
  const version = input.metaRubricVersionId ?? null;
  const rows = await prisma.$queryRaw<{ query_id: number; criterion_ids: number[]; chars: number }[]>`
    SELECT c.query_id, array_agg(c.id ORDER BY c.position, c.id) AS criterion_ids,
           (sum(length(c.title) + length(c.description)) + max(length(q.conversation::text)))::int AS chars
      FROM criteria c JOIN queries q ON q.id = c.query_id
      LEFT JOIN criterion_provenance p ON p.criterion_id = c.id
     WHERE c.query_id = ANY(${[...new Set(pairs.map((pair) => pair.queryId))]}::int[]) AND c.status <> 'REJECTED'
       AND (${version}::int IS NULL OR p.meta_rubric_version_id = ${version}::int)
     GROUP BY c.query_id`;
  const rubrics = new Map(rows.map((row) => [row.query_id, row]));
  const lengths = new Map(
    (
      await prisma.response.findMany({
        where: { id: { in: pairs.flatMap((pair) => [pair.preferredResponseId, pair.otherResponseId]) } },
        select: { id: true, content: true },
      })
    ).map((response) => [response.id, response.content.length]),
  );
  const tasks: PlannedTask[] = [];
  for (const pair of pairs) {
    const rubric = rubrics.get(pair.queryId);
    if (!rubric) continue;
    const [a, b] = [pair.preferredResponseId, pair.otherResponseId].sort((x, y) => x - y) as [number, number];
    for (const order of ['AB', 'BA'] as const) {
      const payload: ProxyPayload = {
        queryId: pair.queryId,
        responseAId: a,
        responseBId: b,
        preferredResponseId: pair.preferredResponseId,
        basis: pair.basis,
        comparisonId: pair.comparisonId,
        criterionIds: rubric.criterion_ids,
        order,
      };
      tasks.push({
        key: `proxy:${a}:${b}:${order}`,
        endpointId,
        payload: { ...payload },
        chars: rubric.chars + (lengths.get(a) ?? 0) + (lengths.get(b) ?? 0),
      });
    }
  }
  return tasks;
};
