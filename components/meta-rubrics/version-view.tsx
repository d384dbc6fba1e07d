// A meta-rubric version rendered for reading: its principles (tiers, weight guidance, hard constraint,
// examples), its generation rules and its scoring profile (the app's assumptions, labelled so).
import { TIERS } from '@/lib/vocabulary/enums';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/page-header';
import type { VersionContent } from '@/lib/meta-rubrics/apply-changes';
import { describeScoringProfile } from '@/lib/meta-rubrics/scoring-profile';
import type { Principle } from '@/lib/meta-rubrics/schemas';

export function PrincipleBody({ principle }: { principle: Principle }) {
  return (
    <div className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        {principle.tiers.map((tier) => (
          <Badge key={tier} tone="violet">
            {tier}
          </Badge>
        ))}
        {principle.hard ? <Badge tone="red">Hard constraint</Badge> : null}
        <code className="text-xs text-slate-500">{principle.id}</code>
      </div>
      <p className="whitespace-pre-wrap text-slate-800">{principle.text}</p>
      {principle.weightGuidance ? (
        <p className="text-slate-700">
          <span className="font-medium">Weight guidance: </span>
          {principle.weightGuidance}
        </p>
      ) : null}
      <Examples label="Good examples" items={principle.positiveExamples} />
      <Examples label="Bad examples" items={principle.negativeExamples} />
    </div>
  );
}

function Examples({ label, items }: { label: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <ul className="ml-4 list-disc text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export function GenerationRulesView({ rules }: { rules: VersionContent['generationRules'] }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        {rules.minCriteria} to {rules.maxCriteria} criteria per query.
      </p>
      <table className="text-sm" aria-label="Counts and points per tier">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="pr-4">Tier</th>
            <th className="pr-4">Count</th>
            <th>Points</th>
          </tr>
        </thead>
        <tbody>
          {TIERS.map((tier) => (
            <tr key={tier}>
              <td className="pr-4">{tier}</td>
              <td className="pr-4 tabular-nums">
                {rules.perTier[tier].min}
                {rules.perTier[tier].max !== undefined ? `–${rules.perTier[tier].max}` : '+'}
              </td>
              <td className="tabular-nums">
                {rules.pointScales[tier].min} to {rules.pointScales[tier].max}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rules.redLinePolicy ? (
        <p>
          <span className="font-medium">Red-line policy: </span>
          {rules.redLinePolicy}
        </p>
      ) : null}
    </div>
  );
}

export function VersionView({ content }: { content: VersionContent }) {
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label="Principles">
        {content.principles.map((principle, index) => (
          <li key={principle.id}>
            <Card
              title={
                <>
                  {index + 1}. {principle.title}
                </>
              }
            >
              <PrincipleBody principle={principle} />
            </Card>
          </li>
        ))}
      </ol>
      <Card title="Generation rules">
        <GenerationRulesView rules={content.generationRules} />
      </Card>
      <Card title="Scoring profile">
        <ScoringProfileView profile={content.scoringProfile} />
      </Card>
    </div>
  );
}

/** The version's scoring constants, each labelled as this app's assumption (docs/statistics.md "Scoring"). */
export function ScoringProfileView({ profile }: { profile: VersionContent['scoringProfile'] }) {
  return (
    <div className="space-y-2 text-sm" data-testid="scoring-profile">
      <p className="text-slate-600">
        These are this app’s assumptions, not QuarkMedBench’s or OpenRS’s published method. Change them through a proposal; every judge run
        records the profile it used.
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {describeScoringProfile(profile).map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label} (assumption)</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
