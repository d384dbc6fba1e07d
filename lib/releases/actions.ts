'use server';
// Server actions of releases: reviewers and admins preview; only admins create, freeze, export and delete.
import { defineAction } from '@/lib/auth/action';
import { createRelease } from '@/lib/releases/create-release';
import { requestFreeze } from '@/lib/releases/freeze-job';
import { deleteDraftRelease } from '@/lib/releases/freeze-release';
import { previewRelease } from '@/lib/releases/preview-release';
import { requestExport } from '@/lib/releases/request-export';
import { createReleaseSchema, exportReleaseSchema, releaseIdSchema, rulesSchema } from '@/lib/releases/schemas';

const ADMIN = ['ADMIN'] as const;

export const previewReleaseAction = defineAction(
  { name: 'releases.preview', roles: ['ADMIN', 'REVIEWER'], input: rulesSchema },
  async (rules) => await previewRelease({ rules }),
);

export const createReleaseAction = defineAction(
  { name: 'releases.create', roles: ADMIN, input: createReleaseSchema },
  async (input, { user, revalidate }) => {
    const release = await createRelease({ actor: user, input });
    revalidate('/releases');
    return { data: release, message: `Draft ${release.name} v${release.version} created.` };
  },
);

export const freezeReleaseAction = defineAction(
  { name: 'releases.freeze', roles: ADMIN, input: releaseIdSchema },
  async ({ releaseId }, { user, revalidate }) => {
    await requestFreeze({ actor: user, releaseId });
    revalidate('/releases', `/releases/${releaseId}`);
    return { data: null, message: 'Freezing; every format is exported right after.' };
  },
);

export const exportReleaseAction = defineAction(
  { name: 'releases.export', roles: ADMIN, input: exportReleaseSchema },
  async ({ releaseId, formats }, { user, revalidate }) => {
    const result = await requestExport({ actor: user, releaseId, formats });
    revalidate(`/releases/${releaseId}`);
    return { data: result, message: result.queued.length ? `Exporting ${result.queued.join(', ')}.` : 'Those files are already exported.' };
  },
);

export const deleteDraftReleaseAction = defineAction(
  { name: 'releases.deleteDraft', roles: ADMIN, input: releaseIdSchema },
  async ({ releaseId }, { user, revalidate }) => {
    await deleteDraftRelease({ actor: user, releaseId });
    revalidate('/releases');
    return { data: null, message: 'Draft deleted.' };
  },
);
