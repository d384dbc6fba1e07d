// GET /api/pairwise/export?run=<id>&minReviewers=<n> – streams reviewer-verified preference pairs as JSONL
// (lib/pairwise/export-verified-pairs.ts); admins only, because the file holds reviewers' preferences and the
// judge's verdicts on pairs other reviewers may still be asked to judge blind.
import { withOutageResponse } from '@/lib/errors';
import { getCurrentUser } from '@/lib/auth/session';
import { exportVerifiedPairs } from '@/lib/pairwise/export-verified-pairs';
import { exportQuerySchema } from '@/lib/pairwise/schemas';

export const dynamic = 'force-dynamic';

export const GET = withOutageResponse(async (request: Request) => {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: 'Please sign in again.' }, { status: 401 });
  if (user.role !== 'ADMIN') return Response.json({ error: 'Only admins can export verified pairs.' }, { status: 403 });
  const url = new URL(request.url);
  const parsed = exportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return Response.json({ error: 'run must be a run id and minReviewers a number from 1 to 20.' }, { status: 400 });
  }
  const { run, minReviewers } = parsed.data;
  const lines = exportVerifiedPairs({ runId: run, minReviewers });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const name = `verified-pairs${run ? `-run-${run}` : ''}.jsonl`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
});
