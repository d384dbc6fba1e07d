// The second half of `npm run lint:layers`: every rule of the root .dependency-cruiser.cjs but the area cycles,
// over the tests as well (a test may import across areas, but never a benchmark operation, say).
const base = require('../../.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: base.forbidden.filter((rule) => rule.scope !== 'folder'),
  options: { ...base.options, exclude: { path: '^\\.next/' } },
};
