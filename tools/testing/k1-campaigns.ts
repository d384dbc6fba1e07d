// Campaigns with one holder per unit (k = 1) over a whole dataset, made through the app's own create functions: for
// tests that fill many units one expert each and look at what the next claim reads.
import { randomUUID } from 'node:crypto';
import { createCampaign } from '@/lib/audit/create-campaign';
import { createCampaignSchema } from '@/lib/audit/schemas';
import type { SessionUser } from '@/lib/auth/roles';
import { createGradingCampaign } from '@/lib/grading/create-grading-campaign';
import { createGradingCampaignSchema } from '@/lib/grading/schemas';

interface K1Campaign {
  actor: SessionUser;
  name: string;
  datasetId: number;
  expertIds: string[];
}

/** An audit campaign over every PENDING criterion of the dataset; returns its id. */
export async function createK1AuditCampaign({ actor, name, datasetId, expertIds }: K1Campaign): Promise<number> {
  const input = createCampaignSchema.parse({
    name: `${name} ${randomUUID().slice(0, 8)}`,
    overlapK: 1,
    expertIds,
    selection: { mode: 'filter', datasetId },
  });
  return (await createCampaign({ actor, input })).id;
}

/** A grading campaign over `responses` responses of the dataset; returns its id. */
export async function createK1GradingCampaign({ responses, ...campaign }: K1Campaign & { responses: number }): Promise<number> {
  const { actor, name, datasetId, expertIds } = campaign;
  const input = createGradingCampaignSchema.parse({
    name: `${name} ${randomUUID().slice(0, 8)}`,
    overlapK: 1,
    expertIds,
    selection: { datasetId, responses },
  });
  return (await createGradingCampaign({ actor, input })).id;
}
