// Stored analytics figures against a real migrated database: a snapshot is served only while nothing it reads has
// changed. Every table the discriminability figures read is changed in turn, in a way that moves the figures, and the
// page's read must then equal a computation from scratch; a change committed while figures are computed keeps them
// from being stored; folding the change rows keeps the version; NaN survives the round trip.
import { describe, expect, it, vi } from 'vitest';
import { FOLD_AT, foldInputChanges, parseFigures, readInputVersion, stringifyFigures, withSnapshot } from '@/lib/analytics/snapshots';
import { pgPool } from '@/lib/db';
import { computeDiscriminability } from '@/lib/discriminability/compute-discriminability';
import { readDiscriminability } from '@/lib/discriminability/read-discriminability';
import { seedDiscriminability } from '@/tools/fixtures/discriminability';

describe('the figures JSON', () => {
  it('keeps NaN and ±Infinity, which JSON alone turns into null', () => {
    const value = { a: Number.NaN, b: [1, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY], c: { d: null, e: 'NaN', f: 0.5 } };
    expect(JSON.parse(JSON.stringify(value)).a).toBeNull();
    const back = parseFigures<typeof value>(stringifyFigures(value));
    expect(back).toEqual(value);
    expect(back.a).toBeNaN();
    expect(back.b[1]).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('withSnapshot', () => {
  it('computes once, serves the stored figures while nothing changes, and recomputes after a change', async () => {
    let calls = 0;
    const compute = async () => {
      calls += 1;
      const { rows } = await pgPool().query<{ n: number }>('SELECT count(*)::int AS n FROM grades');
      return { grades: rows[0]?.n ?? -1, undefinedFigure: Number.NaN };
    };
    const first = await withSnapshot('test:count', compute);
    expect(first).toMatchObject({ stored: false, kept: true, value: { grades: 0 } });
    const second = await withSnapshot('test:count', compute);
    expect(second.stored).toBe(true);
    expect(second.value.grades).toBe(0);
    expect(second.value.undefinedFigure).toBeNaN();
    expect(calls).toBe(1);
    // A statement on a table the triggers watch moves the version, even one a test writes directly.
    const seeded = await seedDiscriminability(pgPool(), { name: 'snap', queries: 2, criteria: ['follows'], basis: 'reviewers', seed: 1 });
    const third = await withSnapshot('test:count', compute);
    expect(third).toMatchObject({ stored: false, value: { grades: 4 } });
    expect(calls).toBe(2);
    // An update of a column the figures do not read does not (the judge's progress counts).
    const version = (await readInputVersion()).version;
    await pgPool().query('UPDATE judge_runs SET succeeded_tasks = succeeded_tasks + 1 WHERE id = $1', [seeded.gradeRunId]);
    expect((await readInputVersion()).version).toBe(version);
    expect((await withSnapshot('test:count', compute)).stored).toBe(true);
  });

  it('does not store figures when a change commits while they are computed', async () => {
    let calls = 0;
    const compute = async () => {
      calls += 1;
      const { rows } = await pgPool().query<{ n: number }>('SELECT count(*)::int AS n FROM meta_rubrics');
      if (calls === 1) await pgPool().query(`INSERT INTO meta_rubrics (domain, name) VALUES ('d', 'committed meanwhile')`);
      return rows[0]?.n ?? -1;
    };
    const first = await withSnapshot('test:race', compute);
    expect(first).toMatchObject({ stored: false, kept: false });
    // The first figures missed the row committed meanwhile: they were not stored, so the next read computes again.
    const second = await withSnapshot('test:race', compute);
    expect(second).toMatchObject({ stored: false, value: first.value + 1 });
    expect((await withSnapshot('test:race', compute)).stored).toBe(true);
    expect(calls).toBe(2);
  });

  it('folds the change rows into the version without moving it, so stored figures stay valid', async () => {
    const compute = async () => 42;
    await withSnapshot('test:fold', compute);
    await pgPool().query('INSERT INTO analytics_input_changes SELECT FROM generate_series(1, $1)', [FOLD_AT]);
    const before = await readInputVersion();
    expect(before.pending).toBeGreaterThanOrEqual(FOLD_AT);
    // The version moved (those rows are changes), so the next read computes, folds first, and stores.
    expect((await withSnapshot('test:fold', compute)).stored).toBe(false);
    const after = await readInputVersion();
    expect(after).toEqual({ version: before.version, pending: 0 });
    expect((await withSnapshot('test:fold', compute)).stored).toBe(true);
    await foldInputChanges();
    expect(await readInputVersion()).toEqual(after);
  });
});

describe('what moves the version', () => {
  it('counts a review only when a submitted one is involved: claims and preferences before submitting do not', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'reviews',
      queries: 2,
      criteria: ['follows'],
      basis: 'reviewers',
      seed: 2,
    });
    const db = pgPool();
    const comparison = (await db.query<{ id: number }>('SELECT id FROM pairwise_comparisons WHERE query_id = $1', [seeded.queryIds[0]]))
      .rows[0]?.id;
    const version = async () => (await readInputVersion()).version;
    await db.query(`INSERT INTO users (id, email, name, role) VALUES ('second-reviewer', 'second@test.local', 'Second', 'REVIEWER')`);
    const start = await version();
    const claimed = await db.query<{ id: number }>(
      `INSERT INTO reviewer_judgments (comparison_id, reviewer_id, display_order, expires_at)
       VALUES ($1, 'second-reviewer', 'BA', now() + interval '1 hour') RETURNING id`,
      [comparison],
    );
    await db.query(`UPDATE reviewer_judgments SET state = 'PREFERENCE_GIVEN', preference = 1, comment = 'draft' WHERE id = $1`, [
      claimed.rows[0]?.id,
    ]);
    expect(await version()).toBe(start);
    await db.query(`UPDATE reviewer_judgments SET state = 'SUBMITTED', submitted_at = now() WHERE id = $1`, [claimed.rows[0]?.id]);
    const submitted = await version();
    expect(submitted).toBe(start + 1);
    await db.query('DELETE FROM reviewer_judgments WHERE id = $1', [claimed.rows[0]?.id]);
    expect(await version()).toBe(submitted + 1);
  });
});

describe('another build', () => {
  it('never serves the figures another build stored, which may compute differently', async () => {
    const compute = async () => 'figures';
    const load = async (build: string) => {
      vi.resetModules();
      vi.stubEnv('RUBRIC_AUDIT_BUILD_ID', build);
      return await import('@/lib/analytics/snapshots');
    };
    try {
      const first = await load('build-a');
      expect((await first.withSnapshot('test:build', compute)).stored).toBe(false);
      expect((await first.withSnapshot('test:build', compute)).stored).toBe(true);
      const second = await load('build-b');
      expect((await second.withSnapshot('test:build', compute)).stored).toBe(false);
      expect((await second.withSnapshot('test:build', compute)).stored).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('readDiscriminability', () => {
  it('equals a computation from scratch after a change to any table the figures read', async () => {
    const seeded = await seedDiscriminability(pgPool(), {
      name: 'snapshots',
      queries: 12,
      criteria: ['follows', 'random', 'always', 'inverted'],
      basis: 'reviewers',
      seed: 4,
      proxy: 'random',
    });
    const db = pgPool();
    const [query] = seeded.queryIds;
    const criterion = (await db.query<{ id: number }>('SELECT id FROM criteria WHERE query_id = $1 ORDER BY position LIMIT 1', [query]))
      .rows[0]?.id;
    const metaRubric = await db.query<{ id: number }>(`INSERT INTO meta_rubrics (domain, name) VALUES ('general', 'Before') RETURNING id`);
    const version = await db.query<{ id: number }>(
      `INSERT INTO meta_rubric_versions (meta_rubric_id, number, principles, generation_rules, change_note)
       VALUES ($1, 1, '[]', '{}', 'snapshot test') RETURNING id`,
      [metaRubric.rows[0]?.id],
    );
    const settings = { datasetId: seeded.datasetId };
    const first = await readDiscriminability(settings);
    expect(first.stored).toBe(false);
    const again = await readDiscriminability(settings);
    expect(again.stored).toBe(true);
    expect(again.value).toEqual(first.value);
    // The instant it was computed, whatever the time zones of PostgreSQL and Node.
    expect(Math.abs(again.computedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const changes: [string, string, unknown[]][] = [
      ['grades', 'UPDATE grades SET met = NOT met WHERE run_id = $1 AND criterion_id = $2', [seeded.gradeRunId, criterion]],
      [
        'criterion_provenance',
        `INSERT INTO criterion_provenance (criterion_id, origin, generator_models, meta_rubric_version_id) VALUES ($1, 'GENERATED', '{model-x}', $2)`,
        [criterion, version.rows[0]?.id],
      ],
      ['meta_rubrics', `UPDATE meta_rubrics SET name = 'After' WHERE id = $1`, [metaRubric.rows[0]?.id]],
      ['criteria (title)', `UPDATE criteria SET title = 'Retitled' WHERE query_id = ANY($1::int[])`, [seeded.queryIds]],
      ['criteria (status)', `UPDATE criteria SET status = 'REJECTED' WHERE id = $1`, [criterion]],
      ['queries', `UPDATE queries SET external_id = external_id || '-renamed' WHERE id = $1`, [query]],
      [
        'clinician_grades',
        `INSERT INTO clinician_grades (response_id, criterion_id, criterion_revision, met, source, physician_id, category)
         SELECT r.id, c.id, 0, true, 'IMPORTED', 'dr-a', 'CLINICAL_CARE' FROM responses r JOIN criteria c ON c.query_id = r.query_id
          WHERE r.query_id = ANY($1::int[])`,
        [seeded.queryIds.slice(1, 4)],
      ],
      ['proxy_predictions', `UPDATE proxy_predictions SET choice = 'TIE' WHERE run_id = $1 AND query_id = $2`, [seeded.proxyRunId, query]],
      [
        'pairwise_comparisons',
        'UPDATE pairwise_comparisons SET response_a_id = response_b_id, response_b_id = response_a_id WHERE query_id = $1',
        [seeded.queryIds[1]],
      ],
      [
        'reviewer_judgments',
        `UPDATE reviewer_judgments SET state = 'EXPIRED' WHERE comparison_id IN (SELECT id FROM pairwise_comparisons WHERE query_id = $1)`,
        [seeded.queryIds[2]],
      ],
      ['responses', 'DELETE FROM responses WHERE query_id = $1', [seeded.queryIds[3]]],
      ['judge_runs', `UPDATE judge_runs SET status = 'FAILED' WHERE id = $1`, [seeded.proxyRunId]],
    ];
    // A direct caller may ask for a fractional minimum of pairs, as computeDiscriminability always allowed.
    expect((await computeDiscriminability({ ...settings, minPairsToFlag: 1.5 })).settings.minPairsToFlag).toBe(1.5);
    let previous = again.value;
    for (const [table, sql, params] of changes) {
      await db.query(sql, params);
      const read = await readDiscriminability(settings);
      expect(read.stored, table).toBe(false);
      expect(read.value, table).toEqual(await computeDiscriminability(settings));
      expect(read.value, `${table} changes the figures`).not.toEqual(previous);
      expect((await readDiscriminability(settings)).stored, table).toBe(true);
      previous = read.value;
    }
  });
});
