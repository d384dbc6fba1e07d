// npm run db:migrate – applies prisma/migrations to DATABASE_URL (npm start does this by itself).
import { migrateDatabase } from '@/lib/db/migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const applied = await migrateDatabase(url);
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
