// The layering `npm run lint:layers` enforces (dependency-cruiser; scripts/test.sh runs it, so `npm test` fails
// on a violation): app → components → lib, lib areas without cycles, tools beside the product and never inside
// it. This file checks the code without its tests: tests may import across areas (a test of lib/jobs starts a
// judge run), so the area cycles are found on the product graph alone; tools/layers/tests.dependency-cruiser.cjs
// runs every other rule over the tests too. tools/layers/layers.test.ts proves each rule fails on a small tree
// that breaks it. Type-only imports count like any other: TypeScript 7 has no JavaScript API, so
// dependency-cruiser parses with swc, which does not tell them apart (see tools/layers/register-swc-tsx.mjs).

const TEST = '\\.test\\.tsx?$';
/** The database client: the pool, Prisma's generated client (its enums are plain constants and allowed). */
const DATABASE = '^lib/db(/|\\.ts$)|^lib/generated/prisma/(?!enums\\.ts$)|^node_modules/(pg|@prisma/[^/]+|pg-boss)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-not-to-ui',
      comment: 'lib/ is the domain: it never imports components/ or app/ (app → components → lib); its tests may call routes.',
      severity: 'error',
      from: { path: '^lib/', pathNot: TEST },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'components-not-to-app',
      comment: 'components/ never imports app/ (app → components → lib).',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
    {
      name: 'components-not-to-database',
      comment:
        'components/ never imports the database (lib/db, the Prisma client, pg, pg-boss): pages and actions read it and pass ' +
        'plain data down. The generated enums (plain constants) are allowed.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: DATABASE },
    },
    {
      name: 'product-not-to-tooling',
      comment: 'Product code (lib/, components/, app/; tests aside) never imports tools/, scripts/ or e2e/; tools/ may import lib/.',
      severity: 'error',
      from: { path: '^(lib|components|app)/', pathNot: TEST },
      to: { path: '^(tools|scripts|e2e)/' },
    },
    {
      name: 'no-cycles-between-lib-areas',
      comment:
        'A lib area (lib/<area>/) is part of a cycle of areas: one of them must stop importing the other (move the shared ' +
        'piece down into the area both may import).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib/([^/]+)' },
      to: { path: '^lib/[^/]+', pathNot: '^lib/$1(/|$)', circular: true },
    },
    {
      name: 'lib-root-modules-stay-leaves',
      comment:
        'A module directly in lib/ (env.ts, errors.ts, ...) imports no lib area but its own folder, so areas can import it ' +
        "without a cycle that the folder rule above cannot see. lib/auth.ts and lib/db.ts are their areas' entry points " +
        '(on their way to lib/auth/index.ts and lib/db/index.ts).',
      severity: 'error',
      from: { path: '^lib/([^/.]+)\\.tsx?$', pathNot: '^lib/(auth|db)\\.ts$' },
      to: { path: '^lib/[^/]+/', pathNot: '^lib/($1|generated)/' },
    },
    {
      name: 'export-renders-only',
      comment: 'lib/export only renders formats; freezing and exporting releases is lib/releases (which imports lib/export).',
      severity: 'error',
      from: { path: '^lib/export/' },
      to: { path: '^lib/releases/' },
    },
    {
      name: 'generation-rules-belong-to-meta-rubrics',
      comment: 'lib/judge imports the meta-rubrics (and their generation rules), never the reverse.',
      severity: 'error',
      from: { path: '^lib/meta-rubrics/' },
      to: { path: '^lib/judge/' },
    },
    {
      name: 'files-below-import',
      comment: 'lib/files stores bytes for every area; it imports nothing from lib/import (FileSource is lib/files/file-source.ts).',
      severity: 'error',
      from: { path: '^lib/files/' },
      to: { path: '^lib/import/' },
    },
    {
      name: 'jobs-know-no-handlers',
      comment: 'lib/jobs starts jobs for every area (start-job.ts), so it imports no area with a job; lib/workers registers the handlers.',
      severity: 'error',
      from: { path: '^lib/jobs/', pathNot: TEST },
      to: { path: '^lib/(import|judge|releases|export|workers)/' },
    },
    {
      name: 'bench-operations-stay-in-the-bench',
      comment:
        'Tests, load runs and drills build their data with tools/fixtures, not through a benchmark operation (scripts/ may ' +
        'import anything; their tests may not).',
      severity: 'error',
      from: { pathNot: `^tools/bench/|^scripts/(?!.*${TEST})` },
      to: { path: '^tools/bench/operations/' },
    },
    {
      name: 'fixtures-not-to-bench',
      comment: 'tools/fixtures build data for everyone; they never depend on the benchmark.',
      severity: 'error',
      from: { path: '^tools/fixtures/' },
      to: { path: '^tools/bench/' },
    },
    {
      name: 'zod-through-lib-zod',
      comment:
        'Product code builds schemas with the z of lib/zod.ts, which keeps zod from probing eval in the browser (the CSP ' +
        'forbids it and reports even a caught probe); importing zod directly would skip that.',
      severity: 'error',
      from: { path: '^(lib|components|app)/', pathNot: `^lib/zod\\.ts$|${TEST}` },
      to: { path: '^node_modules/zod/' },
    },
    {
      name: 'no-unresolvable-local-import',
      comment: 'An @/ or relative import that does not resolve would hide its edge from every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^(@/|\\.)' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Generated and installed code is seen as a dependency, never cruised itself.
    doNotFollow: { path: '^(node_modules|lib/generated)/' },
    exclude: { path: `^\\.next/|${TEST}` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
