// better-auth: email and password, sessions in the database (no cookie cache, so a deactivation or
// sign-out takes effect on the next request on every instance), no public sign-up.
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { APIError } from 'better-auth/api';
import { nextCookies } from 'better-auth/next-js';
import { authPrisma } from '@/lib/db';
import { env } from '@/lib/env';

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

function createAuth() {
  const appUrl = env().APP_URL;
  return betterAuth({
    appName: 'Rubric Audit',
    secret: env().BETTER_AUTH_SECRET,
    // With no APP_URL, any localhost port is accepted (the app and its tests pick free ports).
    baseURL: appUrl ?? { allowedHosts: ['localhost:*', '127.0.0.1:*'], protocol: 'http' },
    database: prismaAdapter(authPrisma, { provider: 'postgresql', transaction: true }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
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
      customRules: { '/sign-in/email': { window: 60, max: env().SIGN_IN_ATTEMPTS_PER_MINUTE } },
    },
    advanced: {
      useSecureCookies: appUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
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
