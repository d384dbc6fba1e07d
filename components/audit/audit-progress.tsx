// The two progress bars in the audit screen's header: this expert's queries in the campaign, and the campaign's.
import { ProgressBar } from '@/components/ui/progress-bar';
import type { AuditProgress } from '@/lib/audit/expert-view';

export type { AuditProgress };

export function AuditProgressBars({ progress }: { progress: AuditProgress }) {
  return (
    <div className="mt-2 grid gap-3 sm:grid-cols-2">
      <ProgressBar
        label="Your queries in this campaign"
        value={progress.mineDone}
        max={progress.mineDone + progress.mineRemaining}
        showText={false}
      />
      <ProgressBar label="The whole campaign" value={progress.campaignDone} max={progress.campaignTotal} tone="green" showText={false} />
    </div>
  );
}
