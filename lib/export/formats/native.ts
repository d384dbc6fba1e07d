// Native JSON Lines, exactly the import shape (lib/import/native-schema.ts) with keys in schema order:
// re-importing a file and exporting the new dataset gives the same bytes. A release's audit outcome rides
// in each criterion's provenance.extra.release, which the importer keeps verbatim.
import { canonical } from '@/lib/export/canonical-json';
import type { ExportCriterion, ExportRecord } from '@/lib/export/release-rows';

function nativeCriterion(c: ExportCriterion) {
  const extraSource = c.provenance?.extra ?? null;
  const extra = c.audit ? { ...(extraSource ?? {}), release: c.audit } : extraSource;
  const provenance =
    c.provenance || c.audit
      ? {
          generatorModels: c.provenance?.generatorModels ?? [],
          ...(c.provenance?.consensusVotes
            ? {
                consensusVotes: {
                  votes: c.provenance.consensusVotes.votes,
                  of: c.provenance.consensusVotes.of,
                  ...(c.provenance.consensusVotes.models ? { models: c.provenance.consensusVotes.models } : {}),
                },
              }
            : {}),
          ...(c.provenance?.metaRubric
            ? { metaRubric: { domain: c.provenance.metaRubric.domain, version: c.provenance.metaRubric.version } }
            : {}),
          ...(extra ? { extra: canonical(extra, { stripNulls: true }) } : {}),
        }
      : undefined;
  return {
    id: c.key,
    title: c.title,
    description: c.description,
    tier: c.tier,
    points: c.points,
    levels: c.levels.map((level) => ({ label: level.label, description: level.description })),
    tags: c.tags,
    redLine: c.redLine,
    evidence: c.evidence.map((e) => ({
      source: e.source,
      ...(e.citation !== undefined ? { citation: e.citation } : {}),
      ...(e.url !== undefined ? { url: e.url } : {}),
    })),
    ...(provenance ? { provenance } : {}),
  };
}

export function nativeLine({ query, criteria }: ExportRecord): string {
  const line = {
    id: query.id,
    category: query.category,
    ...(query.department !== null ? { department: query.department } : {}),
    language: query.language,
    tags: query.tags,
    conversation: query.conversation.map((message) => ({ role: message.role, content: message.content })),
    criteria: criteria.map(nativeCriterion),
    ...(query.metadata !== null ? { metadata: canonical(query.metadata) } : {}),
  };
  return `${JSON.stringify(line)}\n`;
}
