// @swc/core as dependency-cruiser sees it (see register-swc-tsx.mjs): the same module, except that .tsx and
// .jsx files are parsed with JSX enabled.
import { createRequire } from 'node:module';

const swc = createRequire(import.meta.url)('@swc/core');
const withJsx = (file, options) => (/\.[jt]sx$/.test(file) ? { ...options, tsx: true } : options);

export default { ...swc, parseFileSync: (file, options) => swc.parseFileSync(file, withJsx(file, options)) };
