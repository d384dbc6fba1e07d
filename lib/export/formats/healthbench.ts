// HealthBench-compatible JSON Lines: { prompt, prompt_id, rubrics: [{ criterion, points, tags }],
// example_tags }, the fields HealthBench's grader reads. The criterion is the title and description composed
// (lib/export/compose-criterion-text.ts), so a revised title reaches the file; points keep their sign
// (pitfalls negative).
import { composeCriterionText } from '@/lib/export/compose-criterion-text';
import type { ExportRecord } from '@/lib/export/release-rows';

export function healthBenchLine({ query, criteria }: ExportRecord): string {
  return `${JSON.stringify({
    prompt: query.conversation.map((message) => ({ role: message.role, content: message.content })),
    prompt_id: query.id,
    rubrics: criteria.map((c) => ({ criterion: composeCriterionText(c.title, c.description), points: c.points, tags: c.tags })),
    example_tags: query.tags,
  })}\n`;
}
