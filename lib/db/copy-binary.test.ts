// The binary COPY reader against real PostgreSQL: text comes back as its exact UTF-8 bytes (multi-byte
// characters, escapes, rows far larger than one received chunk), NULLs as null, integers as int4 bytes;
// stopping early or a failing query leaves the pool usable.
import { describe, expect, it } from 'vitest';
import { pgPool } from '@/lib/db';
import { copyBinaryRows } from '@/lib/db/copy-binary';

async function collect(sql: string) {
  const rows: (Buffer | null)[][] = [];
  for await (const batch of copyBinaryRows(pgPool(), sql)) rows.push(...batch);
  return rows;
}

describe('copyBinaryRows', () => {
  it('returns every row with its fields as raw bytes, across chunk boundaries', async () => {
    const texts = ['plain', 'ünïcödé ✓ 😀 \\ "quoted" \t tab', '', 'x'.repeat(300_000), 'line\nbreak'];
    const rows = await collect(
      `SELECT n, t, CASE WHEN n % 2 = 0 THEN NULL ELSE n END FROM unnest(ARRAY[${texts.map((t) => `$x$${t}$x$`).join(',')}]) WITH ORDINALITY AS u(t, n) ORDER BY u.n`,
    );
    expect(rows).toHaveLength(texts.length);
    rows.forEach((row, index) => {
      expect(row[0]?.readBigInt64BE(0)).toBe(BigInt(index + 1)); // ordinality is int8
      expect(row[1]?.toString('utf8')).toBe(texts[index]);
      expect(row[2] === null).toBe((index + 1) % 2 === 0);
    });
  });

  it('reads many rows in order', async () => {
    const rows = await collect(`SELECT g::int4, repeat('é', g % 50) FROM generate_series(1, 20000) g`);
    expect(rows).toHaveLength(20000);
    expect(
      rows.every((row, index) => row[0]?.readInt32BE(0) === index + 1 && row[1]?.toString('utf8') === 'é'.repeat((index + 1) % 50)),
    ).toBe(true);
  });

  it('gives the connection back usable when the caller stops early or the query fails', async () => {
    const pool = pgPool();
    for (let round = 0; round < 3; round++) {
      for await (const _batch of copyBinaryRows(pool, `SELECT g, repeat('x', 1000) FROM generate_series(1, 100000) g`)) break;
    }
    await expect(collect(`SELECT 1 / (g - 5) FROM generate_series(1, 10) g`)).rejects.toThrow(/division by zero/);
    const after = await pool.query<{ n: number }>('SELECT 1 AS n');
    expect(after.rows[0]?.n).toBe(1);
    expect(pool.totalCount).toBeLessThanOrEqual(pool.options.max ?? 10);
  });
});
