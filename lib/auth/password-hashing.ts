// Password hashing (scrypt, better-auth's own parameters and format) with at most PASSWORD_HASH_CONCURRENCY
// hashes at a time in this process. scrypt runs on libuv's thread pool (four threads): when a whole team signs
// in at the same moment, four hashes per process would take every core from the experts already working, whose
// claims then waited seconds (npm run stress -- --ramp-s 0). Queued, the sign-ins take as long in total and the
// other requests keep their share of the CPU.
import 'server-only';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import pLimit from 'p-limit';
import { env } from '@/lib/env';

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

const scrypt: PasswordHashing = { hash: scryptHash, verify: scryptVerify };

/** `implementation`, never running more than `concurrency` hashes or verifications at once. */
export function limitedPasswordHashing(concurrency: number, implementation: PasswordHashing = scrypt): PasswordHashing {
  const limit = pLimit(concurrency);
  return {
    hash: (password) => limit(() => implementation.hash(password)),
    verify: (data) => limit(() => implementation.verify(data)),
  };
}

let shared: PasswordHashing | undefined;
const current = () => {
  shared ??= limitedPasswordHashing(env().PASSWORD_HASH_CONCURRENCY);
  return shared;
};

/** What better-auth hashes and checks passwords with (lib/auth/index.ts). */
export const passwordHashing: PasswordHashing = {
  hash: (password) => current().hash(password),
  verify: (data) => current().verify(data),
};
