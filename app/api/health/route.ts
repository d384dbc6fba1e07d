// GET /api/health – liveness and database reachability, for load balancers and the start script. `pid` names the
// web worker that answered (npm start runs several on one port).
import { prisma } from '@/lib/db';

export async function GET() {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return Response.json({ ok: true, database: 'up', pid: process.pid });
  } catch {
    return Response.json({ ok: false, database: 'down', pid: process.pid }, { status: 503 });
  }
}
