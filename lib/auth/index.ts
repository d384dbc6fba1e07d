// better-auth: email and password, sessions in the database (no cookie cache, so a deactivation or
// sign-out takes effect on the next request on every instance), no public sign-up, no self-service profile
// edits (lib/auth/auth-routes.ts), and one password-attempt limit for every path that checks a password.
// Requests find their user through lib/auth/session-lookup.ts, which answers the common case itself and hands
// every other to better-auth's getSession.
import 'server-only';
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { nextCookies } from 'better-auth/next-js';
import { MANAGED_BY_ADMIN, PASSWORD_PATHS, USER_WRITE_PATHS } from '@/lib/auth/auth-routes';
import { passwordHashing } from '@/lib/auth/password-hashing';
import { guardPasswordAttempt } from '@/lib/auth/throttle';
import { authPrisma } from '@/lib/db';
import { env } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER, clientAddress } from '@/lib/http/client-address';

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

/**
 * Runs before every endpoint, over HTTP and from server code: refuses the self-service user edits, and counts a
 * password attempt (per account, per trusted client address) before any password is checked.
 */
const beforeEndpoint = createAuthMiddleware(async (ctx) => {
  if (USER_WRITE_PATHS.includes(ctx.path)) throw new APIError('FORBIDDEN', { code: 'MANAGED_BY_ADMIN', message: MANAGED_BY_ADMIN });
  if (!PASSWORD_PATHS.includes(ctx.path)) return;
  const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
  const account =
    ctx.path === '/sign-in/email' ? (typeof email === 'string' ? email : null) : ((await getSessionFromCtx(ctx))?.user.email ?? null);
  const wait = await guardPasswordAttempt({ account, address: clientAddress(ctx.headers ?? new Headers()) });
  if (wait > 0) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_ATTEMPTS', message: `Too many sign-in attempts. Try again in ${wait} seconds.`, retryAfter: wait },
      { 'X-Retry-After': String(wait) },
    );
  }
});

function createAuth() {
  const appUrl = env().APP_URL;
  return betterAuth({
    appName: 'Rubric Audit',
    secret: env().BETTER_AUTH_SECRET,
    // With no APP_URL, any localhost port is accepted (the app and its tests pick free ports).
    baseURL: appUrl ?? { allowedHosts: ['localhost:*', '127.0.0.1:*'], protocol: 'http' },
    database: prismaAdapter(authPrisma, { provider: 'postgresql', transaction: true }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: passwordHashing,
    },
    user: {
      additionalFields: {
        role: { type: ['ADMIN', 'REVIEWER', 'EXPERT'], required: true, defaultValue: 'EXPERT', input: false },
        specialties: { type: 'string[]', required: true, defaultValue: [], input: false },
        active: { type: 'boolean', required: true, defaultValue: true, input: false },
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 60 * 60,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      // Password endpoints are limited by beforeEndpoint (per account as well as per address), not here.
      customRules: Object.fromEntries(PASSWORD_PATHS.map((path) => [path, false as const])),
    },
    advanced: {
      useSecureCookies: appUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // Set by app/api/auth from the socket address or TRUSTED_PROXY_HOPS; never the client's own X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // Runs after the password check, so a wrong password never reveals whether an account is inactive.
          before: async (session) => {
            const user = await authPrisma.user.findUnique({ where: { id: session.userId }, select: { active: true } });
            if (!user?.active) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_INACTIVE', message: 'This account is deactivated.' });
            }
          },
        },
      },
    },
    disabledPaths: [...USER_WRITE_PATHS],
    hooks: { before: beforeEndpoint },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

type Auth = ReturnType<typeof createAuth>;
const holder = globalThis as unknown as { __rubricAuditAuth?: Auth };

/** Created on first use, so `next build` never needs the secret or the database. */
export function auth(): Auth {
  holder.__rubricAuditAuth ??= createAuth();
  return holder.__rubricAuditAuth;
}
