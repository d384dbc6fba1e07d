// The data one stress level works on, made before its window (untimed), fresh or from a kept template.
//  - Fresh (the default): migrate the level's empty database, then the accounts, the synthetic dataset through
//    the app's import, one campaign over all of it, the judge's dataset, VACUUM ANALYZE of the tables with pages.
//    At QuarkMedBench scale this takes 10–12 minutes, most of it the import and the campaign.
//  - With --reuse-setup: everything that does not depend on the number of experts (schema, admin, dataset,
//    judge dataset, the campaign with k placeholder experts, statistics) is built once into a template database
//    of a PostgreSQL cluster kept under .data/stress-setup/<key>/, and each level's database is a file copy of it
//    (CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY) to which that level's experts are added. The key holds the
//    scale, seed and k and a hash of the migrations and of the code that generates the data, so a change to
//    either builds a new template. The placeholders never sign in; they are named so in the campaign.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { disconnectDb, pgPool } from '@/lib/db';
import { prepareDatabase } from '@/lib/db/prepare-database';
import { vacuumAnalyzeTablesWithPages } from '@/tools/bench/settle-database';
import { syntheticTotals } from '@/tools/fixtures/synthetic';
import {
  type StressAccount,
  createStressAccounts,
  createStressCampaign,
  importDataset,
  seedJudgeDataset,
  syntheticSource,
} from '@/tools/stress/setup';

export interface LevelData {
  admin: StressAccount;
  experts: StressAccount[];
  datasetId: number;
  campaign: { id: number; queries: number; criteria: number; note: string | null };
  judge: { datasetId: number; calls: number };
}

interface DataSpec {
  scale: number;
  seed: number;
  k: number;
  experts: number;
  log: (line: string) => void;
  workDir: string;
}

/** The shared part: dataset, campaign (with `campaignExperts`), judge dataset, statistics. */
async function buildSharedData(spec: DataSpec, admin: StressAccount, campaignExperts: string[]) {
  const totals = syntheticTotals(spec.scale);
  spec.log(
    `generating and importing the synthetic dataset: ${totals.queries.toLocaleString('en')} queries, ${totals.criteria.toLocaleString('en')} criteria…`,
  );
  const source = await syntheticSource({ scale: spec.scale, seed: spec.seed, file: path.join(spec.workDir, 'synthetic.jsonl') });
  const datasetId = await importDataset(source, 'Stress: synthetic QuarkMedBench');
  spec.log(`creating the campaign (k = ${spec.k}, ${campaignExperts.length} experts) over every criterion…`);
  const campaign = await createStressCampaign({
    admin: admin.user,
    expertIds: campaignExperts,
    datasetId,
    overlapK: spec.k,
    log: spec.log,
  });
  const judge = await seedJudgeDataset(spec.scale, spec.seed);
  spec.log('VACUUM ANALYZE of the tables with pages (as autovacuum would have by the time experts start)…');
  await vacuumAnalyzeTablesWithPages(pgPool());
  return { datasetId, campaign, judge };
}

/** Fresh: everything built in the level's own (empty) database at DATABASE_URL. */
export async function buildFreshLevelData(spec: DataSpec & { databaseUrl: string }): Promise<LevelData> {
  spec.log('migrating…');
  await prepareDatabase({ databaseUrl: spec.databaseUrl });
  const tag = randomBytes(3).toString('hex');
  spec.log(`creating 1 admin and ${spec.experts} expert accounts…`);
  const { admin, experts } = await createStressAccounts(spec.experts, tag);
  const shared = await buildSharedData(
    spec,
    admin,
    experts.map((expert) => expert.user.id),
  );
  return { admin, experts, ...shared };
}

// ───────────── the kept template ─────────────

const TEMPLATE_DATABASE = 'stress_template';

/** Files whose change changes the data a template holds (besides scale, seed and k). */
const DATA_SOURCES = [
  'tools/fixtures/synthetic.ts',
  'tools/fixtures/grading-dataset.ts',
  'tools/stress/setup.ts',
  'tools/stress/level-data.ts',
];

/** A directory name for the template of these settings and this code: its migrations and data generators. */
export function setupCacheKey({ scale, seed, k, root = process.cwd() }: { scale: number; seed: number; k: number; root?: string }): string {
  const hash = createHash('sha256');
  const migrations = path.join(root, 'prisma', 'migrations');
  for (const entry of fs.readdirSync(migrations).sort()) {
    const file = path.join(migrations, entry, 'migration.sql');
    if (fs.existsSync(file)) hash.update(entry).update(fs.readFileSync(file));
  }
  for (const source of DATA_SOURCES) hash.update(source).update(fs.readFileSync(path.join(root, source)));
  return `scale-${scale}-seed-${seed}-k-${k}-${hash.digest('hex').slice(0, 12)}`;
}

interface TemplateRecord {
  admin: StressAccount;
  datasetId: number;
  campaign: LevelData['campaign'];
  judge: LevelData['judge'];
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * With --reuse-setup: makes the level's database at `databaseUrl` (the URL the app and this process already use)
 * a copy of the kept template and adds the level's experts to the campaign. The first time, the level's database
 * is built from nothing instead, and then copied as the template (with its record kept in `cacheDir`).
 */
export async function levelDataFromTemplate(spec: DataSpec & { databaseUrl: string; cacheDir: string }): Promise<LevelData> {
  const recordFile = path.join(spec.cacheDir, 'setup.json');
  const levelDatabase = `"${decodeURIComponent(new URL(spec.databaseUrl).pathname.slice(1)).replaceAll('"', '""')}"`;
  const template = fs.existsSync(recordFile) ? (JSON.parse(fs.readFileSync(recordFile, 'utf8')) as TemplateRecord) : null;
  await disconnectDb();
  await onServer(spec.databaseUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${levelDatabase} WITH (FORCE)`);
    await client.query(
      template ? `CREATE DATABASE ${levelDatabase} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY` : `CREATE DATABASE ${levelDatabase}`,
    );
  });
  let record = template;
  if (record) {
    spec.log(`the level's database: a copy of the kept template (${spec.cacheDir})…`);
  } else {
    spec.log(`building the kept template (once for these settings and this code) in ${spec.cacheDir}…`);
    await prepareDatabase({ databaseUrl: spec.databaseUrl });
    // k placeholders: a campaign needs k experts; each level's own experts are added to it.
    const { admin, experts: placeholders } = await createStressAccounts(spec.k, 'placeholder', { name: 'Template placeholder' });
    const shared = await buildSharedData(
      spec,
      admin,
      placeholders.map((expert) => expert.user.id),
    );
    record = { admin, ...shared };
    await disconnectDb();
    await onServer(spec.databaseUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE} TEMPLATE ${levelDatabase} STRATEGY FILE_COPY`);
    });
    fs.writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
  }
  await prepareDatabase({ databaseUrl: spec.databaseUrl });
  spec.log(`creating ${spec.experts} expert accounts and adding them to the campaign…`);
  const { experts } = await createStressAccounts(spec.experts, randomBytes(3).toString('hex'));
  await pgPool().query('INSERT INTO campaign_experts (campaign_id, user_id) SELECT $1, unnest($2::text[])', [
    record.campaign.id,
    experts.map((expert) => expert.user.id),
  ]);
  await pgPool().query('ANALYZE users, campaign_experts');
  const note = `the dataset, campaign and judge dataset copied from the kept template ${path.basename(spec.cacheDir)}`;
  return { ...record, experts, campaign: { ...record.campaign, note: [record.campaign.note, note].filter(Boolean).join('; ') } };
}
