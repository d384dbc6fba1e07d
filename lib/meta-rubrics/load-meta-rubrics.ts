// Loads meta-rubrics from a shipped file (prisma/seed/demo/meta-rubrics.json) into the database; existing
// domains and version numbers are left as they are, so it is safe to run again.
import fs from 'node:fs';
import { z } from '@/lib/zod';
import { recordEvent } from '@/lib/audit-trail/record-event';
import { prisma } from '@/lib/db';
import { metaRubricFileSchema } from '@/lib/meta-rubrics/schemas';

export async function loadMetaRubrics({ file, actorId }: { file: string; actorId: string | null }): Promise<number> {
  const parsed = z.array(metaRubricFileSchema).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`${file}: ${problems}`);
  }
  let created = 0;
  for (const rubric of parsed.data) {
    await prisma.$transaction(async (tx) => {
      const row = await tx.metaRubric.upsert({
        where: { domain: rubric.domain },
        create: { domain: rubric.domain, name: rubric.name, description: rubric.description ?? null },
        update: {},
      });
      let parentId: number | null = null;
      for (const version of [...rubric.versions].sort((a, b) => a.number - b.number)) {
        const existing = await tx.metaRubricVersion.findUnique({
          where: { metaRubricId_number: { metaRubricId: row.id, number: version.number } },
        });
        if (existing) {
          parentId = existing.id;
          continue;
        }
        const createdVersion: { id: number } = await tx.metaRubricVersion.create({
          data: {
            metaRubricId: row.id,
            number: version.number,
            status: version.status,
            principles: version.principles,
            generationRules: version.generationRules,
            scoringProfile: version.scoringProfile,
            parentVersionId: parentId,
            authorId: actorId,
            changeNote: version.changeNote ?? null,
            activatedAt: version.status === 'ACTIVE' ? new Date() : null,
          },
        });
        await recordEvent(tx, {
          actorId,
          action: 'meta_rubric_version.load',
          entityType: 'meta_rubric_version',
          entityId: createdVersion.id,
          after: { domain: rubric.domain, number: version.number, status: version.status },
        });
        parentId = createdVersion.id;
        created += 1;
      }
    });
  }
  return created;
}
