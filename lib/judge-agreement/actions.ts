'use server';
// Server actions of the judge's agreement pages: a note against the run's prompt template, from a disagreement.
import { defineAction } from '@/lib/auth/action';
import { notePromptTemplate } from '@/lib/judge-agreement/note-prompt-template';
import { promptTemplateNoteSchema } from '@/lib/judge-agreement/schemas';

export const notePromptTemplateAction = defineAction(
  { name: 'judgeAgreement.noteTemplate', roles: ['ADMIN'], input: promptTemplateNoteSchema },
  async (input, { user, revalidate }) => {
    const note = await notePromptTemplate({ authorId: user.id, input });
    revalidate('/judge/prompts');
    return { data: note, message: `Noted against ${note.templateName} ${note.templateVersion}.` };
  },
);
