// The criteria browser's "tag the selection": adds a tag to (or takes it off) every selected criterion in one
// statement, bumping the row version of the criteria it changed, with one audit event that lists them. Tags
// travel into releases, so this is an admin's action.
import 'server-only';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import type { TagCriteriaInput } from '@/lib/criteria/schemas';
import { bulkTransaction } from '@/lib/db/bulk-transaction';

export async function tagCriteria({ actor, input }: { actor: SessionUser; input: TagCriteriaInput }): Promise<{ changed: number }> {
  const doing = input.remove ? 'Taking the tag off these criteria' : 'Tagging these criteria';
  return await bulkTransaction({ doing, undone: 'no criterion changed', advice: 'Select fewer criteria at a time' }, async (tx) => {
    const changed = input.remove
      ? await tx.$queryRaw<{ id: number }[]>`
          UPDATE criteria SET tags = array_remove(tags, ${input.tag}), row_version = row_version + 1, updated_at = timezone('UTC', now())
           WHERE id = ANY(${input.criterionIds}::int[]) AND ${input.tag} = ANY(tags)
          RETURNING id`
      : await tx.$queryRaw<{ id: number }[]>`
          UPDATE criteria SET tags = array_append(tags, ${input.tag}), row_version = row_version + 1, updated_at = timezone('UTC', now())
           WHERE id = ANY(${input.criterionIds}::int[]) AND NOT (${input.tag} = ANY(tags))
          RETURNING id`;
    await recordEvent(tx, {
      actorId: actor.id,
      action: input.remove ? 'criteria.untag' : 'criteria.tag',
      entityType: 'criteria',
      entityId: input.tag,
      after: { tag: input.tag, criterionIds: changed.map((row) => row.id).sort((a, b) => a - b) },
    });
    return { changed: changed.length };
  });
}
