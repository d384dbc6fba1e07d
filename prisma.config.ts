// Prisma CLI configuration. Migrations are applied by lib/db/migrate.ts (through Prisma's WebAssembly
// schema engine, so no native engine download is needed); the CLI is used for `prisma generate`.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' },
});
