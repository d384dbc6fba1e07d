// A fixed-window attempt counter in the rate_limits table, shared by every web instance. better-auth's own
// limiter only guards its HTTP routes; sign-in from a server action goes through here.
import { randomUUID } from 'node:crypto';
import { prisma } from '@/lib/db';

/** Counts one attempt for `key`; returns 0 when allowed, else the seconds to wait. */
export async function consumeAttempt(key: string, max: number, windowSeconds: number): Promise<number> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const rows = await prisma.$queryRaw<{ count: number; last_request: bigint }[]>`
    INSERT INTO rate_limits (id, key, count, last_request) VALUES (${randomUUID()}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count        = CASE WHEN rate_limits.last_request <= ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = CASE WHEN rate_limits.last_request <= ${windowStart} THEN ${now} ELSE rate_limits.last_request END
    RETURNING count, last_request`;
  const row = rows[0];
  if (!row || row.count <= max) return 0;
  return Math.max(1, Math.ceil((Number(row.last_request) + windowSeconds * 1000 - now) / 1000));
}
