// HealthBench-compatible JSON Lines: { prompt, prompt_id, rubrics: [{ criterion, points, tags }],
// example_tags }, the fields HealthBench's grader reads. The criterion is the full description (the title
// when there is none); points keep their sign (pitfalls negative).
import type { ExportRecord } from '@/lib/export/release-rows';

export function healthBenchLine({ query, criteria }: ExportRecord): string {
  return `${JSON.stringify({
    prompt: query.conversation.map((message) => ({ role: message.role, content: message.content })),
    prompt_id: query.id,
    rubrics: criteria.map((c) => ({ criterion: c.description.trim() ? c.description : c.title, points: c.points, tags: c.tags })),
    example_tags: query.tags,
  })}\n`;
}
