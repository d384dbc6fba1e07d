'use client';
// From a disagreement item: a note against the run's prompt template version, citing the item (listed on /judge/prompts).
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { FormNotice, TextAreaField } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { notePromptTemplateAction } from '@/lib/judge-agreement/actions';

export function TemplateNoteForm({
  runId,
  responseId,
  criterionId,
  template,
}: {
  runId: number;
  responseId: number;
  criterionId: number;
  /** "grade v1": the run's template and version. */
  template: { name: string; version: string };
}) {
  const { formProps, formAction, values, errors, notice, pending } = useActionForm({
    action: notePromptTemplateAction,
    clearOnSuccess: true,
  });
  const label = `${template.name} ${template.version}`;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Note against the template {label}</summary>
      <form {...formProps} action={formAction} noValidate aria-label={`Note against ${label}`} className="mt-2 space-y-2">
        <input type="hidden" name="runId" value={runId} />
        <input type="hidden" name="responseId" value={responseId} />
        <input type="hidden" name="criterionId" value={criterionId} />
        <TextAreaField
          label="Note"
          name="body"
          rows={3}
          defaultValue={values.body}
          errors={errors.body}
          hint="Cites this item (run, response, criterion); listed with the template on Prompt templates."
          required
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? 'Saving…' : 'Save the note'}
          </Button>
          <FormNotice notice={notice} inline />
          {notice?.tone === 'success' ? (
            <Link className="font-medium text-brand-700 hover:underline" href={`/judge/prompts#notes-${template.name}`}>
              See the template’s notes
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}
