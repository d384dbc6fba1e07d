'use server';
// Server actions of the criteria browser's bulk actions on selected rows: export them (whoever may browse the
// criteria) and tag them (admins: tags travel into releases). Adding them to a campaign is an audit action
// (lib/audit/actions.ts).
import { defineAction } from '@/lib/auth/action';
import { SECTIONS } from '@/lib/auth/roles';
import { exportCriteria } from '@/lib/criteria/export-criteria';
import { exportCriteriaSchema, tagCriteriaSchema } from '@/lib/criteria/schemas';
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
