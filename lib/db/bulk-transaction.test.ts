// A bulk change that outlasts its time is rolled back and says so in words an admin can act on; any other failure
// passes through unchanged. Real PostgreSQL: the transaction really writes, then really expires.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { bulkTransaction, formatAllowedTime } from '@/lib/db/bulk-transaction';
import { DomainError } from '@/lib/errors';

const words = { doing: 'Tagging these criteria', undone: 'no criterion changed', advice: 'Select fewer criteria at a time' };

describe('bulkTransaction', () => {
  it('states the time allowed as the admin reads it', () => {
    expect(formatAllowedTime(1)).toBe('1 second');
    expect(formatAllowedTime(90)).toBe('90 seconds');
    expect(formatAllowedTime(60)).toBe('1 minute');
    expect(formatAllowedTime(900)).toBe('15 minutes');
  });

  it('rolls back a change that outlasts its time and says what happened', async () => {
    const key = `bulk-${randomUUID()}`;
    const failure = await bulkTransaction({ ...words, timeoutSeconds: 1 }, async (tx) => {
      await tx.$executeRaw`INSERT INTO app_settings (key, value) VALUES (${key}, '1'::jsonb)`;
      await tx.$executeRaw`SELECT pg_sleep(1.5)`;
      await tx.$executeRaw`UPDATE app_settings SET value = '2'::jsonb WHERE key = ${key}`;
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('UNAVAILABLE');
    expect((failure as DomainError).message).toBe(
      'Tagging these criteria took longer than the 1 second allowed, so it was undone: no criterion changed. ' +
        'Select fewer criteria at a time, or ask whoever runs the app to allow more time (BULK_CHANGE_TIMEOUT_SECONDS).',
    );
    expect(await prisma.$queryRaw`SELECT key FROM app_settings WHERE key = ${key}`).toEqual([]);
  });

  it('passes any other failure through, and commits what finishes in time', async () => {
    const key = `bulk-${randomUUID()}`;
    await expect(
      bulkTransaction(words, async (tx) => {
        await tx.$executeRaw`INSERT INTO app_settings (key, value) VALUES (${key}, '1'::jsonb)`;
        throw new Error('something else');
      }),
    ).rejects.toThrow('something else');
    expect(await prisma.$queryRaw`SELECT key FROM app_settings WHERE key = ${key}`).toEqual([]);
    await bulkTransaction(words, (tx) => tx.$executeRaw`INSERT INTO app_settings (key, value) VALUES (${key}, '1'::jsonb)`);
    expect(await prisma.$queryRaw`SELECT key FROM app_settings WHERE key = ${key}`).toEqual([{ key }]);
  });
});
