// The one way to write a server action: authenticate, authorize by role, parse the input with zod, run the
// domain function, revalidate, and return a typed result. Each action carries its allowed roles in `meta`,
// which the role-matrix test enumerates, so an action without a declared policy cannot exist.
import { revalidatePath } from 'next/cache';
import type { z } from '@/lib/zod';
import type { Role, SessionUser } from '@/lib/auth/roles';
import { getCurrentUser } from '@/lib/auth/session';
import { DomainError, type ErrorCode, isDatabaseUnavailable } from '@/lib/errors';
import { findUnstorableText } from '@/lib/security/unstorable-text';

export type ActionResult<T> =
  | { ok: true; data: T; message?: string }
  | { ok: false; code: ErrorCode | 'ERROR'; error: string; fieldErrors?: Record<string, string[]> };

export interface ActionContext {
  user: SessionUser;
  /** Paths to revalidate after success (ignored outside a Next.js request, e.g. in tests). */
  revalidate: (...paths: string[]) => void;
}

export interface ActionMeta {
  name: string;
  roles: readonly Role[];
  /** The input schema, so tests can walk every field of every action (lib/security/hostile-inputs.test.ts). */
  input: z.ZodType;
}

export type ServerAction<I, T> = ((input: I | FormData) => Promise<ActionResult<T>>) & { meta: ActionMeta };

/** FormData to a plain object: repeated keys become arrays, empty strings are dropped (= "not given"). */
export function formDataToObject(formData: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(formData.keys())) {
    if (key.startsWith('$ACTION')) continue;
    const values = formData.getAll(key).filter((value) => value !== '');
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (key.endsWith('[]')) out[name] = values;
    else if (values.length === 1) out[name] = values[0];
    else if (values.length > 1) out[name] = values;
  }
  return out;
}

export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return fieldErrors;
}

export function defineAction<S extends z.ZodType, T>(
  meta: { name: string; roles: readonly Role[]; input: S },
  handler: (input: z.output<S>, context: ActionContext) => Promise<T | { data: T; message: string }>,
): ServerAction<z.input<S>, T> {
  const action = async (raw: z.input<S> | FormData): Promise<ActionResult<T>> => {
    const user = await getCurrentUser().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) return 'unavailable' as const;
      throw error;
    });
    if (user === 'unavailable') {
      return {
        ok: false,
        code: 'UNAVAILABLE',
        error: 'The database is unreachable right now. Your input was not saved; try again shortly.',
      };
    }
    if (!user) return { ok: false, code: 'UNAUTHENTICATED', error: 'Please sign in again.' };
    if (!meta.roles.includes(user.role)) {
      return { ok: false, code: 'FORBIDDEN', error: 'You do not have access to this.' };
    }
    const input = raw instanceof FormData ? formDataToObject(raw) : raw;
    // Text PostgreSQL would refuse (NUL) or silently alter (a lone surrogate) is refused here, for every action.
    const unstorable = findUnstorableText(input);
    if (unstorable) {
      const field = unstorable.path.join('.') || '_';
      return { ok: false, code: 'INVALID', error: 'Please correct the highlighted fields.', fieldErrors: { [field]: [unstorable.reason] } };
    }
    const parsed = meta.input.safeParse(input);
    if (!parsed.success) {
      return { ok: false, code: 'INVALID', error: 'Please correct the highlighted fields.', fieldErrors: zodFieldErrors(parsed.error) };
    }
    const toRevalidate: string[] = [];
    try {
      const result = await handler(parsed.data, { user, revalidate: (...paths) => toRevalidate.push(...paths) });
      for (const path of toRevalidate) revalidatePath(path);
      if (result && typeof result === 'object' && 'message' in result && 'data' in result) {
        return { ok: true, data: result.data, message: result.message };
      }
      return { ok: true, data: result as T };
    } catch (error) {
      if (error instanceof DomainError) {
        return { ok: false, code: error.code, error: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
      }
      if (isDatabaseUnavailable(error)) {
        return {
          ok: false,
          code: 'UNAVAILABLE',
          error: 'The database is unreachable right now. Your input was not saved; try again shortly.',
        };
      }
      console.error(`[action ${meta.name}]`, error);
      return { ok: false, code: 'ERROR', error: 'Something went wrong on our side. It has been logged.' };
    }
  };
  return Object.assign(action, { meta: { name: meta.name, roles: meta.roles, input: meta.input } });
}
