// Sign-ins queue for the password hash instead of taking every core (issue 21), and the hashes stay better-auth's.
import fs from 'node:fs';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type PasswordHashing, limitedPasswordHashing, lowPriorityPasswordHashing, passwordHashing } from '@/lib/auth/password-hashing';

/** The nice value of one of this process's threads (Linux). */
const niceOf = (tid: string | number) => {
  const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // Field 19 of proc(5) is nice; the fields after the command name start at field 3.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const threadNices = () => fs.readdirSync('/proc/self/task').map(niceOf);

/** better-auth verifies `hashing`'s hashes, `hashing` verifies better-auth's, and a wrong password fails. */
async function expectBetterAuthHashes(hashing: PasswordHashing) {
  const ours = await hashing.hash('correct horse battery');
  expect(await verifyPassword({ hash: ours, password: 'correct horse battery' })).toBe(true);
  const theirs = await hashPassword('staple ünïcode');
  expect(await hashing.verify({ hash: theirs, password: 'staple ünïcode' })).toBe(true);
  expect(await hashing.verify({ hash: theirs, password: 'staple unicode' })).toBe(false);
}

describe('password hashing', () => {
  it('is better-auth’s scrypt: each side verifies the other’s hashes, and a wrong password fails', async () => {
    await expectBetterAuthHashes(passwordHashing);
  });

  it.each([1, 3])('never runs more than %i at once, and every call gets its own answer', async (concurrency) => {
    let running = 0;
    let most = 0;
    const slow = async <T>(value: T): Promise<T> => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return value;
    };
    const hashing = limitedPasswordHashing(concurrency, {
      hash: (password) => slow(`hash:${password}`),
      verify: ({ hash, password }) => slow(hash === `hash:${password}`),
    });
    const hashes = await Promise.all(Array.from({ length: 12 }, (_, index) => hashing.hash(`p${index}`)));
    const checks = await Promise.all(hashes.map((hash, index) => hashing.verify({ hash, password: index % 2 ? `p${index}` : 'wrong' })));
    expect(most).toBe(concurrency);
    expect(hashes).toEqual(Array.from({ length: 12 }, (_, index) => `hash:p${index}`));
    expect(checks).toEqual(Array.from({ length: 12 }, (_, index) => index % 2 === 1));
  });

  describe.runIf(process.platform === 'linux')('on threads at a lower CPU priority', () => {
    const hashing = lowPriorityPasswordHashing(2, 7);
    afterAll(async () => {
      await Promise.all(hashing.threads.map((thread) => thread.close()));
    });

    it('gives better-auth’s hashes, from threads at the nice value asked for, the requests’ thread unchanged', async () => {
      await expectBetterAuthHashes(hashing);
      await expectBetterAuthHashes(limitedPasswordHashing(1));
      await expect(hashing.verify({ hash: 'no-colon', password: 'x' })).rejects.toThrow(/Invalid password hash/);
      // Both threads have started by now (two at once), and only they were lowered.
      await Promise.all([hashing.hash('a'), hashing.hash('b')]);
      expect(await Promise.all(hashing.threads.map((thread) => thread.lowered))).toEqual([true, true]);
      const nices = threadNices();
      expect(nices.filter((nice) => nice === 7)).toHaveLength(2);
      expect(niceOf(process.pid)).toBe(0);
    });

    it('answers every call with its own result when more come than there are threads', async () => {
      const passwords = Array.from({ length: 6 }, (_, index) => `pw-${index}`);
      const hashes = await Promise.all(passwords.map((password) => hashing.hash(password)));
      const checks = await Promise.all(
        hashes.map((hash, index) => hashing.verify({ hash, password: index % 2 ? (passwords[index] ?? '') : 'wrong' })),
      );
      expect(checks).toEqual(passwords.map((_, index) => index % 2 === 1));
    });
  });
});
