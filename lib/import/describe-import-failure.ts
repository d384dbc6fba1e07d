// What a user is told when an import ends in an error nobody planned for: a plain sentence, never the raw
// driver or Prisma text (that goes to the log, where an operator can read it).
import { isDatabaseUnavailable } from '@/lib/errors';

export function describeImportFailure(error: unknown, logName = 'the server log'): string {
  if (isDatabaseUnavailable(error)) return 'the database could not be reached during the import; nothing was changed';
  return `the import failed because of an unexpected error and changed nothing; the details are in ${logName}`;
}
