// Loaded with `node --import` before dependency-cruiser: dependency-cruiser 17 (the last release that runs on
// Node 20) parses TypeScript with @swc/core but never turns on swc's `tsx` option, so every .tsx file fails to
// parse (sverweij/dependency-cruiser#1081, fixed in 18.x, which needs Node 22). TypeScript 7 has no JavaScript
// API, so its tsc parser is no way out either. Remove this folder once the project moves to Node 22.
import { register } from 'node:module';

register('./swc-tsx-loader.mjs', import.meta.url);
