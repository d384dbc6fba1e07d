// Sign-ins queue for the password hash instead of taking every core (issue 21), and the hashes stay better-auth's.
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { limitedPasswordHashing, passwordHashing } from '@/lib/auth/password-hashing';

describe('password hashing', () => {
  it('is better-auth’s scrypt: each side verifies the other’s hashes, and a wrong password fails', async () => {
    const ours = await passwordHashing.hash('correct horse battery');
    expect(await verifyPassword({ hash: ours, password: 'correct horse battery' })).toBe(true);
    const theirs = await hashPassword('staple ünïcode');
    expect(await passwordHashing.verify({ hash: theirs, password: 'staple ünïcode' })).toBe(true);
    expect(await passwordHashing.verify({ hash: theirs, password: 'staple unicode' })).toBe(false);
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
});
