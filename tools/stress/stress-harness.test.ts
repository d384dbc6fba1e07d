// The stress harness end to end at a tiny scale, against real PostgreSQL: three simulated experts run the
// real expert loop through the real server actions (in process here; `npm run stress` drives the same loop
// over HTTP against `next start`) for a few seconds on ~220 criteria with k = 3, then every invariant must
// PASS. Then the database is corrupted on purpose, one way at a time inside a rolled-back transaction, and
// the invariant that guards against it must FAIL: the checker can fail, and for the right reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '@/tools/fixtures/prng';
import { DEFAULT_SEED } from '@/tools/fixtures/synthetic';
import { importFile } from '@/lib/import/import-file';
import { diskSource } from '@/lib/import/read-lines';
import { runExpert } from '@/tools/stress/expert-loop';
import { inProcessExpertClient } from '@/tools/stress/in-process-client';
import { type InvariantResult, checkInvariants } from '@/tools/stress/invariants';
import { AckLedger } from '@/tools/stress/ledger';
import { Budget, Recorder } from '@/tools/stress/recorder';
import { createStressAccounts, createStressCampaign, importDataset, syntheticSource, writeQuarkImportFile } from '@/tools/stress/setup';

const SCALE = 0.001; // 25 queries, 221 criteria
const K = 3;

let db: pg.Client;
let campaignId = 0;
const ledger = new AckLedger();
const recorder = new Recorder();

beforeAll(async () => {
  const { admin, experts } = await createStressAccounts(3, 'test');
  const datasetId = await importDataset(await syntheticSource({ scale: SCALE, seed: 7 }), 'stress-test');
  const campaign = await createStressCampaign({
    admin: admin.user,
    expertIds: experts.map((expert) => expert.user.id),
    datasetId,
    overlapK: K,
    log: () => {},
  });
  campaignId = campaign.id;
  expect(campaign.criteria).toBe(221);
  // A fixed amount of work, not a duration: on a loaded machine the same test must do the same work.
  const budget = new Budget(Number.POSITIVE_INFINITY, 300);
  await Promise.all(
    experts.map((expert, index) =>
      runExpert({
        client: inProcessExpertClient(expert.user),
        campaignId,
        budget,
        recorder,
        ledger,
        random: createRandom(100 + index),
        thinkMs: 0,
        amendRate: 0.3,
      }),
    ),
  );
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
});

const byId = (results: InvariantResult[], id: string) => {
  const found = results.find((invariant) => invariant.id === id);
  if (!found) throw new Error(`no invariant ${id}`);
  return found;
};

/** Runs `corrupt` in a transaction, checks the invariants inside it (they see the change), rolls back. */
async function checkAfter(corrupt: (client: pg.Client) => Promise<unknown>): Promise<InvariantResult[]> {
  await db.query('BEGIN');
  try {
    await corrupt(db);
    return await checkInvariants(db, { campaignId, ledger });
  } finally {
    await db.query('ROLLBACK');
  }
}

describe('the stress harness at a tiny scale', () => {
  it('did real work without errors: submissions acknowledged, some amended', () => {
    const { requests, errors } = recorder.totals();
    expect(errors, JSON.stringify(recorder.errors())).toBe(0);
    expect(requests).toBe(300);
    expect(ledger.submittedAssignments.size).toBeGreaterThan(5);
    expect(ledger.amendments).toBeGreaterThan(0);
  });

  it('passes every invariant', async () => {
    const results = await checkInvariants(db, { campaignId, ledger });
    expect(results.map((invariant) => invariant.id)).toEqual(['k', 'acknowledged', 'audit-trail', 'claims', 'ownership', 'outcomes']);
    for (const invariant of results) expect(invariant, invariant.detail).toMatchObject({ pass: true, offending: 0 });
  });
});

describe('the invariant checker fails on a corrupted database', () => {
  it('a k+1-th submitted verdict on a criterion: k fails', async () => {
    const results = await checkAfter(async (client) => {
      const full = await client.query<{ criterion_id: number; query_id: number }>(
        `SELECT v.criterion_id, a.query_id FROM verdicts v JOIN assignments a ON a.id = v.assignment_id
          WHERE v.campaign_id = $1 AND v.submitted_at IS NOT NULL GROUP BY 1, 2 HAVING count(*) = $2 LIMIT 1`,
        [campaignId, K],
      );
      const target = full.rows[0];
      if (!target) throw new Error('no criterion with k verdicts to corrupt');
      await client.query(`INSERT INTO users (id, email, name, role) VALUES ('intruder', 'intruder@stress.local', 'Intruder', 'EXPERT')`);
      const assignment = await client.query<{ id: number }>(
        `INSERT INTO assignments (campaign_id, expert_id, query_id, state, expires_at, criterion_order, submitted_at)
         VALUES ($1, 'intruder', $2, 'SUBMITTED', now(), ARRAY[$3::int], now()) RETURNING id`,
        [campaignId, target.query_id, target.criterion_id],
      );
      await client.query(
        `INSERT INTO verdicts (assignment_id, campaign_id, expert_id, criterion_id, decision, submitted_at)
         VALUES ($1, $2, 'intruder', $3, 'ACCEPT', now())`,
        [assignment.rows[0]?.id, campaignId, target.criterion_id],
      );
    });
    expect(byId(results, 'k')).toMatchObject({ pass: false, offending: 1 });
    // The intruder's verdict has no audit event and its query's counters were bypassed.
    expect(byId(results, 'audit-trail').pass).toBe(false);
    expect(byId(results, 'claims').pass).toBe(false);
  });

  it('a deleted verdict.submit audit event: the audit trail fails', async () => {
    const results = await checkAfter(async (client) => {
      // audit_events is append-only (a trigger); a corruption has to switch that off first.
      await client.query('ALTER TABLE audit_events DISABLE TRIGGER manual_audit_events_append_only');
      const deleted = await client.query(
        `DELETE FROM audit_events WHERE id = (SELECT e.id FROM audit_events e WHERE e.action = 'verdict.submit'
            AND split_part(e.entity_id, ':', 1)::int IN (SELECT id FROM assignments WHERE campaign_id = $1) LIMIT 1)`,
        [campaignId],
      );
      expect(deleted.rowCount).toBe(1);
    });
    expect(byId(results, 'audit-trail')).toMatchObject({ pass: false, offending: 1 });
    expect(byId(results, 'audit-trail').detail).toContain('without exactly one verdict.submit event');
    expect(byId(results, 'acknowledged').pass).toBe(true);
  });

  it('an acknowledged verdict changed behind the app: acknowledged and the audit trail fail', async () => {
    const [ack] = ledger.acknowledgedVerdicts;
    if (!ack) throw new Error('nothing acknowledged');
    const results = await checkAfter((client) =>
      client.query(
        `UPDATE verdicts SET decision = 'REJECT', dimensions = '{RELEVANCE}', row_version = row_version + 1
          WHERE assignment_id = $1 AND criterion_id = $2`,
        [ack.assignmentId, ack.criterionId],
      ),
    );
    expect(byId(results, 'acknowledged')).toMatchObject({ pass: false, offending: 1 });
    expect(byId(results, 'audit-trail')).toMatchObject({ pass: false, offending: 1 });
  });

  it('an acknowledged verdict lost: acknowledged fails', async () => {
    const acknowledged = ledger.acknowledgedVerdicts;
    const ack = acknowledged[acknowledged.length - 1];
    if (!ack) throw new Error('nothing acknowledged');
    const results = await checkAfter((client) =>
      client.query('DELETE FROM verdicts WHERE assignment_id = $1 AND criterion_id = $2', [ack.assignmentId, ack.criterionId]),
    );
    expect(byId(results, 'acknowledged')).toMatchObject({ pass: false, offending: 1 });
    expect(byId(results, 'acknowledged').detail).toContain('1 missing');
  });

  it('a query counter off by one and a maintained outcome off by one: claims and outcomes fail', async () => {
    const results = await checkAfter(async (client) => {
      await client.query(
        'UPDATE campaign_queries SET holders = holders - 1 WHERE campaign_id = $1 AND holders > 0 AND query_id = (SELECT min(query_id) FROM campaign_queries WHERE campaign_id = $1 AND holders > 0)',
        [campaignId],
      );
      await client.query(
        'UPDATE criterion_outcomes SET n_accept = n_accept + 1 WHERE campaign_id = $1 AND criterion_id = (SELECT min(criterion_id) FROM criterion_outcomes WHERE campaign_id = $1)',
        [campaignId],
      );
    });
    expect(byId(results, 'claims')).toMatchObject({ pass: false, offending: 1 });
    expect(byId(results, 'outcomes').pass).toBe(false);
  });

  it("an expert's kept progress off by one: claims fail", async () => {
    const results = await checkAfter((client) =>
      client.query(
        `UPDATE expert_progress SET submitted_open = submitted_open + 1
          WHERE campaign_id = $1 AND expert_id = (SELECT min(expert_id) FROM expert_progress WHERE campaign_id = $1)`,
        [campaignId],
      ),
    );
    expect(byId(results, 'claims')).toMatchObject({ pass: false, offending: 1 });
    expect(byId(results, 'claims').detail).toContain('kept progress');
  });
});

describe('the file uploaded during a stress run', () => {
  it('imports cleanly in the QuarkMedBench format (no two criteria of a query with the same text)', async () => {
    const file = path.join(os.tmpdir(), `stress-upload-${process.pid}.jsonl`);
    try {
      // 300 queries with this seed hold a query whose generated criteria repeat a title.
      const written = await writeQuarkImportFile({ queries: 300, seed: DEFAULT_SEED + 1, file });
      const summary = await importFile({ source: await diskSource(file), datasetName: 'stress-upload', format: 'quark' });
      expect(summary.issues).toEqual([]);
      expect(summary.queries.added).toBe(written.queries);
      expect(summary.criteria.added).toBe(written.criteria);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
