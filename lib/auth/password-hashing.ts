// Password hashing (scrypt, better-auth's own parameters and format) with at most PASSWORD_HASH_CONCURRENCY
// hashes at a time in this process. scrypt runs on libuv's thread pool (four threads): when a whole team signs
// in at the same moment, four hashes per process would take every core from the experts already working, whose
// claims then waited seconds (npm run stress -- --ramp-s 0). Queued, the sign-ins take as long in total and the
// other requests keep their share of the CPU. With PASSWORD_HASH_NICE above 0 (the app's default, 5) the hashes
// run on threads at that lower CPU priority (lib/auth/password-hash-thread.ts), so that the experts' requests
// come first while a team signs in.
import 'server-only';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import pLimit from 'p-limit';
import { PasswordHashThread } from '@/lib/auth/password-hash-thread';
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

/**
 * `concurrency` hashing threads at `nice`, each hashing one password at a time: better-auth's scrypt (the same
 * hashes) at a lower CPU priority than the requests.
 */
export function lowPriorityPasswordHashing(concurrency: number, nice: number): PasswordHashing & { threads: PasswordHashThread[] } {
  const threads = Array.from({ length: concurrency }, () => new PasswordHashThread(nice));
  // limitedPasswordHashing queues the calls, so a call that runs always finds one of the threads idle.
  const idle = [...threads];
  const onIdleThread = async <T>(work: (thread: PasswordHashThread) => Promise<T>): Promise<T> => {
    const thread = idle.pop() as PasswordHashThread;
    try {
      return await work(thread);
    } finally {
      idle.push(thread);
    }
  };
  return {
    threads,
    ...limitedPasswordHashing(concurrency, {
      hash: (password) => onIdleThread((thread) => thread.hash(password)),
      verify: (data) => onIdleThread((thread) => thread.verify(data)),
    }),
  };
}

let shared: PasswordHashing | undefined;
const current = () => {
  const { PASSWORD_HASH_CONCURRENCY: concurrency, PASSWORD_HASH_NICE: nice } = env();
  shared ??= nice > 0 && process.platform === 'linux' ? lowPriorityPasswordHashing(concurrency, nice) : limitedPasswordHashing(concurrency);
  return shared;
};

/** What better-auth hashes and checks passwords with (lib/auth/index.ts). */
export const passwordHashing: PasswordHashing = {
  hash: (password) => current().hash(password),
  verify: (data) => current().verify(data),
};
