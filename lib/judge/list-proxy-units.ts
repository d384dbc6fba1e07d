// A PROXY run's stored predictions as units of proxy accuracy (lib/judge/proxy-accuracy.ts), read in one statement.
import 'server-only';
import { prisma } from '@/lib/db';
import type { ProxyPredictionUnit } from '@/lib/judge/proxy-accuracy';

export async function listProxyUnits({ runId }: { runId: number }): Promise<(ProxyPredictionUnit & { order: 'AB' | 'BA' })[]> {
  const rows = await prisma.$queryRaw<
    { query_id: number; a: number; b: number; choice: 'A' | 'B' | 'TIE'; preferred: number; order: 'AB' | 'BA' }[]
  >`
    SELECT query_id, response_a_id AS a, response_b_id AS b, choice::text AS choice, preferred_response_id AS preferred,
           presented_order::text AS order
      FROM proxy_predictions WHERE run_id = ${runId} ORDER BY id`;
  return rows.map((row) => ({
    queryId: row.query_id,
    pair: `${row.a}:${row.b}`,
    choice: row.choice,
    preferred: row.preferred === row.a ? 'A' : 'B',
    order: row.order,
  }));
}
