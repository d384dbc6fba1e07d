// One grading campaign for admins and reviewers: progress per clinician, the marks' counts per tier, the clinicians'
// comments with their criterion and response (not blind: experts never reach this page), and the grading runs
// over the same dataset with a way to each one's agreement page.
import Link from 'next/link';
import { TIER_LABELS } from '@/components/criteria/labels';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/components/ui/format';
import { Card } from '@/components/ui/page-header';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Stat } from '@/components/ui/stat';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import { COMMENT_LIMIT, type GradingCampaignReport, type GradingComment } from '@/lib/grading/get-grading-campaign-report';

const markText = (comment: GradingComment) =>
  comment.cannotJudge
    ? 'Cannot judge'
    : comment.met === null
      ? 'Not marked'
      : `${comment.met ? 'Met' : 'Not met'}${comment.level ? ` · ${comment.level}` : ''}`;

export function GradingCampaignReportView({ report }: { report: GradingCampaignReport }) {
  return (
    <div className="space-y-6">
      <div>
        <nav aria-label="Breadcrumb" className="mb-2 text-xs text-slate-500">
          <Link href="/audit" className="hover:text-slate-800 hover:underline">
            Audit
          </Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">Grading campaign</span>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{report.name}</h1>
          {report.status === 'OPEN' ? <Badge tone="green">Open</Badge> : <Badge>Closed</Badge>}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {report.datasetName ?? 'Dataset removed'} · k = {report.overlapK}
          {report.description ? ` · ${report.description}` : ''}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Responses" value={String(report.responses)} testId="report-responses" />
        <Stat label="Gradings" value={`${report.gradingsDone} / ${report.gradingsTotal}`} testId="report-gradings" />
        <Stat label="Marks" value={String(report.marks)} detail="drafts included" testId="report-marks" />
        <Stat
          label="Cannot judge"
          value={String(report.tiers.reduce((sum, tier) => sum + tier.cannotJudge, 0))}
          testId="report-cannot-judge"
        />
        <Stat label="Comments" value={String(report.comments)} testId="report-comments" />
        <Stat label="Clinician grades" value={String(report.clinicianGrades)} detail="from submissions" testId="report-grades" />
      </dl>

      <Card title="Progress per clinician">
        <p className="mb-2 text-xs text-slate-500">
          Remaining: responses still short of k submissions that the clinician has neither submitted nor holds (others may take them first).
        </p>
        <SimpleTable
          label="Progress per clinician"
          head={
            <>
              <Th>Clinician</Th>
              <Th className="w-56">Progress</Th>
              <Th align="right">Submitted</Th>
              <Th align="right">In progress</Th>
              <Th align="right">Remaining</Th>
            </>
          }
        >
          {report.clinicians.map((clinician) => (
            <tr key={clinician.expertId} data-testid={`clinician-${clinician.expertId}`}>
              <Td>
                <span className="font-medium text-slate-900">{clinician.name}</span>
                <div className="text-xs text-slate-500">{clinician.email}</div>
              </Td>
              <Td>
                <ProgressBar
                  label={`Responses submitted by ${clinician.name}`}
                  value={clinician.submitted}
                  max={Math.max(clinician.submitted + clinician.inProgress + clinician.remaining, 1)}
                  showText={false}
                />
              </Td>
              <Td align="right" data-testid="clinician-submitted">
                {clinician.submitted}
              </Td>
              <Td align="right" data-testid="clinician-in-progress">
                {clinician.inProgress}
              </Td>
              <Td align="right" data-testid="clinician-remaining">
                {clinician.remaining}
              </Td>
            </tr>
          ))}
        </SimpleTable>
      </Card>

      <Card title="Marks per criterion tier">
        {report.tiers.length === 0 ? (
          <p className="text-sm text-slate-600">No marks yet.</p>
        ) : (
          <SimpleTable
            label="Marks per criterion tier"
            head={
              <>
                <Th>Tier</Th>
                <Th align="right">Marks</Th>
                <Th align="right">Met</Th>
                <Th align="right">Not met</Th>
                <Th align="right">Cannot judge</Th>
              </>
            }
          >
            {report.tiers.map((tier) => (
              <tr key={tier.tier} data-testid={`tier-${tier.tier}`}>
                <Td>{TIER_LABELS[tier.tier].label}</Td>
                <Td align="right">{tier.marks}</Td>
                <Td align="right">{tier.met}</Td>
                <Td align="right">{tier.notMet}</Td>
                <Td align="right" data-testid="tier-cannot-judge">
                  {tier.cannotJudge}
                </Td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </Card>

      <Card title="Clinicians’ comments">
        {report.commentList.length === 0 ? (
          <p className="text-sm text-slate-600">No comments yet.</p>
        ) : (
          <>
            {report.comments > report.commentList.length ? (
              <p className="mb-2 text-xs text-slate-500">
                The newest {COMMENT_LIMIT} of {report.comments}.
              </p>
            ) : null}
            <ul className="divide-y divide-slate-100" aria-label="Clinicians’ comments">
              {report.commentList.map((comment) => (
                <li
                  key={`${comment.responseId}-${comment.criterionId}-${comment.expertName}-${comment.updatedAt}`}
                  className="py-3 text-sm"
                >
                  <p className="whitespace-pre-wrap text-slate-900">{comment.comment}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {comment.expertName} · {markText(comment)} · {comment.submitted ? 'submitted' : 'draft'} ·{' '}
                    {formatDate(comment.updatedAt, true)}
                  </p>
                  <p className="mt-1 text-xs text-slate-600">
                    <Link className="font-medium text-brand-700 hover:underline" href={`/criteria?open=${comment.criterionId}`}>
                      {comment.criterionTitle}
                    </Link>{' '}
                    ({TIER_LABELS[comment.tier].label}) · response of {comment.responseSource} to {comment.queryExternalId}: “
                    {comment.responseExcerpt}…”
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <Card title="Grading runs over this dataset">
        {report.runs.length === 0 ? (
          <p className="text-sm text-slate-600">No grading run has graded this dataset yet.</p>
        ) : (
          <SimpleTable
            label="Grading runs over this dataset"
            head={
              <>
                <Th>Run</Th>
                <Th>Template</Th>
                <Th>Models</Th>
                <Th align="right">Items graded here too</Th>
              </>
            }
          >
            {report.runs.map((run) => (
              <tr key={run.runId}>
                <Td>
                  <Link className="font-medium text-brand-700 hover:underline" href={`/judge/runs/${run.runId}/agreement`}>
                    Agreement of run #{run.runId}
                  </Link>
                </Td>
                <Td>
                  {run.promptTemplate} {run.promptVersion}
                </Td>
                <Td>{run.models.join(', ') || '—'}</Td>
                <Td align="right">{run.sharedItems}</Td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </Card>
    </div>
  );
}
