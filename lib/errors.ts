// Two kinds of errors. A DomainError is expected (bad input, a conflict, a forbidden step) and its message
// goes back to the user verbatim. Anything else is unexpected: logged, and replaced by a generic message.

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'INVALID' | 'NOT_FOUND' | 'CONFLICT' | 'UNAVAILABLE';

export class DomainError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const forbidden = (message = 'You do not have access to this.') => new DomainError('FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const invalid = (message: string, fieldErrors?: Record<string, string[]>) => new DomainError('INVALID', message, fieldErrors);

/** True for errors that mean the database cannot be reached (outage, restart, exhausted connections). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.name} ${error.message} ${(error as { code?: string }).code ?? ''}` : error);
  return /ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|the database system is (starting up|shutting down)|57P01|57P03|DatabaseNotReachable|Can't reach database|connect ETIMEDOUT/i.test(
    text,
  );
}
