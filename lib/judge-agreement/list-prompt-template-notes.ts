// The notes written against prompt template versions (for /judge/prompts), newest first, with the item each cites.
import 'server-only';
import { prisma } from '@/lib/db';

export interface PromptTemplateNoteView {
  id: number;
  templateName: string;
  templateVersion: string;
  body: string;
  authorName: string | null;
  createdAt: string;
  runId: number | null;
  criterionId: number | null;
  criterionTitle: string | null;
  responseSource: string | null;
  queryExternalId: string | null;
}

export async function listPromptTemplateNotes(): Promise<PromptTemplateNoteView[]> {
  const notes = await prisma.promptTemplateNote.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: {
      author: { select: { name: true } },
      criterion: { select: { title: true } },
      response: { select: { sourceLabel: true, query: { select: { externalId: true } } } },
    },
  });
  return notes.map((note) => ({
    id: note.id,
    templateName: note.templateName,
    templateVersion: note.templateVersion,
    body: note.body,
    authorName: note.author?.name ?? null,
    createdAt: note.createdAt.toISOString(),
    runId: note.runId,
    criterionId: note.criterionId,
    criterionTitle: note.criterion?.title ?? null,
    responseSource: note.response?.sourceLabel ?? null,
    queryExternalId: note.response?.query.externalId ?? null,
  }));
}
