'use client';
// A release being frozen by the background job: its stage and progress, refreshed every second until it is
// frozen (the page then shows the manifest and the files) or back to draft with the reason.
import { ProgressBar } from '@/components/ui/progress-bar';
import { useLiveJob } from '@/components/ui/live-job';

export function FreezeProgress({ stage, progress, error }: { stage: string; progress: number; error: string | null }) {
  useLiveJob(true);
  return (
    <div className="space-y-2">
      <ProgressBar value={Math.round(progress * 100)} max={100} label={`Freezing: ${stage}`} />
      <p className="text-sm text-slate-700">
        {stage}… The snapshot is written in one transaction: until it completes, nothing of it is visible, and an interrupted freeze starts
        again.
      </p>
      {error ? <p className="text-xs text-amber-800">{error}</p> : null}
    </div>
  );
}
