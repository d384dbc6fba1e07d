// Every submitted verdict on the criterion, under its alias ("Expert 1", …; the name only when the server
// revealed it): decision, dimensions, weight direction, severity, comment, and the proposed revision as a
// word diff against the original, with a button that copies the verdict into the reviewer's form.
import { TextChanges } from '@/components/adjudication/text-changes';
import { DECISION_LABELS, DIMENSION_LABELS, SEVERITY_LABELS, WEIGHT_DIRECTION_LABELS } from '@/components/audit/labels';
import { formatDate } from '@/components/ui/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { AdjudicationVerdict, GoldText } from '@/lib/adjudication/get-adjudication-item';

export function ExpertVerdicts({
  verdicts,
  original,
  onUse,
  disabled,
}: {
  verdicts: AdjudicationVerdict[];
  original: GoldText;
  onUse: (verdict: AdjudicationVerdict) => void;
  disabled?: boolean;
}) {
  return (
    <ol className="space-y-3" aria-label="Expert verdicts">
      {verdicts.map((verdict) => {
        const decision = DECISION_LABELS[verdict.decision as keyof typeof DECISION_LABELS];
        const who = verdict.expertName ? `${verdict.label} · ${verdict.expertName}` : verdict.label;
        return (
          <li key={verdict.label}>
            <article aria-label={who} className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
              <header className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-900">{who}</h3>
                <span className="flex items-center gap-2">
                  <time className="text-xs text-slate-500" dateTime={verdict.submittedAt}>
                    {formatDate(verdict.submittedAt, true)}
                  </time>
                  <Badge tone={decision?.tone ?? 'slate'}>{decision?.label ?? verdict.decision}</Badge>
                </span>
              </header>
              {verdict.dimensions.length || verdict.severity ? (
                <p className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                  {verdict.dimensions.map((dimension) => (
                    <Badge key={dimension}>
                      {DIMENSION_LABELS[dimension] ?? dimension}
                      {dimension === 'WEIGHT' && verdict.weightDirection
                        ? `: ${WEIGHT_DIRECTION_LABELS[verdict.weightDirection] ?? verdict.weightDirection}`
                        : ''}
                    </Badge>
                  ))}
                  {verdict.severity ? <span>Severity: {SEVERITY_LABELS[verdict.severity] ?? verdict.severity}</span> : null}
                </p>
              ) : null}
              {verdict.comment ? (
                <blockquote className="mt-2 border-l-2 border-slate-200 pl-3 text-sm whitespace-pre-wrap text-slate-700">
                  {verdict.comment}
                </blockquote>
              ) : null}
              {verdict.proposedRevision ? (
                <div className="mt-2 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
                  <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Proposed revision</p>
                  <TextChanges original={original} revised={verdict.proposedRevision} label={`${verdict.label}'s changes`} />
                </div>
              ) : null}
              <div className="mt-2 text-right">
                <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onUse(verdict)}>
                  {verdict.proposedRevision ? `Use ${verdict.label}'s revision` : `Use ${verdict.label}'s decision`}
                </Button>
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
