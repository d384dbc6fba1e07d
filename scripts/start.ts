// npm start: build if needed, then serve the production build on the embedded PostgreSQL (or DATABASE_URL),
// migrated and seeded with demo data on an empty database.
import { serveApp } from './serve-app';

serveApp('start');
