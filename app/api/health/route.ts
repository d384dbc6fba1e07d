// GET /api/health – liveness and database reachability, for load balancers and the start script.
import { prisma } from '@/lib/db';

export async function GET() {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return Response.json({ ok: true, database: 'up' });
  } catch {
    return Response.json({ ok: false, database: 'down' }, { status: 503 });
  }
}
