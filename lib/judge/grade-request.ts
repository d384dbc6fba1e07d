// The request of one grading call (HealthBench semantics: one response, one rubric item), shared by GRADE runs and
// the PROBE runs that grade a response's variant beside it: one prompt and one answer schema for both.
import type { ModelRequest } from '@/lib/judge/call-model';
import { buildGradePrompt, type ConversationMessage } from '@/lib/judge/prompts';
import { GRADE_SCHEMA_NAME, gradeJsonSchema, gradeOutputSchema } from '@/lib/judge/schemas';
import type { BuiltRequest } from '@/lib/judge/task-kinds';

export function buildGradeRequest({
  conversation,
  response,
  criterion,
}: {
  conversation: readonly ConversationMessage[];
  response: string;
  criterion: { title: string; description: string; points: number; revision: number };
}): BuiltRequest {
  const prompt = buildGradePrompt({ conversation, response, criterion });
  const messages: ModelRequest['messages'] = [
    { role: 'system', content: prompt.system },
    { role: 'user', content: prompt.user },
  ];
  return {
    template: 'grade',
    request: { messages, schemaName: GRADE_SCHEMA_NAME, jsonSchema: gradeJsonSchema },
    parse: (value) => gradeOutputSchema.parse(value),
    built: { criterionRevision: criterion.revision },
  };
}
