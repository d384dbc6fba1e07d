// Vitest's stand-in for lib/auth/request-user.ts (aliased in vitest.config.ts): integration tests call server
// actions and pages' functions directly, outside a request, as the user runAsUser names. Outside runAsUser
// the real module answers (and fails as it would without a request).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SessionUser } from '@/lib/auth/roles';
import { requestUser as fromCookie } from '../../lib/auth/request-user';

const testUser = new AsyncLocalStorage<SessionUser | null>();

export function runAsUser<T>(user: SessionUser | null, fn: () => Promise<T>): Promise<T> {
  return testUser.run(user, fn);
}

export async function requestUser(): Promise<SessionUser | null> {
  const user = testUser.getStore();
  return user !== undefined ? user : await fromCookie();
}
