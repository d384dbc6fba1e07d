'use client';
// What the two "new campaign" forms (audit and grading) share: one action form whose selection is previewed
// (counts from a preview action, marked stale when the selection changes) before the campaign is created, and the
// fields every campaign has, read from the submitted form.
import { useState } from 'react';
import { localDateTimeToIso } from '@/components/ui/format';
import { formStrings, formText } from '@/components/ui/form-values';
import { nestedPartErrors, type SubmitOptions, useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/auth/action';

/** The fields of every campaign: name, texts, k, experts, deadline (the admin's local time, sent as an instant). */
export function readCampaignBasics(data: FormData) {
  const deadline = formText(data, 'deadline');
  return {
    name: (data.get('name') as string | null) ?? '',
    description: formText(data, 'description'),
    instructions: formText(data, 'instructions'),
    overlapK: formText(data, 'overlapK') ?? '',
    expertIds: formStrings(data, 'expertIds'),
    deadline: deadline ? localDateTimeToIso(deadline) : undefined,
    reservationMinutes: formText(data, 'reservationMinutes') ?? '',
  };
}

export function usePreviewedCampaignForm<S, P>({
  readSelection,
  previewAction,
}: {
  readSelection: (data: FormData) => S;
  previewAction: (selection: S) => Promise<ActionResult<P>>;
}) {
  const { formRef, formProps, errors, notice, pending, submit: run } = useActionForm();
  const [running, setRunning] = useState<'preview' | 'create'>('preview');
  const [preview, setPreview] = useState<{ data: P; stale: boolean } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);

  /** The selection changed: the preview no longer describes it. */
  const markStale = () => setPreview((current) => (current ? { ...current, stale: true } : current));

  const runPreview = () => {
    const form = formRef.current;
    if (!form) return;
    const selection = readSelection(new FormData(form));
    setRunning('preview');
    run(() => previewAction(selection), {
      notice: false,
      // The preview validates the selection alone: its paths are relative to it, and it clears only its own.
      ...nestedPartErrors('selection'),
      onError: (result) => setPreviewError(result.error),
      onSuccess: (data) => {
        setPreview({ data, stale: false });
        setPreviewError(null);
      },
    });
  };

  const create = <T>(action: () => Promise<ActionResult<T>>, options: SubmitOptions<T>) => {
    setRunning('create');
    run(action, options);
  };

  return {
    formRef,
    formProps,
    errors,
    notice,
    previewing: pending && running === 'preview',
    submitting: pending && running === 'create',
    preview,
    previewError,
    markStale,
    runPreview,
    create,
  };
}
