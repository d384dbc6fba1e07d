// npm run lint:layers: dependency-cruiser twice over the code in the current directory, once with the root
// .dependency-cruiser.cjs (the code without its tests: every rule, area cycles included) and once with
// tools/layers/tests.dependency-cruiser.cjs (tests too: every rule but the area cycles). Exits non-zero if either
// finds a violation. Extra arguments (e.g. --output-type json) go to both runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const CLI = here('../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIGS = [here('../../.dependency-cruiser.cjs'), here('./tests.dependency-cruiser.cjs')];
const FOLDERS = ['app', 'components', 'lib', 'tools', 'scripts', 'e2e'].filter((folder) => fs.existsSync(folder));

let failed = false;
for (const config of CONFIGS) {
  const run = spawnSync(
    process.execPath,
    ['--import', here('./register-swc-tsx.mjs'), CLI, '--config', config, '--output-type', 'err', ...process.argv.slice(2), ...FOLDERS],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
