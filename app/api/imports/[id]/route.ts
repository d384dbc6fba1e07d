// GET /api/imports/[id] – an import job's status, progress and (when finished) its summary; admins only.
import { withOutageResponse } from '@/lib/errors';
import { getCurrentUser } from '@/lib/auth/session';
import { getImportJob } from '@/lib/import/get-import-job';
import { parseRouteId } from '@/lib/http/route-params';

export const GET = withOutageResponse(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: 'Please sign in again.' }, { status: 401 });
  if (user.role !== 'ADMIN') return Response.json({ error: 'Only admins can see imports.' }, { status: 403 });
  const id = parseRouteId((await context.params).id);
  if (id === null) return Response.json({ error: 'No such import.' }, { status: 404 });
  const job = await getImportJob(id);
  if (!job) return Response.json({ error: 'No such import.' }, { status: 404 });
  return Response.json(job);
});
