// Runs before every test file: gives the file its own freshly migrated database in DATABASE_URL.
import { afterAll, inject } from 'vitest';
import { disconnectDb } from '@/lib/db';
import { stopBoss } from '@/lib/jobs/boss';
import { createDatabase, dropDatabase } from '@/tools/testing/test-database';

const adminUrl = inject('pgAdminUrl');
const url = await createDatabase(adminUrl, inject('pgTemplateDb'));
process.env.DATABASE_URL = url;

afterAll(async () => {
  // A test that queued a job started pg-boss on this database; stop it before the database goes.
  await stopBoss();
  await disconnectDb();
  await dropDatabase(adminUrl, url);
});
