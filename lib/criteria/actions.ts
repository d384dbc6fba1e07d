'use server';
// Server actions of the criteria browser's bulk actions on selected rows: export them (whoever may browse the
// criteria), tag them (admins: tags travel into releases), add them to a campaign not started yet (admins).
import { addCriteriaToCampaign } from '@/lib/audit/add-criteria-to-campaign';
import { defineAction } from '@/lib/auth/action';
import { SECTIONS } from '@/lib/auth/roles';
import { exportCriteria } from '@/lib/criteria/export-criteria';
import { addToCampaignSchema, exportCriteriaSchema, tagCriteriaSchema } from '@/lib/criteria/schemas';
import { tagCriteria } from '@/lib/criteria/tag-criteria';

export const exportCriteriaAction = defineAction(
  { name: 'criteria.export', roles: SECTIONS.criteria.roles, input: exportCriteriaSchema },
  async (input) => await exportCriteria({ input }),
);

export const tagCriteriaAction = defineAction(
  { name: 'criteria.tag', roles: ['ADMIN'], input: tagCriteriaSchema },
  async (input, { user, revalidate }) => {
    const result = await tagCriteria({ actor: user, input });
    revalidate('/criteria');
    const verb = input.remove ? 'Removed' : 'Added';
    return { data: result, message: `${verb} “${input.tag}” on ${result.changed} ${result.changed === 1 ? 'criterion' : 'criteria'}.` };
  },
);

export const addToCampaignAction = defineAction(
  { name: 'criteria.addToCampaign', roles: ['ADMIN'], input: addToCampaignSchema },
  async (input, { user, revalidate }) => {
    const result = await addCriteriaToCampaign({ actor: user, input });
    revalidate('/criteria', '/audit', `/audit/campaigns/${input.campaignId}`);
    return result;
  },
);
