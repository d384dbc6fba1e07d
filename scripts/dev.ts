// npm run dev: the Next.js dev server (hot reload) on the same embedded PostgreSQL (or DATABASE_URL) as npm start,
// migrated and seeded with demo data on an empty database. No build needed.
import { serveApp } from './serve-app';

serveApp('dev');
