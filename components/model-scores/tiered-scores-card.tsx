// A grading run's tiered score per model (server component), under the scoring profile the run recorded, with the
// clinicians' tiered score beside the judge's on the responses clinicians graded completely.
import { fixed } from '@/components/ui/format';
import { Card } from '@/components/ui/page-header';
import { SimpleTable, Td, Th } from '@/components/ui/table';
import type { RunModelScores } from '@/lib/model-scores/compute-run-model-scores';
import type { TieredModelScore } from '@/lib/model-scores/tiered-model-scores';
import { describeScoringProfile } from '@/lib/meta-rubrics/scoring-profile';

const withSd = (score: TieredModelScore | undefined) =>
  score && score.scored > 0 ? `${fixed(score.score)} ± ${fixed(score.bootstrapStd)}` : '—';

export function TieredScoresCard({ tiered }: { tiered: RunModelScores['tiered'] }) {
  const profile = describeScoringProfile(tiered.profile).filter((line) => ['Tier weights', 'Pitfalls', 'Red lines'].includes(line.label));
  return (
    <Card title="Tiered score per model">
      <div className="space-y-3">
        <SimpleTable
          label="Tiered score per model"
          head={
            <>
              <Th>Model</Th>
              <Th align="right">Judge score ± SD</Th>
              <Th align="right">Responses</Th>
              <Th align="right">Vetoed</Th>
              <Th align="right">Left out</Th>
              <Th align="right">Judge on clinician-graded</Th>
              <Th align="right">Clinicians ± SD</Th>
              <Th align="right">Clinician-graded responses</Th>
            </>
          }
        >
          {tiered.judge.map((m) => {
            const judge = tiered.paired.judge.find((p) => p.model === m.model);
            const clinicians = tiered.paired.clinicians.find((p) => p.model === m.model);
            return (
              <tr key={m.model} data-testid={`tiered-score-${m.model}`}>
                <Td>{m.model}</Td>
                <Td align="right" data-testid={`tiered-score-${m.model}-judge`}>
                  {withSd(m)}
                </Td>
                <Td align="right">{m.scored}</Td>
                <Td align="right">{m.vetoed}</Td>
                <Td align="right">{m.incomplete + m.nothingPossible}</Td>
                <Td align="right" data-testid={`tiered-score-${m.model}-paired-judge`}>
                  {withSd(judge)}
                </Td>
                <Td align="right" data-testid={`tiered-score-${m.model}-clinicians`}>
                  {withSd(clinicians)}
                </Td>
                <Td align="right">{clinicians?.scored ?? 0}</Td>
              </tr>
            );
          })}
        </SimpleTable>
        <p className="text-xs text-slate-500">
          Each response scored as the run’s results score it (lib/judge/scoring.ts), with the scoring profile the run recorded
          {tiered.profileRecorded ? ' from its meta-rubric version' : ' (a run from before profiles: its tier weights and the first rules)'}
          — the app’s choices: {profile.map((line) => `${line.label.toLowerCase()}: ${line.value}`).join('; ')}. A model’s score is the mean
          clipped to [0, 1] ± the bootstrap SD; left out and counted as for the HealthBench score.
        </p>
      </div>
    </Card>
  );
}
