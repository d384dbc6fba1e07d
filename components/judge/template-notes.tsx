// The notes written against one prompt template (every version), each with who, when and the item it cites.
import Link from 'next/link';
import { formatDate } from '@/components/ui/format';
import type { PromptTemplateNoteView } from '@/lib/judge-agreement/list-prompt-template-notes';

export function TemplateNotes({ name, notes }: { name: string; notes: PromptTemplateNoteView[] }) {
  return (
    <section id={`notes-${name}`} aria-labelledby={`notes-${name}-heading`} className="mt-2 scroll-mt-4 px-1">
      <h3 id={`notes-${name}-heading`} className="text-sm font-semibold text-slate-900">
        Notes on <span className="font-mono">{name}</span> ({notes.length})
      </h3>
      {notes.length === 0 ? (
        <p className="text-xs text-slate-500">None yet: write one from a disagreement on a grading run’s agreement page.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label={`Notes on ${name}`}>
          {notes.map((note) => (
            <li key={note.id} className="py-2 text-sm" data-testid="template-note">
              <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                <span className="font-mono">
                  {note.templateName} {note.templateVersion}
                </span>{' '}
                · {note.authorName ?? 'a removed user'} · {formatDate(note.createdAt, true)}
                {note.runId !== null ? (
                  <>
                    {' '}
                    · cites{' '}
                    <Link className="font-medium text-brand-700 hover:underline" href={`/judge/runs/${note.runId}/agreement`}>
                      run #{note.runId}
                    </Link>
                  </>
                ) : (
                  ' · its run was deleted'
                )}
                {note.criterionTitle ? `, “${note.criterionTitle}”` : ''}
                {note.responseSource ? `, the response of ${note.responseSource} to ${note.queryExternalId}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
