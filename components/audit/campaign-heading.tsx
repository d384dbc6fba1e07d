// The head of a campaign's card on an expert's home (audit and grading campaigns alike): name, the instructions
// for experts, open/closed, deadline, and where to start or continue.
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/components/ui/format';

export function CampaignHeading({
  campaign,
  level = 'h2',
  action,
}: {
  campaign: { name: string; instructions: string | null; open: boolean; deadline: string | null };
  level?: 'h2' | 'h3';
  action: ReactNode;
}) {
  const Heading = level;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <Heading className="text-base font-semibold text-slate-900">{campaign.name}</Heading>
        {campaign.instructions ? (
          <div className="mt-1 max-w-2xl text-sm text-slate-600">
            <span className="font-medium text-slate-700">Instructions: </span>
            <span className="whitespace-pre-wrap">{campaign.instructions}</span>
          </div>
        ) : null}
        <p className="mt-1 text-xs text-slate-500">
          {campaign.open ? <Badge tone="green">Open</Badge> : <Badge>Closed</Badge>}
          {campaign.deadline ? <span className="ml-2">Due {formatDate(campaign.deadline)}</span> : null}
        </p>
      </div>
      {campaign.open ? action : null}
    </div>
  );
}
