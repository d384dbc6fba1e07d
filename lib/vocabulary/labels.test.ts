// The enum labels are written once (lib/vocabulary/labels.ts): any other product file that maps a category or
// tier to words again can drift from it, as the dashboard's "Wellness health" did.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, DECISION_NAMES, DIMENSION_NAMES, TIER_NAMES } from '@/lib/vocabulary/labels';

const ROOTS = ['lib', 'components', 'app'];
/** Not the app's words: file formats and generated code. */
const OUTSIDE = [
  /^lib\/generated\//,
  /^lib\/stress\//,
  /^lib\/bench\//,
  /\.test\.tsx?$/,
  /^lib\/vocabulary\/labels\.ts$/,
  // Other enums that share a key: proposal events (REJECT) and pairwise key differences (RELEVANCE).
  /^components\/meta-rubrics\/labels\.ts$/,
  /^components\/pairwise\/labels\.ts$/,
];

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(file);
    return /\.tsx?$/.test(entry.name) && !OUTSIDE.some((pattern) => pattern.test(file)) ? [file] : [];
  });
}

describe('criterion enum labels', () => {
  it('are spelled out in one file only', () => {
    // Tiers that no other enum shares (pairwise weight classes also say IMPORTANT and HIGHLIGHT).
    // Decisions and dimensions too: experts once read "Weight" where admins read "Weight rationality".
    const keys = [
      ...Object.keys(CATEGORY_LABELS),
      ...Object.keys(TIER_NAMES).filter((key) => key === 'ESSENTIAL' || key === 'PITFALL'),
      ...Object.keys(DECISION_NAMES),
      ...Object.keys(DIMENSION_NAMES),
    ];
    const offenders = ROOTS.flatMap(productFiles).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      // A key mapped to words: `WELLNESS_HEALTH: 'Wellness…'` or `ESSENTIAL: { label: 'Essential'` (colours are fine).
      return keys.flatMap((key) =>
        new RegExp(`\\b${key}\\s*:\\s*(\\{\\s*label\\s*:\\s*)?['"\`][A-Za-z]`).test(text) ? [`${file}: ${key}`] : [],
      );
    });
    expect(offenders).toEqual([]);
  });

  it('keep the ampersand', () => {
    expect(CATEGORY_LABELS.WELLNESS_HEALTH).toBe('Wellness & health');
  });
});
