// A criterion's revision history in the drawer, newest first: each text it has had, where it came from (as
// imported, a reviewer's gold text, an expert's proposal, reverted, or an accepted missing-criterion proposal), who
// made it, in which campaign and why, and what it changed from the revision before, word by word. The word diff is visual; each change also has its
// accessible sentence ("title changed from … to …") for screen readers.
import type { Tier } from '@/lib/vocabulary/enums';
import { WordDiff } from '@/components/audit/revision-editor';
import { TIER_LABELS, formatPoints } from '@/components/criteria/labels';
import { formatDate } from '@/components/ui/format';
import { Badge } from '@/components/ui/badge';
import type { CriterionDetail } from '@/lib/criteria/get-criterion-detail';

type Revision = CriterionDetail['revisions'][number];

const SOURCE_LABELS: Record<string, string> = {
  IMPORTED: 'As imported',
  ADJUDICATION: 'Reviewer’s gold text',
  EXPERT_PROPOSAL: 'Experts’ unanimous revision',
  REVERTED: 'Reverted',
  MISSING_PROPOSAL: 'Expert’s missing-criterion proposal, accepted',
};

const tierAndPoints = (revision: Revision) =>
  `${TIER_LABELS[revision.tier as Tier]?.label ?? revision.tier}, ${formatPoints(revision.points)} points`;

/** The fields that differ between two revisions, as [name, before, after]. */
export function revisionChanges(before: Revision, after: Revision): [string, string, string][] {
  const fields: [string, string, string][] = [
    ['title', before.title, after.title],
    ['description', before.description, after.description],
    ['tier and points', tierAndPoints(before), tierAndPoints(after)],
  ];
  return fields.filter(([, a, b]) => a !== b);
}

export function RevisionHistory({ revisions, current }: { revisions: Revision[]; current: number }) {
  if (revisions.length === 0) return <p className="text-sm text-slate-500">No revisions recorded.</p>;
  return (
    <ol className="space-y-3 text-sm" aria-label="Revisions, newest first">
      {revisions.map((revision, index) => {
        const previous = revisions[index + 1];
        const changes = previous ? revisionChanges(previous, revision) : [];
        return (
          <li
            key={revision.revision}
            aria-current={revision.revision === current ? 'true' : undefined}
            className={`rounded-md px-3 py-2 ring-1 ${revision.revision === current ? 'bg-brand-50 ring-brand-100' : 'ring-slate-100'}`}
          >
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-medium text-slate-900">Revision {revision.revision}</span>
              <Badge tone={revision.source === 'IMPORTED' ? 'slate' : revision.source === 'REVERTED' ? 'amber' : 'blue'}>
                {SOURCE_LABELS[revision.source] ?? revision.source}
              </Badge>
              {revision.revision === current ? <span className="text-xs text-brand-700">current</span> : null}
              <span className="text-slate-500">
                {revision.proposal ? `proposed by ${revision.proposal.expertName} (proposal #${revision.proposal.id}), accepted ` : null}
                {revision.authorName ? `by ${revision.authorName}` : null}
                {revision.campaign ? ` · campaign “${revision.campaign.name}”` : null}
              </span>
              <time dateTime={revision.createdAt} className="ml-auto text-xs text-slate-500 tabular-nums">
                {formatDate(revision.createdAt, true)}
              </time>
            </div>
            {revision.reason ? <p className="mt-1 whitespace-pre-wrap text-slate-600">Why: {revision.reason}</p> : null}
            {previous ? (
              changes.length ? (
                <dl className="mt-1 space-y-1" aria-label={`Changes in revision ${revision.revision}`}>
                  {changes.map(([name, before, after]) => (
                    <div key={name}>
                      <dt className="inline text-xs text-slate-500 capitalize">{name} </dt>
                      <dd className="inline whitespace-pre-wrap">
                        <span aria-hidden="true">
                          <WordDiff before={before} after={after} />
                        </span>
                        <span className="sr-only">
                          {name} changed from “{before}” to “{after}”
                        </span>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="mt-1 text-xs text-slate-500">Same text as revision {previous.revision}.</p>
              )
            ) : (
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{revision.title}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
