// A note against a prompt template version from the disagreement browser: the template and version are the
// grading run's own (never the client's word), and the cited item must be one the run graded.
import 'server-only';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import type { PromptTemplateNoteInput } from '@/lib/judge-agreement/schemas';

export async function notePromptTemplate({
  authorId,
  input,
}: {
  authorId: string;
  input: PromptTemplateNoteInput;
}): Promise<{ id: number; templateName: string; templateVersion: string }> {
  return await prisma.$transaction(async (tx) => {
    const grade = await tx.grade.findUnique({
      where: { runId_responseId_criterionId: { runId: input.runId, responseId: input.responseId, criterionId: input.criterionId } },
      select: { run: { select: { kind: true, promptTemplate: true, promptVersion: true } } },
    });
    if (grade?.run.kind !== 'GRADE') throw new DomainError('NOT_FOUND', 'The grading run did not grade this item.');
    const note = await tx.promptTemplateNote.create({
      data: {
        templateName: grade.run.promptTemplate,
        templateVersion: grade.run.promptVersion,
        body: input.body,
        authorId,
        runId: input.runId,
        responseId: input.responseId,
        criterionId: input.criterionId,
      },
      select: { id: true, templateName: true, templateVersion: true },
    });
    await recordEvent(tx, {
      actorId: authorId,
      action: 'promptTemplate.note',
      entityType: 'prompt_template_note',
      entityId: note.id,
      after: { ...note, runId: input.runId, responseId: input.responseId, criterionId: input.criterionId },
    });
    return note;
  });
}
