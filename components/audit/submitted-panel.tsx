'use client';
// What a submitted query shows: that it is submitted, whether it can still be amended (Edit, until the
// campaign closes), and the way on to the next query.
import Link from 'next/link';
import type { Ref } from 'react';
import { ClaimButton } from '@/components/audit/claim-button';
import { Button } from '@/components/ui/button';

export function SubmittedPanel({
  ref,
  campaign,
  justSubmitted,
  editable,
  editing,
  onEditing,
}: {
  ref: Ref<HTMLDivElement>;
  campaign: { id: number; open: boolean };
  justSubmitted: boolean;
  editable: boolean;
  editing: boolean;
  onEditing: (editing: boolean) => void;
}) {
  return (
    <div ref={ref} tabIndex={-1} className="space-y-3 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200" data-testid="submitted-panel">
      <p className="text-sm text-emerald-900" role="status">
        {justSubmitted ? 'Submitted. Thank you! ' : 'You submitted this query. '}
        {!campaign.open
          ? 'The campaign is closed.'
          : editing
            ? 'Editing: each change is saved as an amendment and recorded. A criterion a reviewer has decided can no longer change.'
            : 'Your verdicts are shown read-only. Choose Edit to change them until the campaign closes; every change is recorded.'}
      </p>
      {campaign.open && editable ? (
        <div className="flex flex-wrap items-center gap-3">
          {editing ? (
            <Button variant="secondary" onClick={() => onEditing(false)}>
              Done editing
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onEditing(true)}>
              Edit my verdicts
            </Button>
          )}
          <ClaimButton campaignId={campaign.id} label="Next query" />
          <Link href="/audit" className="text-sm font-medium text-brand-700 hover:underline">
            Back to my audits
          </Link>
        </div>
      ) : null}
    </div>
  );
}
