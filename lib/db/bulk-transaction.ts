// An admin's change of many criteria at once runs in one transaction whose size grows with the selection: creating
// or closing an audit campaign changes every criterion of it (at 220,617 criteria, creating took 277 s and closing
// 277 s on the 2-core development machine; docs/performance.md, "Creating a campaign at full scale"), and the
// criteria browser's bulk actions change up to 5,000 (tagging 5,000 took 12 s on a busy machine). Each may take
// BULK_CHANGE_TIMEOUT_SECONDS; one that takes longer is rolled back, and the admin is told exactly that.
import 'server-only';
import { prisma } from '@/lib/db';
import { env } from '@/lib/env';
import { DomainError, isTransactionTimeout } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';

/** "15 minutes", "90 seconds": the time allowed, as the admin is told it. */
export function formatAllowedTime(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export async function bulkTransaction<T>(
  {
    doing,
    undone,
    advice,
    timeoutSeconds = env().BULK_CHANGE_TIMEOUT_SECONDS,
  }: {
    /** "Creating this campaign". */
    doing: string;
    /** What the rollback means for the admin: "no campaign was created and no criterion changed". */
    undone: string;
    /** What to do instead, before "or ask whoever runs the app to allow more time". */
    advice: string;
    timeoutSeconds?: number | undefined;
  },
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  try {
    return await prisma.$transaction(work, { timeout: timeoutSeconds * 1000, maxWait: 10_000 });
  } catch (error) {
    if (!isTransactionTimeout(error)) throw error;
    throw new DomainError(
      'UNAVAILABLE',
      `${doing} took longer than the ${formatAllowedTime(timeoutSeconds)} allowed, so it was undone: ${undone}. ${advice}, ` +
        'or ask whoever runs the app to allow more time (BULK_CHANGE_TIMEOUT_SECONDS).',
    );
  }
}
