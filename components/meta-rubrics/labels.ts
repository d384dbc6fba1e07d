// Words and tones for meta-rubric statuses, shared by the pages.
import type { BadgeTone } from '@/components/ui/badge';

export const VERSION_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: 'Draft', tone: 'slate' },
  ACTIVE: { label: 'Active', tone: 'green' },
  RETIRED: { label: 'Retired', tone: 'slate' },
};

export const PROPOSAL_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'blue' },
  CHANGES_REQUESTED: { label: 'Changes requested', tone: 'amber' },
  APPROVED: { label: 'Approved', tone: 'green' },
  REJECTED: { label: 'Rejected', tone: 'red' },
  WITHDRAWN: { label: 'Withdrawn', tone: 'slate' },
};

export const EVENT_LABELS: Record<string, string> = {
  COMMENT: 'commented',
  REQUEST_CHANGES: 'requested changes',
  APPROVE: 'approved',
  REJECT: 'rejected',
  REVISE: 'revised',
};
