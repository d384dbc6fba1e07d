// Password attempts are limited per account and per client address, in the rate_limits table shared by every
// web instance. One implementation for every path that checks a password: better-auth runs guardPasswordAttempt
// in its `before` hook (lib/auth.ts), so the sign-in form's server action and the HTTP routes
// (/api/auth/sign-in/email, /change-password, …) count against the same buckets.
import { randomUUID } from 'node:crypto';
import { prisma } from '@/lib/db';
import { env } from '@/lib/env';

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
  // The window may have been opened by a concurrent request whose clock read a few milliseconds after ours:
  // the wait is never longer than the window itself.
  return Math.min(windowSeconds, Math.max(1, Math.ceil((Number(row.last_request) + windowSeconds * 1000 - now) / 1000)));
}

const WINDOW_SECONDS = 60;

/**
 * Counts one password attempt from `address` against `account` (an email; null when the request names none)
 * and returns the seconds to wait, 0 when allowed. Counted even when the password turns out right, so a
 * locked account stays locked for the whole window and a right guess is not revealed.
 */
export async function guardPasswordAttempt({ account, address }: { account: string | null; address: string }): Promise<number> {
  const limit = env().SIGN_IN_ATTEMPTS_PER_MINUTE;
  const accountLimit = env().SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE ?? limit;
  const waitAddress = await consumeAttempt(`sign-in:ip:${address}`, limit * 2, WINDOW_SECONDS);
  const waitAccount = account ? await consumeAttempt(`sign-in:account:${account.trim().toLowerCase()}`, accountLimit, WINDOW_SECONDS) : 0;
  return Math.max(waitAddress, waitAccount);
}
