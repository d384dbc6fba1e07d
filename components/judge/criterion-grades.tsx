// The LLM judge's grades of one criterion, for the criterion drawer (admins and reviewers): which run, which
// response, met or not, and the judge's explanation. Run numbers link to the run page for admins only.
import Link from 'next/link';
import { formatPoints } from '@/components/criteria/labels';
import { formatDate } from '@/components/ui/format';
import { Badge } from '@/components/ui/badge';
import type { CriterionGrade } from '@/lib/judge/list-criterion-grades';

export function RunReference({ runId, link }: { runId: number; link: boolean }) {
  return link ? (
    <Link href={`/judge/runs/${runId}`} className="text-brand-700 underline-offset-2 hover:underline">
      Run #{runId}
    </Link>
  ) : (
    <span>Run #{runId}</span>
  );
}

export function CriterionGrades({ grades, total, linkRuns }: { grades: CriterionGrade[]; total: number; linkRuns: boolean }) {
  if (grades.length === 0) return <p className="text-sm text-slate-500">The judge has not graded this criterion.</p>;
  return (
    <>
      <ol className="space-y-2 text-sm" data-testid="judge-grades">
        {grades.map((grade) => (
          <li key={grade.id} className="rounded-md px-3 py-2 ring-1 ring-slate-100">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {grade.met === null ? (
                <Badge>Ungraded</Badge>
              ) : grade.met ? (
                <Badge tone="green">Met</Badge>
              ) : (
                <Badge tone="slate">Not met</Badge>
              )}
              <span className="font-medium text-slate-900">{grade.responseLabel}</span>
              <span className="font-mono text-xs text-slate-500">{grade.responseExternalId}</span>
              {grade.isIdeal ? <Badge tone="violet">Ideal</Badge> : null}
              <span className="text-xs text-slate-500 tabular-nums">{formatPoints(grade.pointsAwarded)} points</span>
              <span className="ml-auto text-xs text-slate-500">
                <RunReference runId={grade.runId} link={linkRuns} />
                {grade.model ? <span className="font-mono"> · {grade.model}</span> : null}
                {' · '}
                <time dateTime={grade.createdAt}>{formatDate(grade.createdAt)}</time>
              </span>
            </div>
            <p className="mt-1 whitespace-pre-wrap text-slate-700">{grade.explanation}</p>
          </li>
        ))}
      </ol>
      {total > grades.length ? (
        <p className="mt-2 text-xs text-slate-500">
          The latest {grades.length} of {total.toLocaleString('en')} grades.
        </p>
      ) : null}
    </>
  );
}
