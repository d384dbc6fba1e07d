'use client';
// What can be done with the rows selected in the criteria browser: export them (CSV, neutralised against
// formulas, or JSON Lines), and for admins tag them or add them to a campaign no expert has started. Every
// action is checked again on the server (lib/criteria/actions.ts); what the server refused stays selected, so
// the admin sees which rows it was.
import { AUDIT_MODES, type AuditMode } from '@/lib/vocabulary/enums';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/page-header';
import { AUDIT_MODE_TEXT } from '@/components/audit/campaign-labels';
import type { AddToCampaignResult } from '@/lib/audit/add-criteria-to-campaign';
import type { ActionResult } from '@/lib/auth/action';
import { addToCampaignAction } from '@/lib/audit/actions';
import { exportCriteriaAction, tagCriteriaAction } from '@/lib/criteria/actions';
import type { CRITERIA_EXPORT_FORMATS } from '@/lib/criteria/schemas';

export interface CampaignChoice {
  id: number;
  name: string;
  datasetName: string | null;
  criteria: number;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The result of an addition in words: what was added, then each reason rows were refused and how many. */
export function describeAddition(result: AddToCampaignResult, campaignName: string): string {
  const { refused } = result;
  const parts = [
    ...refused.busy.map((busy) => `${plural(busy.criterionIds.length, 'is', 'are')} being audited in “${busy.name}”`),
    refused.notEligible.length ? `${plural(refused.notEligible.length, 'was', 'were')} audited already (choose another audit mode)` : null,
    refused.alreadyIn.length ? `${plural(refused.alreadyIn.length, 'is', 'are')} in “${campaignName}” already` : null,
    refused.otherDataset.length
      ? `${plural(refused.otherDataset.length, 'belongs', 'belong')} to another dataset than the campaign’s`
      : null,
    refused.missing.length ? `${plural(refused.missing.length, 'no longer exists', 'no longer exist')}` : null,
  ].filter(Boolean);
  const added =
    result.added > 0
      ? `Added ${plural(result.added, 'criterion', 'criteria')} to “${campaignName}” (${plural(result.newQueries, 'new query', 'new queries')}).`
      : `Nothing was added to “${campaignName}”.`;
  return parts.length ? `${added} Not added: ${parts.join('; ')}. Those rows stay selected.` : added;
}

function download(fileName: string, mimeType: string, content: string) {
  // A BOM so that spreadsheets read the CSV as UTF-8.
  const blob = new Blob([mimeType === 'text/csv' ? `\uFEFF${content}` : content], { type: `${mimeType};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function CriteriaBulkActions({
  selectedIds,
  isAdmin,
  campaigns,
  onSelect,
}: {
  selectedIds: number[];
  isAdmin: boolean;
  campaigns: CampaignChoice[];
  /** Replaces the selection (after an addition: the refused rows). */
  onSelect: (ids: number[]) => void;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [tag, setTag] = useState('');
  const [campaignId, setCampaignId] = useState(String(campaigns[0]?.id ?? ''));
  const [audit, setAudit] = useState<AuditMode>('new');

  const fail = (result: Extract<ActionResult<unknown>, { ok: false }>) => {
    setErrors(result.fieldErrors ?? {});
    setNotice({ tone: 'error', text: result.error });
  };

  const exportAs = (format: (typeof CRITERIA_EXPORT_FORMATS)[number]) =>
    start(async () => {
      const result = await exportCriteriaAction({ criterionIds: selectedIds, format });
      if (!result.ok) return fail(result);
      setErrors({});
      setNotice({ tone: 'success', text: `Exported ${plural(result.data.rows, 'criterion', 'criteria')} as ${result.data.fileName}.` });
      download(result.data.fileName, result.data.mimeType, result.data.content);
    });

  const tagAll = (remove: boolean) =>
    start(async () => {
      const result = await tagCriteriaAction({ criterionIds: selectedIds, tag, remove });
      if (!result.ok) return fail(result);
      setErrors({});
      setNotice({ tone: 'success', text: result.message ?? 'Saved.' });
      router.refresh();
    });

  const addAll = () =>
    start(async () => {
      const campaign = campaigns.find((choice) => String(choice.id) === campaignId);
      const result = await addToCampaignAction({ criterionIds: selectedIds, campaignId: Number(campaignId), audit });
      if (!result.ok) return fail(result);
      setErrors({});
      const refused = [
        ...result.data.refused.busy.flatMap((busy) => busy.criterionIds),
        ...result.data.refused.notEligible,
        ...result.data.refused.alreadyIn,
        ...result.data.refused.otherDataset,
      ];
      setNotice({
        tone: refused.length || result.data.refused.missing.length ? 'warning' : 'success',
        text: describeAddition(result.data, campaign?.name ?? 'the campaign'),
      });
      onSelect(refused);
      router.refresh();
    });

  return (
    <section aria-label="Selected criteria" className="mb-3 space-y-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      {notice ? (
        <Notice tone={notice.tone}>
          <span data-testid="bulk-notice">{notice.text}</span>
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">Export {plural(selectedIds.length, 'criterion', 'criteria')}</span>
          <Button size="sm" variant="secondary" disabled={pending} onClick={() => exportAs('csv')}>
            CSV
          </Button>
          <Button size="sm" variant="secondary" disabled={pending} onClick={() => exportAs('jsonl')}>
            JSONL
          </Button>
        </div>
        {isAdmin ? (
          <form
            aria-label="Tag the selection"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              tagAll(false);
            }}
          >
            <TextField
              label="Tag"
              name="tag"
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              placeholder="e.g. theme:dosing"
              errors={errors.tag}
              className="w-48"
            />
            <Button size="sm" type="submit" variant="secondary" disabled={pending}>
              Add tag
            </Button>
            <Button size="sm" variant="ghost" disabled={pending} onClick={() => tagAll(true)}>
              Remove tag
            </Button>
          </form>
        ) : null}
        {isAdmin ? (
          <form
            aria-label="Add the selection to a campaign"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              addAll();
            }}
          >
            {campaigns.length === 0 ? (
              <p className="max-w-sm text-xs text-slate-600">
                No campaign can take criteria now: only an open campaign no expert has started can. Create one on the Audit page.
              </p>
            ) : (
              <>
                <SelectField
                  label="Campaign (not started)"
                  name="campaignId"
                  value={campaignId}
                  onChange={(event) => setCampaignId(event.target.value)}
                  errors={errors.campaignId}
                  className="w-56"
                >
                  {campaigns.map((campaign) => (
                    <option key={campaign.id} value={campaign.id}>
                      {campaign.name} ({campaign.datasetName ?? 'a deleted dataset'}, {plural(campaign.criteria, 'criterion', 'criteria')})
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Audit mode"
                  name="audit"
                  value={audit}
                  onChange={(event) => setAudit(event.target.value as AuditMode)}
                  className="w-56"
                >
                  {AUDIT_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {AUDIT_MODE_TEXT[mode][0]}
                    </option>
                  ))}
                </SelectField>
                <Button size="sm" type="submit" disabled={pending}>
                  Add to campaign
                </Button>
              </>
            )}
          </form>
        ) : null}
      </div>
    </section>
  );
}
