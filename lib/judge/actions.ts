'use server';
// Server actions of the LLM judge: admins configure endpoints, estimate and start runs, and cancel them. The
// actions only validate and enqueue; the work runs in pg-boss workers (lib/judge/run-judge-run.ts).
import { z } from '@/lib/zod';
import { defineAction } from '@/lib/auth/action';
import { cancelRun, createRun, estimateRun } from '@/lib/judge/create-run';
import { endpointSchema, saveEndpoint } from '@/lib/judge/endpoints';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { testEndpointConnection } from '@/lib/judge/test-endpoint-connection';
import { dbId } from '@/lib/http/db-id';

export const saveEndpointAction = defineAction(
  { name: 'judge.saveEndpoint', roles: ['ADMIN'], input: endpointSchema },
  async (input, { user, revalidate }) => {
    const saved = await saveEndpoint({ actor: user, input });
    revalidate('/judge');
    return { data: saved, message: `Saved the endpoint "${input.name}".` };
  },
);

export const testConnectionAction = defineAction(
  { name: 'judge.testConnection', roles: ['ADMIN'], input: z.object({ endpointId: dbId }) },
  async (input, { user, revalidate }) => {
    const test = await testEndpointConnection({ actor: user, endpointId: input.endpointId });
    revalidate('/judge', `/judge/endpoints/${input.endpointId}`);
    return { data: test, message: test.message };
  },
);

export const estimateRunAction = defineAction({ name: 'judge.estimateRun', roles: ['ADMIN'], input: runInputSchema }, async (input) =>
  estimateRun(input),
);

export const startRunAction = defineAction(
  { name: 'judge.startRun', roles: ['ADMIN'], input: runInputSchema },
  async (input, { user, revalidate }) => {
    const run = await createRun({ actor: user, input });
    revalidate('/judge');
    return { data: run, message: `Started run ${run.id}: ${run.tasks} calls queued.` };
  },
);

export const cancelRunAction = defineAction(
  { name: 'judge.cancelRun', roles: ['ADMIN'], input: z.object({ runId: dbId }) },
  async (input, { user, revalidate }) => {
    await cancelRun({ actor: user, runId: input.runId });
    revalidate(`/judge/runs/${input.runId}`);
    return { data: { runId: input.runId }, message: 'Cancelling: calls in flight stop, nothing new starts.' };
  },
);
