// Generates the Prisma client. `prisma generate` only needs a schema engine path that exists; offline
// machines cannot download the native one, and generation does not use it, so point at a harmless file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !fs.existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const result = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
