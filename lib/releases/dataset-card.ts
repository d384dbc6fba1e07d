// The README.md of a release's Hugging Face folder: a dataset card whose YAML header declares the data files
// for the `datasets` loader, then the manifest's figures, rules and checksums.
import { isLegacyFigures, type Proportion, type StoredReleaseFigures } from '@/lib/releases/figures';
import type { ReleaseManifest } from '@/lib/releases/freeze-release';

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const interval = (value: [number, number] | null) => (value ? `${percent(value[0])}–${percent(value[1])}` : '—');
const share = (p: Pick<Proportion, 'rate' | 'count' | 'n'>) => `${percent(p.rate)} (${p.count}/${p.n})`;
const effect = (p: Proportion) => (p.designEffect === null ? '—' : `${p.designEffect.toFixed(2)} (${p.clusters} queries)`);

/** Beside concordance, the rubric-quality score per dataset (manifests frozen before it existed: a row saying so). */
function discriminabilityRows(manifest: ReleaseManifest): string {
  if (!manifest.discriminability) return '| Discriminability (proxy accuracy) | not recorded when this release was frozen | — | — |';
  if (manifest.discriminability.length === 0) return '| Discriminability (proxy accuracy) | no proxy run yet | — | — |';
  return manifest.discriminability
    .map((d) => {
      const name = manifest.datasets.find((dataset) => dataset.id === d.datasetId)?.name ?? d.datasetId;
      return `| Discriminability: proxy accuracy on ${name}'s verified pairs (run ${d.runId}, both orders) | ${percent(d.accuracy)} (${d.correct}/${d.predictions}) | ${interval(d.interval)} | ${d.designEffect === null ? '—' : d.designEffect.toFixed(2)} |`;
    })
    .join('\n');
}

/** The agreement table's rows above mean agreement and kappa: the current figures, or a legacy manifest's. */
function concordanceRows(f: StoredReleaseFigures): string {
  if (isLegacyFigures(f)) {
    return `| Unanimous share of the released set (called concordance when frozen) | ${share(f.concordance)} | ${interval(f.concordance.interval)} | — |
| Accepted as written (released set) | ${share(f.accepted)} | ${interval(f.accepted.interval)} | — |`;
  }
  const c = f.concordance;
  const r = f.releasedComposition;
  return `| Strict concordance: accepted, of the ${c.finalized} audited criteria with a final decision (before the release rules) | ${share(c.strict)} | ${interval(c.strict.interval)} | ${effect(c.strict)} |
| Lenient concordance: accepted or minor revision (before the release rules) | ${share(c.lenient)} | ${interval(c.lenient.interval)} | ${effect(c.lenient)} |
| Strict concordance bounds if the ${c.unresolved} unresolved and ${c.awaiting} awaiting all fail / all pass | — | ${interval(c.bounds.strict)} | — |
| Unanimous share of the released set | ${share(r.unanimous)} | ${interval(r.unanimous.interval)} | ${effect(r.unanimous)} |
| Accepted as written (released set) | ${share(r.accepted)} | ${interval(r.accepted.interval)} | ${effect(r.accepted)} |`;
}
const table = (title: string, record: Record<string, number>) =>
  `| ${title} | criteria |\n|---|---:|\n${Object.entries(record)
    .map(([key, n]) => `| ${key} | ${n} |`)
    .join('\n')}\n`;

/** The dataset card: YAML front matter for the `datasets` loader, then the manifest's figures. */
export function datasetCard(manifest: ReleaseManifest, checksums: Record<string, string>): string {
  const f = manifest.figures;
  const slug = `${manifest.release.name} v${manifest.release.version}`;
  return `---
pretty_name: "${slug.replaceAll('"', '')}"
language:
- en
tags:
- medical
- rubric
- benchmark
configs:
- config_name: criteria
  data_files:
  - split: test
    path: data/criteria.parquet
- config_name: healthbench
  data_files:
  - split: test
    path: data/healthbench.jsonl
---

# ${slug}

${manifest.release.description ?? 'A verified rubric benchmark release.'}

Frozen ${manifest.frozenAt} by ${manifest.createdBy?.name ?? 'unknown'}. ${f.criteria} criteria over ${f.queries} queries from
dataset(s) ${manifest.datasets.map((d) => d.name).join(', ')}; audit campaign(s) ${manifest.campaignIds.join(', ') || '—'}.

Every criterion passed an expert audit: its final decision was ${manifest.rules.decisions.join(', ')}, reached unanimously${
    manifest.rules.allowAdjudicated ? ' or by adjudication' : ''
  }, with at least ${manifest.rules.minVerdicts} verdict(s)${manifest.rules.minAgreement > 0 ? ` and agreement ≥ ${manifest.rules.minAgreement}` : ''}.
Text: ${manifest.rules.text === 'revised' ? 'each criterion at its current revision, which follows its final decisions (revision 0 is kept in the native file)' : 'original text'}.

## Agreement

Intervals over criteria treat the criteria of one query as a cluster (design effect beside them).

| figure | value | 95% interval | design effect |
|---|---:|---|---|
${concordanceRows(f)}
| Mean per-criterion agreement (released set) | ${percent(f.meanAgreement.mean)} (n = ${f.meanAgreement.n}) | ${interval(f.meanAgreement.interval)} | — |
| Fleiss' kappa (only the ${f.fleissKappa.subjects} released criteria with ${f.fleissKappa.raters} verdicts) | ${f.fleissKappa.kappa ?? '—'} | — | — |
${discriminabilityRows(manifest)}
## Counts

${table('category', f.byCategory)}
${table('tier', f.byTier)}
${table('department', f.byDepartment)}
${table('final decision', f.byDecision)}
${table('provenance', f.byProvenance)}
## Excluded

${f.excluded.map((e) => `- ${e.label}: ${e.count}`).join('\n') || '- nothing'}

## Meta-rubric versions

${manifest.metaRubricVersions.map((v) => `- ${v.name} (${v.domain}) version ${v.number}`).join('\n') || '- none recorded'}

## Files (SHA-256)

${Object.entries(checksums)
  .map(([name, sha]) => `- \`${name}\` ${sha}`)
  .join('\n')}
`;
}
