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

const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|connect ENOENT \S*\.s\.PGSQL\.\d+|Connection terminated|terminating connection|server closed the connection|the database system is (starting up|shutting down|in recovery mode)|57P01|57P02|57P03|P1001|P1002|P1017|DatabaseNotReachable|Can't reach database|connect ETIMEDOUT|Client has encountered a connection error/i;

/**
 * True for errors that mean the database cannot be reached (outage, restart, exhausted connections),
 * however deeply wrapped: better-auth, Prisma's driver adapter and pg each wrap the socket error in their own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const text =
      typeof current === 'object'
        ? `${(current as Error).name} ${(current as Error).message} ${String((current as { code?: unknown }).code ?? '')}`
        : String(current);
    if (UNREACHABLE.test(text)) return true;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/** Its digest reaches the browser's error boundary as is (Next.js keeps a thrown error's own digest). */
export const DATABASE_UNAVAILABLE_DIGEST = 'DATABASE_UNAVAILABLE';

/** The database cannot be reached: pages show the outage notice, API routes answer 503. */
export class DatabaseUnavailableError extends Error {
  readonly digest = DATABASE_UNAVAILABLE_DIGEST;
  constructor(options?: { cause?: unknown }) {
    super('The database is unreachable right now.', options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Rethrows a database outage as DatabaseUnavailableError; anything else unchanged. */
export function rethrowOutage(error: unknown): never {
  if (isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)) throw new DatabaseUnavailableError({ cause: error });
  throw error;
}

export const OUTAGE_MESSAGE = 'The database is unreachable right now. Nothing was changed; try again shortly.';

/** Route handlers: a database outage answers 503 with a message and Retry-After, not an empty 500. */
export function withOutageResponse<A extends unknown[]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return Response.json({ error: OUTAGE_MESSAGE }, { status: 503, headers: { 'retry-after': '5' } });
    }
  };
}

/** Prisma's interactive-transaction timeout (P2028, "expired transaction"), as opposed to any other failure. */
export function isTransactionTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'P2028' || (typeof message === 'string' && /expired transaction|transaction.{0,40}timed? ?out/i.test(message));
}
