// Releases end to end on a real PostgreSQL: rules and preview against an independent count, freezing and
// immutability, byte-determinism of every format, the native round trip, and the streamed Range download.
import { createHash } from 'node:crypto';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import tar from 'tar-stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as downloadFile } from '@/app/api/releases/[id]/files/[fileId]/route';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { pgPool, prisma } from '@/lib/db';
import { formatBytes } from '@/lib/export/export-formats';
import { nativeLine } from '@/lib/export/formats/native';
import { readExportRecords } from '@/lib/export/release-rows';
import { runReleaseJob } from '@/lib/releases/run-release-job';
import { readStoredFile } from '@/lib/files/stored-file';
import { importFile } from '@/lib/import/import-file';
import { createRelease } from '@/lib/releases/create-release';
import { requestFreeze, runFreeze } from '@/lib/releases/freeze-job';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { previewRelease } from '@/lib/releases/preview-release';
import { computeDashboard } from '@/lib/analytics/compute-dashboard';
import { requestExport } from '@/lib/releases/request-export';
import { EXPORT_FORMATS } from '@/lib/export/format-names';
import { rulesSchema } from '@/lib/releases/schemas';
import { auditedCampaign } from '@/tools/fixtures/audited-campaign';
import { seedDemo } from '@/lib/seed/seed-demo';
import { queuedPayloads, refuseJobs } from '@/tools/testing/job-queue';

let datasetId: number;
let fixture: Awaited<ReturnType<typeof auditedCampaign>>;
let admin: SessionUser;

async function collect(iterable: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of iterable) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  await seedDemo({ log: () => {} });
  datasetId = (await prisma.dataset.findFirstOrThrow()).id;
  fixture = await auditedCampaign({ datasetId, queries: 5 });
  const row = fixture.admin;
  admin = { id: row.id, email: row.email, name: row.name, role: 'ADMIN', specialties: [], active: true };
}, 120_000);

/** What the rules should keep, computed from the fixture's design (criterion id mod 6). */
function expectedIncluded(decisions: string[], allowAdjudicated: boolean) {
  return fixture.criterionIds.filter((id) => {
    const kind = id % 6;
    if (kind === 0 || kind === 5) return decisions.includes('ACCEPT');
    if (kind === 1) return decisions.includes('REVISE_MINOR');
    if (kind === 3) return allowAdjudicated && decisions.includes('REVISE_MAJOR');
    return false;
  });
}

describe('preview', () => {
  it('includes exactly the criteria the rules allow and says why the others are left out', async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const figures = await previewRelease({ rules });
    const included = expectedIncluded(rules.decisions, true);
    expect(figures.criteria).toBe(included.length);
    const totalInDataset = await prisma.criterion.count({ where: { datasetId } });
    expect(figures.candidates).toBe(totalInDataset);
    const reasons = Object.fromEntries(figures.excluded.map((e) => [e.reason, e.count]));
    expect(reasons.rejected).toBe(fixture.criterionIds.filter((id) => id % 6 === 2).length);
    expect(reasons.unresolved).toBe(fixture.criterionIds.filter((id) => id % 6 === 4).length);
    expect(reasons.not_audited).toBe(totalInDataset - fixture.criterionIds.length);
    const adjudicated = fixture.criterionIds.filter((id) => id % 6 === 3).length;
    expect(figures.byProvenance.ADJUDICATED ?? 0).toBe(adjudicated);
    // The released set's composition: what is in it, under its own name.
    expect(figures.releasedComposition.unanimous.count).toBe(included.length - adjudicated);
    expect(figures.releasedComposition.unanimous.n).toBe(included.length);
    expect(figures.releasedComposition.unanimous.interval?.[0]).toBeLessThanOrEqual(figures.releasedComposition.unanimous.rate ?? 0);
    // Concordance is over every audited criterion before the rules: accepts (kinds 0, 5) of the finalized
    // (all but the unresolved kind 4); lenient adds the minor revisions (kind 1).
    const kinds = (...k: number[]) => fixture.criterionIds.filter((id) => k.includes(id % 6)).length;
    expect(figures.concordance).toMatchObject({ finalized: kinds(0, 1, 2, 3, 5), unresolved: kinds(4), awaiting: 0 });
    expect(figures.concordance.strict).toMatchObject({ count: kinds(0, 5), n: kinds(0, 1, 2, 3, 5) });
    expect(figures.concordance.lenient.count).toBe(kinds(0, 1, 5));
    expect(figures.concordance.bounds.strict?.[0]).toBeCloseTo(kinds(0, 5) / fixture.criterionIds.length, 6);
    expect(figures.concordance.bounds.strict?.[1]).toBeCloseTo(kinds(0, 4, 5) / fixture.criterionIds.length, 6);
    // One definition: the dashboard's concordance of the same dataset, interval and design effect included.
    const { totals } = await computeDashboard({ datasetId });
    expect(figures.concordance.strict.rate).toBeCloseTo(totals.strict.rate, 6);
    expect(figures.concordance.strict.interval?.[0]).toBeCloseTo(totals.strict.low, 6);
    expect(figures.concordance.strict.interval?.[1]).toBeCloseTo(totals.strict.high, 6);
    expect(figures.concordance.strict.designEffect).toBeCloseTo(totals.strict.designEffect, 6);
    expect(figures.concordance.lenient.rate).toBeCloseTo(totals.lenient.rate, 6);

    const strict = await previewRelease({
      rules: rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT'], allowAdjudicated: false }),
    });
    expect(strict.criteria).toBe(expectedIncluded(['ACCEPT'], false).length);
    // The rules change what is released, never the concordance of what was audited.
    expect(strict.concordance).toEqual(figures.concordance);
    const agreeing = await previewRelease({ rules: rulesSchema.parse({ ...rules, minAgreement: 0.9 }) });
    expect(agreeing.criteria).toBe(included.length - adjudicated);
    expect(agreeing.excluded.find((e) => e.reason === 'low_agreement')?.count).toBe(adjudicated);
  });
});

describe('freeze, export and download', () => {
  let releaseId: number;

  beforeAll(async () => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const release = await createRelease({ actor: admin, input: { name: 'Test release', rules } });
    expect(release.version).toBe(1);
    const again = await createRelease({ actor: admin, input: { name: 'Test release', rules } });
    expect(again.version).toBe(2);
    releaseId = release.id;
    await freezeRelease({ actor: admin, releaseId });
    await requestExport({ actor: admin, releaseId, formats: EXPORT_FORMATS, enqueueJob: false });
    await runReleaseJob({ releaseId });
  }, 120_000);

  it('snapshots the selection with lineage: revised text replaces the original, the original kept', async () => {
    const items = await prisma.releaseItem.findMany({ where: { releaseId } });
    expect(items.map((i) => i.criterionId).sort()).toEqual(expectedIncluded(['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'], true).sort());
    const gold = items.find((i) => i.criterionId % 6 === 3);
    const snapshot = gold?.snapshot as { title: string; audit: { textSource: string; original: { title: string } } };
    expect(gold?.decisionSource).toBe('adjudicated');
    expect(snapshot.title.startsWith('Gold: ')).toBe(true);
    expect(snapshot.audit.textSource).toBe('adjudication');
    // The released text is the criterion's current revision (the gold text), and revision 0 rides along.
    const criterion = await prisma.criterion.findUniqueOrThrow({ where: { id: gold?.criterionId ?? 0 } });
    expect(gold?.criterionRevision).toBe(criterion.revision);
    expect(criterion.revision).toBeGreaterThan(0);
    expect(snapshot.title).toBe(criterion.title);
    const original = await prisma.criterionRevision.findUniqueOrThrow({
      where: { criterionId_revision: { criterionId: gold?.criterionId ?? 0, revision: 0 } },
    });
    expect(snapshot.audit.original.title).toBe(original.title);
    const minor = items.find((i) => i.criterionId % 6 === 1)?.snapshot as { title: string; audit: { textSource: string } };
    expect(minor.title.startsWith('Revised by expert ')).toBe(true);
    expect(minor.audit.textSource).toBe('expert_proposal');
    const release = await prisma.release.findUniqueOrThrow({ where: { id: releaseId } });
    const manifest = release.manifest as { figures: { criteria: number }; campaignIds: number[]; createdBy: { id: string } };
    expect(manifest.figures.criteria).toBe(items.length);
    expect(manifest.campaignIds).toEqual([fixture.campaignId]);
    expect(manifest.createdBy.id).toBe(admin.id);
  });

  it('never changes after freezing: criterion edits do not reach it, and the database refuses edits', async () => {
    const before = await prisma.releaseItem.findMany({ where: { releaseId }, orderBy: { criterionId: 'asc' } });
    const target = before[0];
    if (!target) throw new Error('empty release');
    await prisma.criterion.update({ where: { id: target.criterionId }, data: { title: 'Edited after freezing', description: 'changed' } });
    const after = await prisma.releaseItem.findMany({ where: { releaseId }, orderBy: { criterionId: 'asc' } });
    expect(after).toEqual(before);
    await expect(pgPool().query(`UPDATE release_items SET position = 99 WHERE release_id = $1`, [releaseId])).rejects.toThrow(/frozen/);
    await expect(pgPool().query(`DELETE FROM releases WHERE id = $1`, [releaseId])).rejects.toThrow(/frozen/);
    await expect(pgPool().query(`UPDATE releases SET rules = '{}' WHERE id = $1`, [releaseId])).rejects.toThrow(/frozen/);
    await expect(freezeRelease({ actor: admin, releaseId })).rejects.toThrow(/frozen/);
    await expect(
      pgPool().query(
        `INSERT INTO release_items (release_id, criterion_id, query_id, position, final_decision, decision_source, snapshot)
         SELECT $1, id, query_id, 0, 'ACCEPT', 'unanimous', '{}' FROM criteria WHERE id NOT IN (SELECT criterion_id FROM release_items WHERE release_id = $1) LIMIT 1`,
        [releaseId],
      ),
    ).rejects.toThrow(/frozen/);
    await expect(pgPool().query(`UPDATE release_lines SET line = '{}' WHERE release_id = $1`, [releaseId])).rejects.toThrow(/frozen/);
    await expect(
      pgPool().query(`INSERT INTO release_lines (release_id, position, part, criteria, line) VALUES ($1, 1000000, 0, 0, '{}')`, [
        releaseId,
      ]),
    ).rejects.toThrow(/frozen/);
  });

  it('keeps failed files as they were when their export cannot be queued, and exports them again on request', async () => {
    const file = await prisma.releaseFile.findFirstOrThrow({ where: { releaseId, format: 'csv' } });
    await prisma.releaseFile.update({ where: { id: file.id }, data: { status: 'FAILED', storedFileId: null, error: 'disk full' } });
    const allow = await refuseJobs('release');
    try {
      await expect(requestExport({ actor: admin, releaseId, formats: ['csv'] })).rejects.toThrow(/could not be queued/);
    } finally {
      await allow();
    }
    expect(await prisma.releaseFile.findUniqueOrThrow({ where: { id: file.id } })).toMatchObject({ status: 'FAILED', error: 'disk full' });
    const again = await requestExport({ actor: admin, releaseId, formats: ['csv'] });
    expect(again.queued).toEqual([file.fileName]);
    expect(await queuedPayloads('release')).toContainEqual({ releaseId });
    expect((await prisma.releaseFile.findUniqueOrThrow({ where: { id: file.id } })).status).toBe('QUEUED');
    await runReleaseJob({ releaseId });
    const redone = await prisma.releaseFile.findUniqueOrThrow({ where: { id: file.id }, include: { storedFile: true } });
    expect(redone.status).toBe('SUCCEEDED');
  });

  it('stores the native lines at freezing, byte for byte what rendering the snapshot gives', async () => {
    const counts = await pgPool().query<{ lines: number; queries: number; criteria: number; items: number }>(
      `SELECT (SELECT count(*)::int FROM release_lines WHERE release_id = $1 AND part = 0) AS lines,
              (SELECT count(*)::int FROM release_queries WHERE release_id = $1) AS queries,
              (SELECT sum(criteria)::int FROM release_lines WHERE release_id = $1) AS criteria,
              (SELECT count(*)::int FROM release_items WHERE release_id = $1) AS items`,
      [releaseId],
    );
    expect(counts.rows[0]?.lines).toBe(counts.rows[0]?.queries);
    // Some demo lines are longer than one part, so the parts are joined back in the export below.
    const split = await pgPool().query(`SELECT 1 FROM release_lines WHERE release_id = $1 AND part > 0 LIMIT 1`, [releaseId]);
    expect(split.rowCount).toBe(1);
    expect(counts.rows[0]?.criteria).toBe(counts.rows[0]?.items);
    let rendered = '';
    for await (const record of readExportRecords({ kind: 'release', releaseId })) rendered += nativeLine(record);
    const streamed = await collect(formatBytes('native', { kind: 'release', releaseId }));
    expect(streamed.toString('utf8')).toBe(rendered);
  });

  it('exports every format, byte for byte the same on every run, with the checksums recorded', async () => {
    const files = await prisma.releaseFile.findMany({ where: { releaseId }, include: { storedFile: true } });
    expect(files.map((f) => f.format).sort()).toEqual([...EXPORT_FORMATS].sort());
    const release = await prisma.release.findUniqueOrThrow({ where: { id: releaseId } });
    const checksums = release.checksums as Record<string, string>;
    for (const file of files) {
      expect(file.status).toBe('SUCCEEDED');
      const stored = await collect(readStoredFile(file.storedFileId ?? 0));
      expect(sha(stored)).toBe(file.storedFile?.sha256);
      expect(checksums[file.fileName]).toBe(file.storedFile?.sha256);
      if (file.format !== 'hf') {
        const again = await collect(
          formatBytes(file.format as Exclude<(typeof EXPORT_FORMATS)[number], 'hf'>, { kind: 'release', releaseId }),
        );
        expect(sha(again), file.format).toBe(file.storedFile?.sha256);
      }
    }
    // The HF folder again from scratch: same bytes.
    const hf = files.find((f) => f.format === 'hf');
    await prisma.releaseFile.update({ where: { id: hf?.id ?? 0 }, data: { status: 'QUEUED', storedFileId: null } });
    await runReleaseJob({ releaseId });
    const redone = await prisma.releaseFile.findUniqueOrThrow({ where: { id: hf?.id ?? 0 }, include: { storedFile: true } });
    expect(redone.storedFile?.sha256).toBe(hf?.storedFile?.sha256);
  });

  it('writes formats other tools read: parquet rows, HealthBench fields, Quark tiers, CSV header, HF entries', async () => {
    const files = await prisma.releaseFile.findMany({ where: { releaseId } });
    const bytesOf = async (format: string) => collect(readStoredFile(files.find((f) => f.format === format)?.storedFileId ?? 0));
    const items = await prisma.releaseItem.count({ where: { releaseId } });

    const parquet = await bytesOf('parquet');
    const buffer = parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer;
    expect(Number(parquetMetadata(buffer).num_rows)).toBe(items);
    const rows = await parquetReadObjects({ file: buffer, columns: ['query_id', 'final_decision', 'points'] });
    expect(new Set(rows.map((r) => r.final_decision))).toEqual(new Set(['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR']));

    const hb = (await bytesOf('healthbench'))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(Object.keys(hb[0])).toEqual(['prompt', 'prompt_id', 'rubrics', 'example_tags']);
    expect(hb.reduce((n, line) => n + line.rubrics.length, 0)).toBe(items);
    expect(Object.keys(hb[0].rubrics[0])).toEqual(['criterion', 'points', 'tags']);

    const quark = JSON.parse((await bytesOf('quark')).toString('utf8')) as Record<string, { Title: string; Weight: number }[]>[];
    expect(
      quark.reduce((n, q) => n + ['essential', 'important', 'highlight', 'pitfall'].reduce((m, k) => m + (q[k]?.length ?? 0), 0), 0),
    ).toBe(items);

    const csv = (await bytesOf('csv')).toString('utf8');
    expect(csv.split('\n')[0]).toMatch(/^query_id,criterion_id,category,department,language,position,title/);

    const frozenAt = (await prisma.release.findUniqueOrThrow({ where: { id: releaseId } })).frozenAt?.getTime() ?? 0;
    const names: string[] = [];
    const extract = tar.extract();
    const done = (async () => {
      for await (const entry of extract) {
        names.push(entry.header.name);
        expect(entry.header.mtime?.getTime()).toBe(Math.floor(frozenAt / 1000) * 1000);
        entry.resume();
      }
    })();
    extract.end(await bytesOf('hf'));
    await done;
    expect(names).toEqual(['README.md', 'manifest.json', 'data/criteria.parquet', 'data/healthbench.jsonl']);
  });

  it('round-trips the native file: import as a new dataset, export that dataset, identical bytes', async () => {
    const file = await prisma.releaseFile.findFirstOrThrow({ where: { releaseId, format: 'native' } });
    const bytes = await collect(readStoredFile(file.storedFileId ?? 0));
    const summary = await importFile({
      source: {
        name: file.fileName,
        size: bytes.length,
        open: async function* () {
          yield bytes;
        },
      },
      datasetName: 'Round trip',
      format: 'native',
      actorId: admin.id,
    });
    expect(summary.ok, JSON.stringify(summary.issues)).toBe(true);
    const again = await collect(formatBytes('native', { kind: 'dataset', datasetId: summary.datasetId ?? 0 }));
    expect(again.toString('utf8')).toBe(bytes.toString('utf8'));
  });

  it('writes HealthBench and Quark files that the importers of those formats read back with every criterion', async () => {
    const items = await prisma.releaseItem.count({ where: { releaseId } });
    for (const format of ['healthbench', 'quark'] as const) {
      const file = await prisma.releaseFile.findFirstOrThrow({ where: { releaseId, format } });
      const bytes = await collect(readStoredFile(file.storedFileId ?? 0));
      const summary = await importFile({
        source: {
          name: file.fileName,
          size: bytes.length,
          open: async function* () {
            yield bytes;
          },
        },
        datasetName: `Re-import ${format}`,
        format,
        actorId: admin.id,
      });
      expect(summary.ok, `${format}: ${JSON.stringify(summary.issues)}`).toBe(true);
      expect(summary.criteria.added, format).toBe(items);
    }
  });

  it('names queries by dataset when a release spans several datasets (external ids may repeat across them)', async () => {
    const other = await prisma.dataset.create({ data: { name: 'Second dataset' } });
    const rules = rulesSchema.parse({ datasetIds: [datasetId, other.id], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'] });
    const release = await createRelease({ actor: admin, input: { name: 'Two datasets', rules } });
    const manifest = await freezeRelease({ actor: admin, releaseId: release.id });
    expect(manifest.datasets.map((d) => d.id)).toEqual([datasetId, other.id]);
    const queries = await prisma.releaseQuery.findMany({ where: { releaseId: release.id }, orderBy: { position: 'asc' } });
    const demo = await prisma.dataset.findUniqueOrThrow({ where: { id: datasetId } });
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect((query.snapshot as { id: string }).id.startsWith(`${demo.name}/`)).toBe(true);
  });

  it('downloads only for admins, whole or by byte range (206, 416), with the SHA-256 as ETag', async () => {
    const file = await prisma.releaseFile.findFirstOrThrow({ where: { releaseId, format: 'native' }, include: { storedFile: true } });
    const whole = await collect(readStoredFile(file.storedFileId ?? 0));
    const call = (user: SessionUser | null, headers: Record<string, string> = {}) =>
      runAsUser(user, () =>
        downloadFile(new Request(`http://x/api/releases/${releaseId}/files/${file.id}`, { headers }), {
          params: Promise.resolve({ id: String(releaseId), fileId: String(file.id) }),
        }),
      );
    expect((await call(null)).status).toBe(401);
    expect((await call({ ...admin, role: 'REVIEWER' })).status).toBe(403);
    const full = await call(admin);
    expect(full.status).toBe(200);
    expect(full.headers.get('etag')).toBe(`"${file.storedFile?.sha256}"`);
    expect(full.headers.get('content-length')).toBe(String(whole.length));
    expect(Buffer.from(await full.arrayBuffer()).equals(whole)).toBe(true);
    const part = await call(admin, { range: 'bytes=10-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(10, 100))).toBe(true);
    const tail = await call(admin, { range: 'bytes=-5' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 5))).toBe(true);
    const beyond = await call(admin, { range: `bytes=${whole.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });
});

describe('freezing as a background job', () => {
  const draft = async (name: string, extra: Record<string, unknown> = {}) => {
    const rules = rulesSchema.parse({ datasetIds: [datasetId], decisions: ['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'], ...extra });
    return (await createRelease({ actor: admin, input: { name, rules } })).id;
  };
  const state = async (id: number) => ({
    release: await prisma.release.findUniqueOrThrow({ where: { id }, include: { files: true } }),
    freeze: await prisma.releaseFreeze.findUniqueOrThrow({ where: { releaseId: id } }),
    items: await prisma.releaseItem.count({ where: { releaseId: id } }),
    lines: await prisma.releaseLine.count({ where: { releaseId: id, part: 0 } }),
  });

  it('queues the draft as FREEZING; the release job freezes it with its progress, then exports every format', async () => {
    const id = await draft('Job frozen');
    await requestFreeze({ actor: admin, releaseId: id });
    expect(await queuedPayloads('release')).toContainEqual({ releaseId: id });
    const queued = await state(id);
    expect(queued.release.status).toBe('FREEZING');
    expect(queued.freeze).toMatchObject({ stage: 'queued', progress: 0, requestedById: admin.id });
    await expect(requestFreeze({ actor: admin, releaseId: id })).rejects.toThrow(/freezing; only a draft/);

    const stages: string[] = [];
    await runFreeze({
      releaseId: id,
      finalAttempt: false,
      freeze: (args) =>
        freezeRelease({
          ...args,
          onProgress: (stage, fraction) => {
            stages.push(stage);
            args.onProgress?.(stage, fraction);
          },
        }),
    });
    expect(stages).toEqual(expect.arrayContaining(['selecting', 'snapshot', 'rendering', 'manifest']));
    await runReleaseJob({ releaseId: id });
    const done = await state(id);
    expect(done.release.status).toBe('FROZEN');
    expect(done.freeze).toMatchObject({ stage: 'done', progress: 1, error: null });
    expect(done.items).toBe(expectedIncluded(['ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR'], true).length);
    expect(done.release.files.map((f) => f.status)).toEqual(EXPORT_FORMATS.map(() => 'SUCCEEDED'));
  });

  it('an interrupted freeze leaves nothing behind and the retried job freezes it once', async () => {
    const id = await draft('Job interrupted');
    await requestFreeze({ actor: admin, releaseId: id });
    const interrupted = runFreeze({
      releaseId: id,
      finalAttempt: false,
      freeze: (args) =>
        freezeRelease({
          ...args,
          onProgress: (stage) => {
            if (stage === 'rendering') throw new Error('worker killed');
          },
        }),
    });
    await expect(interrupted).rejects.toThrow(/worker killed/);
    const after = await state(id);
    expect(after.release.status).toBe('FREEZING');
    expect(after.freeze.error).toBe('retrying after: worker killed');
    expect([after.items, after.lines, after.release.files.length]).toEqual([0, 0, 0]);

    await runReleaseJob({ releaseId: id });
    const done = await state(id);
    expect(done.release.status).toBe('FROZEN');
    expect(done.lines).toBe(await prisma.releaseQuery.count({ where: { releaseId: id } }));
    expect(done.release.files.every((f) => f.status === 'SUCCEEDED')).toBe(true);
  });

  it('a freeze that cannot succeed puts the release back to draft with the reason; one that cannot be queued changes nothing', async () => {
    const empty = await draft('Job empty', { minVerdicts: 50 });
    await requestFreeze({ actor: admin, releaseId: empty });
    await runReleaseJob({ releaseId: empty });
    const failed = await state(empty);
    expect(failed.release.status).toBe('DRAFT');
    expect(failed.freeze.stage).toBe('failed');
    expect(failed.freeze.error).toMatch(/Nothing passes the rules/);

    const unqueued = await draft('Job unqueued');
    const allow = await refuseJobs('release');
    try {
      await expect(requestFreeze({ actor: admin, releaseId: unqueued })).rejects.toThrow(/freeze could not be queued.*nothing was saved/);
    } finally {
      await allow();
    }
    expect((await prisma.release.findUniqueOrThrow({ where: { id: unqueued } })).status).toBe('DRAFT');
    expect(await prisma.releaseFreeze.count({ where: { releaseId: unqueued } })).toBe(0);
  });
});
