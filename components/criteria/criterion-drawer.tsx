'use client';
// The criterion detail drawer: a modal <dialog> (focus moves in, the page behind is inert, Escape closes). It is
// open while the URL has `open=<id>`; the page fetches the detail on the server. Provenance arrives for admins
// only (getCriterionDetail returns null otherwise), and the judge's grades for admins and reviewers, so nothing
// here decides who may see them.
import { scrollableProps } from '@/components/ui/scroll-region';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CriterionGrades, RunReference } from '@/components/judge/criterion-grades';
import { Badge } from '@/components/ui/badge';
import { Facts } from '@/components/ui/facts';
import type { CriterionDetail } from '@/lib/criteria/get-criterion-detail';
import { Conversation, toMessages } from './conversation';
import { changedFields, safeHttpUrl, toConsensus, toEvidence, toLevels } from './detail-json';
import { CATEGORY_LABELS, STATUS_LABELS, TIER_LABELS, formatPoints } from './labels';
import { formatDate } from '@/components/ui/format';
import { DECISION_NAMES } from '@/lib/vocabulary/labels';
import { RevisionHistory } from './revision-history';

const DECISION_WORDS: Record<string, string> = Object.fromEntries(
  Object.entries(DECISION_NAMES).map(([decision, name]) => [decision, name.toLowerCase()]),
);

/** One audit of the criterion in words: its final decision and how it was reached, or where it stands. */
function auditSummary(audit: CriterionDetail['audits'][number]): string {
  const decision = audit.finalDecision ? (DECISION_WORDS[audit.finalDecision] ?? audit.finalDecision) : null;
  if (audit.provenance === 'UNANIMOUS') return `${decision} (unanimous, ${audit.verdicts} verdicts)`;
  if (audit.provenance === 'ADJUDICATED') return `${decision} (adjudicated)`;
  if (audit.provenance === 'UNRESOLVED') return 'disagreement awaiting a reviewer';
  return audit.campaignOpen ? `in progress (${audit.verdicts} of ${audit.k} verdicts)` : 'closed without verdicts';
}

export function CriterionDrawer({
  openId,
  detail,
  pending,
  onClose,
}: {
  openId: number;
  detail: CriterionDetail | null;
  /** The detail for `openId` is still being fetched. */
  pending: boolean;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const shown = detail && detail.criterion.id === openId ? detail : null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Another criterion shown in the same drawer starts at its top.
  const bodyRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll back up whenever the criterion changes
  useEffect(() => {
    bodyRef.current?.scrollTo({ top: 0 });
  }, [openId]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handler is for the backdrop; Escape is its keyboard equivalent
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-busy={!shown && pending}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes, like Escape.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-3xl overflow-hidden border-0 bg-white p-0 shadow-2xl ring-1 ring-slate-200 backdrop:bg-slate-900/30 dark:backdrop:bg-black/60"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium text-slate-500">
              Criterion <span className="font-mono">{openId}</span>
              {shown ? (
                <>
                  {' · '}revision {shown.criterion.revision}
                  {' · '}
                  {shown.criterion.query.dataset.name}
                </>
              ) : null}
            </p>
            <h2 id={titleId} className="mt-1 text-lg leading-snug font-semibold text-slate-900">
              {shown ? shown.criterion.title : pending ? 'Loading criterion…' : 'Criterion not found'}
            </h2>
            {shown ? (
              <div className="mt-2 flex flex-wrap items-center gap-1.5">
                <Badge tone={TIER_LABELS[shown.criterion.tier].tone}>{TIER_LABELS[shown.criterion.tier].label}</Badge>
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${
                    shown.criterion.points < 0 ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-50 text-slate-800 ring-slate-200'
                  }`}
                >
                  {formatPoints(shown.criterion.points)} points
                </span>
                <Badge tone={STATUS_LABELS[shown.criterion.status].tone}>{STATUS_LABELS[shown.criterion.status].label}</Badge>
                {shown.inReaudit ? <Badge tone="blue">In re-audit</Badge> : null}
                {shown.criterion.redLine ? <Badge tone="red">Red line</Badge> : null}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            autoFocus
            onClick={() => dialogRef.current?.close()}
            className="-mt-1 -mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M5.3 4.3a1 1 0 0 0-1 1.4L8.6 10l-4.3 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.7 4.3a1 1 0 0 0-.4 0Z" />
            </svg>
            <span className="sr-only">Close</span>
          </button>
        </header>

        <div ref={bodyRef} {...scrollableProps('Criterion details')} className="flex-1 overflow-y-auto px-5 py-5">
          {shown ? (
            <DetailBody detail={shown} />
          ) : pending ? (
            <div className="space-y-3" aria-hidden="true">
              {[80, 95, 60, 90, 70].map((width) => (
                <div key={width} className="h-3 animate-pulse rounded bg-slate-100" style={{ width: `${width}%` }} />
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-600">No criterion has the id {openId}. It may have been removed, or the link is wrong.</p>
          )}
        </div>
      </div>
    </dialog>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h3 id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function DetailBody({ detail }: { detail: CriterionDetail }) {
  const { criterion, revisions, audits, events, provenance, judgeGrades, linkJudgeRuns } = detail;
  const { query } = criterion;
  const levels = toLevels(criterion.levels);
  const evidence = toEvidence(criterion.evidence);
  const messages = toMessages(query.conversation);

  return (
    <div className="space-y-5">
      <Section title="Description">
        {criterion.description.trim() === criterion.title.trim() ? (
          <p className="text-sm text-slate-500">Same as the title.</p>
        ) : criterion.description ? (
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">{criterion.description}</p>
        ) : (
          <p className="text-sm text-slate-500">No description.</p>
        )}
        {criterion.tags.length ? (
          <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
            {criterion.tags.map((tag) => (
              <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section title="Level descriptors">
        {levels.length ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Level descriptors</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" className="w-36 pb-1 font-medium">
                  Level
                </th>
                <th scope="col" className="pb-1 font-medium">
                  What it means
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {levels.map((level, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: levels are an ordered list that may repeat labels
                <tr key={index} className="align-top">
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium text-slate-900">
                    {level.label}
                  </th>
                  <td className="py-1.5 whitespace-pre-wrap text-slate-700">{level.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-500">No level descriptors.</p>
        )}
      </Section>

      <Section title="Evidence">
        {evidence.length ? (
          <ul className="space-y-2 text-sm">
            {evidence.map((item, index) => {
              const href = safeHttpUrl(item.url);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: evidence is an ordered list that may repeat sources
                <li key={index} className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-100">
                  <div className="font-medium text-slate-900">
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-brand-700 underline-offset-2 hover:underline"
                      >
                        {item.source}
                      </a>
                    ) : (
                      item.source
                    )}
                  </div>
                  {item.citation ? <p className="mt-0.5 whitespace-pre-wrap text-slate-700">{item.citation}</p> : null}
                  {item.url && !href ? <p className="mt-0.5 text-xs break-all text-slate-500">{item.url}</p> : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No evidence cited.</p>
        )}
      </Section>

      <Section title="Query" aside={<span className="font-mono text-xs text-slate-500">{query.externalId}</span>}>
        <Facts
          items={[
            ['Dataset', query.dataset.name],
            [
              'Query',
              <span key="q" className="font-mono">
                {query.externalId}
              </span>,
            ],
            ['Category', CATEGORY_LABELS[query.category]],
            ['Department', query.department ?? '—'],
            ['Language', query.language],
          ]}
        />
        <h4 className="mt-4 mb-2 text-sm font-medium text-slate-900">
          Conversation{' '}
          <span className="font-normal text-slate-500">({messages.length === 1 ? '1 message' : `${messages.length} messages`})</span>
        </h4>
        <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <Conversation messages={messages} language={query.language} />
        </div>
      </Section>

      <Section title="Audits">
        {audits.length ? (
          <ul className="space-y-1 text-sm" aria-label="Audits, newest first">
            {audits.map((audit) => (
              <li key={audit.campaignId} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium text-slate-900">{audit.campaignName}</span>
                <span className="text-slate-500">audited revision {audit.revision}:</span>
                <span>{auditSummary(audit)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">Never audited.</p>
        )}
      </Section>

      <Section title="Revision history">
        <RevisionHistory revisions={revisions} current={criterion.revision} />
      </Section>

      <Section title="Change history">
        {events.length ? (
          <ol className="space-y-2 text-sm">
            {events.map((event) => {
              const fields = changedFields(event.before, event.after);
              return (
                <li key={event.id} className="rounded-md px-2 py-1.5 ring-1 ring-slate-100">
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-slate-900">{event.action}</span>
                    <span className="text-slate-500">by {event.actor?.name ?? 'the system'}</span>
                    <time dateTime={event.createdAt} className="ml-auto text-xs text-slate-500 tabular-nums">
                      {formatDate(event.createdAt, true)}
                    </time>
                  </div>
                  {fields.length ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-xs text-slate-600">Changed: {fields.join(', ')}</summary>
                      <pre
                        {...scrollableProps(`Changes by ${event.action}`)}
                        className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700"
                      >
                        {JSON.stringify({ before: event.before, after: event.after }, null, 2)}
                      </pre>
                    </details>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-sm text-slate-500">No changes recorded yet.</p>
        )}
      </Section>

      {judgeGrades ? (
        <Section title="Judge grades" aside={<span className="text-xs text-slate-500">{judgeGrades.total.toLocaleString('en')}</span>}>
          <CriterionGrades grades={judgeGrades.items} total={judgeGrades.total} linkRuns={linkJudgeRuns} />
        </Section>
      ) : null}

      {provenance ? <ProvenanceSection provenance={provenance} /> : null}
    </div>
  );
}

function ProvenanceSection({ provenance }: { provenance: NonNullable<CriterionDetail['provenance']> }) {
  const consensus = toConsensus(provenance.consensusVotes);
  const version = provenance.metaRubricVersion;
  return (
    <Section title="Provenance" aside={<Badge tone="violet">Admins only</Badge>}>
      <Facts
        items={[
          ['Origin', provenance.origin.charAt(0) + provenance.origin.slice(1).toLowerCase().replace('_', ' ')],
          ['Source format', provenance.sourceFormat ?? '—'],
          [
            'Generator models',
            provenance.generatorModels.length ? (
              <ul key="models" className="flex flex-wrap gap-1">
                {provenance.generatorModels.map((model) => (
                  <li key={model} className="rounded bg-violet-50 px-1.5 py-0.5 font-mono text-xs text-violet-800">
                    {model}
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            ),
          ],
          [
            'Consensus',
            consensus
              ? `${consensus.votes} of ${consensus.of} generators${consensus.models.length ? ` (${consensus.models.join(', ')})` : ''}`
              : '—',
          ],
          ['Meta-rubric', version ? `${version.metaRubric.name} (${version.metaRubric.domain}), version ${version.number}` : '—'],
          ['Judge run', provenance.judgeRunId ? <RunReference key="run" runId={provenance.judgeRunId} link /> : '—'],
        ]}
      />
      {provenance.sourceRaw ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs text-slate-600">Provenance as imported</summary>
          <pre
            {...scrollableProps('Provenance as imported')}
            className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700"
          >
            {JSON.stringify(provenance.sourceRaw, null, 2)}
          </pre>
        </details>
      ) : null}
    </Section>
  );
}
