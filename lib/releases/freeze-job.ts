// Freezing as a background job. A release of QuarkMedBench size takes tens of seconds to freeze (snapshot
// every criterion, render its native lines), too long for a request: the admin's action marks the draft
// FREEZING and queues the release job (lib/releases/run-release-job.ts), whose first step freezes it, writing
// the stage and progress to release_freezes (outside the freezing transaction) for the release page. The
// freeze is one transaction, so a crash leaves the draft as it was and the retried job starts it again; a
// freeze that cannot succeed (nothing passes the rules) or runs out of retries puts the release back to draft
// with the reason shown.
import { progressWriter } from '@/lib/jobs/progress-writer';
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { DomainError, conflict, notFound } from '@/lib/errors';
import { startJob } from '@/lib/jobs/start-job';
import { type FreezeStage, freezeRelease } from '@/lib/releases/freeze-release';
import { requestExport } from '@/lib/releases/request-export';
import { EXPORT_FORMATS } from '@/lib/export/format-names';

/** Marks a draft FREEZING and queues the job that freezes and then exports it, in one step. */
export async function requestFreeze({ actor, releaseId }: { actor: Pick<SessionUser, 'id'>; releaseId: number }): Promise<void> {
  await startJob({ queue: 'release', what: 'The freeze' }, async (tx) => {
    const [release] = await tx.$queryRaw<{ status: string }[]>`SELECT status::text FROM releases WHERE id = ${releaseId} FOR UPDATE`;
    if (!release) throw notFound('The release');
    if (release.status !== 'DRAFT') throw conflict(`This release is ${release.status.toLowerCase()}; only a draft can be frozen.`);
    await tx.release.update({ where: { id: releaseId }, data: { status: 'FREEZING' } });
    const fresh = { requestedById: actor.id, stage: 'queued', progress: 0, error: null, startedAt: new Date() };
    await tx.releaseFreeze.upsert({ where: { releaseId }, create: { releaseId, ...fresh }, update: fresh });
    await recordEvent(tx, { actorId: actor.id, action: 'release.freeze.request', entityType: 'Release', entityId: releaseId });
    return { result: undefined, payload: { releaseId } };
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A freeze that cannot succeed: the release goes back to draft, with the reason for the release page. */
async function failFreeze(releaseId: number, message: string): Promise<void> {
  await prisma.$transaction([
    prisma.release.updateMany({ where: { id: releaseId, status: 'FREEZING' }, data: { status: 'DRAFT' } }),
    prisma.releaseFreeze.updateMany({ where: { releaseId }, data: { stage: 'failed', error: message } }),
  ]);
}

/**
 * The release job's first step for a FREEZING release. Returns when the release is frozen and its files are
 * requested; on a failure that retrying cannot fix, or on the last attempt, the release goes back to draft
 * with the reason and nothing is thrown (the job is over); otherwise the error is rethrown for a retry.
 */
export async function runFreeze({
  releaseId,
  finalAttempt,
  freeze = freezeRelease,
}: {
  releaseId: number;
  finalAttempt: boolean;
  /** The freezing itself (tests interrupt it). */
  freeze?: typeof freezeRelease;
}): Promise<'frozen' | 'failed'> {
  const row = await prisma.releaseFreeze.findUnique({ where: { releaseId } });
  const actorId = row?.requestedById ?? null;
  const writer = progressWriter<{ stage: FreezeStage; progress: number }>(
    (data) => prisma.releaseFreeze.updateMany({ where: { releaseId }, data }),
    { everyMs: 300 },
  );
  // Only the rendering stage reports often; every change of stage is written.
  const onProgress = (stage: FreezeStage, progress: number) => writer.report({ stage, progress }, { force: stage !== 'rendering' });
  try {
    await freeze({ actor: { id: actorId }, releaseId, onProgress });
    await writer.settled();
    await prisma.releaseFreeze.updateMany({ where: { releaseId }, data: { stage: 'done', progress: 1, error: null } });
    await requestExport({ actor: actorId ? { id: actorId } : null, releaseId, formats: EXPORT_FORMATS, enqueueJob: false });
    return 'frozen';
  } catch (error) {
    await writer.settled();
    const permanent = error instanceof DomainError;
    if (!permanent && !finalAttempt) {
      await prisma.releaseFreeze.updateMany({ where: { releaseId }, data: { error: `retrying after: ${messageOf(error)}` } });
      throw error;
    }
    await failFreeze(releaseId, messageOf(error));
    return 'failed';
  }
}
