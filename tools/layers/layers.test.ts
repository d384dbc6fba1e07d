// The layering rules can fail: a small tree written to a temporary folder breaks each rule once (and holds
// imports the rules allow), and dependency-cruiser, run exactly as `npm run lint:layers` runs it, must report
// exactly the broken ones, with both configurations.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const HOOK = path.join(ROOT, 'tools/layers/register-swc-tsx.mjs');

/** Each file of the tree and what it imports. */
const TREE: Record<string, string[]> = {
  'app/page.tsx': ['@/components/card', '@/lib/db'],
  'components/card.tsx': [
    '@/app/page',
    '@/lib/db',
    '@/lib/generated/prisma/client',
    '@/lib/generated/prisma/enums',
    'pg',
    '@/lib/audit/claim',
  ],
  'lib/db.ts': ['@/lib/generated/prisma/client'],
  'lib/env.ts': ['@/lib/audit/claim'],
  'lib/generated/prisma/client.ts': [],
  'lib/generated/prisma/enums.ts': [],
  'lib/audit/claim.ts': ['@/lib/db', '@/lib/env', '@/lib/zod'],
  'lib/audit/schema.ts': ['zod'],
  'lib/zod.ts': ['zod'],
  'lib/audit/show.ts': ['@/components/card', '@/tools/stress/run', '@/lib/nowhere'],
  'lib/audit/claim.test.ts': ['@/app/page', '@/tools/fixtures/users', '@/tools/bench/operations/claim'],
  // Two areas that import each other, one of them from a subfolder.
  'lib/releases/freeze.ts': ['@/lib/export/formats/native'],
  'lib/export/formats/native.ts': ['@/lib/releases/freeze'],
  // Three areas in a ring.
  'lib/analytics/counts.ts': ['@/lib/criteria/list'],
  'lib/criteria/list.ts': ['@/lib/stats/alpha'],
  'lib/stats/alpha.ts': ['@/lib/analytics/counts'],
  // Folders of one area may import each other; judge and meta-rubrics import each other (a cycle).
  'lib/judge/run.ts': ['@/lib/judge/prompts/grade', '@/lib/meta-rubrics/rules'],
  'lib/judge/prompts/grade.ts': ['@/lib/judge/run'],
  'lib/meta-rubrics/rules.ts': [],
  'lib/meta-rubrics/apply.ts': ['@/lib/judge/run'],
  'lib/import/read.ts': [],
  'lib/files/store.ts': ['@/lib/import/read'],
  'lib/jobs/worker.ts': ['@/lib/judge/run'],
  'lib/jobs/worker.test.ts': ['@/lib/judge/run'],
  'tools/bench/operations/claim.ts': ['@/tools/fixtures/users', '@/lib/audit/claim'],
  'tools/bench/run.ts': ['@/tools/bench/operations/claim'],
  'tools/fixtures/users.ts': ['@/lib/db', '@/tools/bench/run'],
  'tools/stress/run.ts': ['@/tools/bench/operations/claim', '@/lib/audit/claim'],
  'scripts/bench.ts': ['@/tools/bench/operations/claim', '@/app/page'],
  'scripts/bench.test.ts': ['@/tools/bench/operations/claim'],
};

/** What the root configuration (the code without its tests) must report. */
const PRODUCT_VIOLATIONS = [
  'components-not-to-app: components/card.tsx → app/page.tsx',
  'components-not-to-database: components/card.tsx → lib/db.ts',
  'components-not-to-database: components/card.tsx → lib/generated/prisma/client.ts',
  'components-not-to-database: components/card.tsx → node_modules/pg/index.js',
  'lib-root-modules-stay-leaves: lib/env.ts → lib/audit/claim.ts',
  'lib-not-to-ui: lib/audit/show.ts → components/card.tsx',
  'product-not-to-tooling: lib/audit/show.ts → tools/stress/run.ts',
  'no-unresolvable-local-import: lib/audit/show.ts → @/lib/nowhere',
  'zod-through-lib-zod: lib/audit/schema.ts → node_modules/zod/index.js',
  'export-renders-only: lib/export/formats/native.ts → lib/releases/freeze.ts',
  'no-cycles-between-lib-areas: lib/export/formats → lib/releases',
  'no-cycles-between-lib-areas: lib/releases → lib/export/formats',
  'no-cycles-between-lib-areas: lib/analytics → lib/criteria',
  'no-cycles-between-lib-areas: lib/criteria → lib/stats',
  'no-cycles-between-lib-areas: lib/stats → lib/analytics',
  'generation-rules-belong-to-meta-rubrics: lib/meta-rubrics/apply.ts → lib/judge/run.ts',
  'no-cycles-between-lib-areas: lib/judge → lib/meta-rubrics',
  'no-cycles-between-lib-areas: lib/meta-rubrics → lib/judge',
  'files-below-import: lib/files/store.ts → lib/import/read.ts',
  'jobs-know-no-handlers: lib/jobs/worker.ts → lib/judge/run.ts',
  'fixtures-not-to-bench: tools/fixtures/users.ts → tools/bench/run.ts',
  'bench-operations-stay-in-the-bench: tools/stress/run.ts → tools/bench/operations/claim.ts',
];

/** What the tests' configuration must report: the same but the area cycles, plus what tests break. */
const TEST_VIOLATIONS = [
  ...PRODUCT_VIOLATIONS.filter((violation) => !violation.startsWith('no-cycles-between-lib-areas')),
  'bench-operations-stay-in-the-bench: lib/audit/claim.test.ts → tools/bench/operations/claim.ts',
  'bench-operations-stay-in-the-bench: scripts/bench.test.ts → tools/bench/operations/claim.ts',
];

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] } } }));
  write('node_modules/pg/package.json', JSON.stringify({ name: 'pg', version: '0.0.0', main: 'index.js' }));
  write('node_modules/pg/index.js', 'module.exports = {};\n');
  write('node_modules/zod/package.json', JSON.stringify({ name: 'zod', version: '0.0.0', main: 'index.js' }));
  write('node_modules/zod/index.js', 'module.exports = {};\n');
  for (const [file, imports] of Object.entries(TREE)) {
    write(file, `${imports.map((from, index) => `import * as m${index} from '${from}';`).join('\n')}\nexport const here = '${file}';\n`);
  }
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** dependency-cruiser with one configuration over the tree, as `rule: from → to` lines. */
function violations(config: string): string[] {
  const run = spawnSync(
    process.execPath,
    ['--import', HOOK, CLI, '--config', path.join(ROOT, config), '--output-type', 'json', 'app', 'components', 'lib', 'tools', 'scripts'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return [...new Set(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`))].sort();
}

describe('npm run lint:layers', () => {
  it('reports every broken rule, and nothing the rules allow, in the code without its tests', () => {
    expect(violations('.dependency-cruiser.cjs')).toEqual([...PRODUCT_VIOLATIONS].sort());
  });

  it('reports every broken rule but the area cycles in the tests as well', () => {
    expect(violations('tools/layers/tests.dependency-cruiser.cjs')).toEqual([...TEST_VIOLATIONS].sort());
  });
});
