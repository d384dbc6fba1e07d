// Notes against a prompt template from the disagreement browser, on real PostgreSQL: the template and version are
// the run's, the cited item must be one the run graded, and the note is listed with who, when and the item.
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { listPromptTemplateNotes } from '@/lib/judge-agreement/list-prompt-template-notes';
import { notePromptTemplate } from '@/lib/judge-agreement/note-prompt-template';
import { promptTemplateNoteSchema } from '@/lib/judge-agreement/schemas';

let runId = 0;
let authorId = '';
let item = { responseId: 0, criterionId: 0 };
let other = { responseId: 0, criterionId: 0 };

beforeAll(async () => {
  const query = {
    id: 'nq1',
    category: 'CLINICAL_CARE',
    conversation: [{ role: 'user', content: 'Headache for a week.' }],
    criteria: [
      { id: 'n1', title: 'Asks about red flags', description: 'Asks about red flags.', tier: 'ESSENTIAL', points: 5 },
      { id: 'n2', title: 'Suggests a diary', description: 'Suggests a headache diary.', tier: 'HIGHLIGHT', points: 1 },
    ],
    responses: [{ id: 'nr1', source: 'model-n', content: 'Keep a diary.' }],
  };
  expect((await importFile({ source: bufferSource('n.jsonl', JSON.stringify(query)), datasetName: 'notes' })).ok).toBe(true);
  const response = await prisma.response.findFirstOrThrow({ where: { externalId: 'nr1' } });
  const [first, second] = await prisma.criterion.findMany({ where: { queryId: response.queryId }, orderBy: { position: 'asc' } });
  if (!first || !second) throw new Error('criteria missing');
  item = { responseId: response.id, criterionId: first.id };
  other = { responseId: response.id, criterionId: second.id };
  runId = (
    await prisma.judgeRun.create({
      data: { kind: 'GRADE', status: 'SUCCEEDED', params: {}, scope: {}, promptTemplate: 'grade', promptVersion: 'v1' },
    })
  ).id;
  await prisma.grade.create({ data: { runId, ...item, met: true, pointsAwarded: 5, explanation: 'It asks.' } });
  authorId = (await prisma.user.create({ data: { id: 'note-admin', email: 'note-admin@test.local', name: 'Note Admin', role: 'ADMIN' } }))
    .id;
});

describe('notePromptTemplate', () => {
  it('stores the note against the run’s template version with the author and the cited item, and lists it', async () => {
    const note = await notePromptTemplate({
      authorId,
      input: promptTemplateNoteSchema.parse({ runId, ...item, body: '  The template should ask for red flags explicitly.  ' }),
    });
    expect(note).toMatchObject({ templateName: 'grade', templateVersion: 'v1' });
    const stored = await prisma.promptTemplateNote.findUniqueOrThrow({ where: { id: note.id } });
    expect(stored).toMatchObject({ authorId, runId, ...item, body: 'The template should ask for red flags explicitly.' });
    const event = await prisma.auditEvent.findFirstOrThrow({ where: { entityType: 'prompt_template_note', entityId: String(note.id) } });
    expect(event).toMatchObject({ actorId: authorId, action: 'promptTemplate.note' });
    const [listed] = (await listPromptTemplateNotes()).filter((n) => n.id === note.id);
    expect(listed).toMatchObject({
      templateName: 'grade',
      templateVersion: 'v1',
      authorName: 'Note Admin',
      runId,
      criterionTitle: 'Asks about red flags',
      responseSource: 'model-n',
      queryExternalId: 'nq1',
      createdAt: stored.createdAt.toISOString(),
    });
  });

  it('refuses an item the run did not grade, and stores nothing', async () => {
    const before = await prisma.promptTemplateNote.count();
    await expect(
      notePromptTemplate({ authorId, input: promptTemplateNoteSchema.parse({ runId, ...other, body: 'not graded' }) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      notePromptTemplate({ authorId, input: promptTemplateNoteSchema.parse({ runId: runId + 1000, ...item, body: 'no run' }) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await prisma.promptTemplateNote.count()).toBe(before);
    expect(promptTemplateNoteSchema.safeParse({ runId, ...item, body: '   ' }).success).toBe(false);
  });
});
