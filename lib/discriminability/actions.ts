'use server';
// Server actions of rubric discriminability: admins estimate and start a PROXY run over the verified pairs (the
// judge engine runs it like every run; the planner is this area's, so lib/judge never imports it).
import { defineAction } from '@/lib/auth/action';
import { planProxyRun } from '@/lib/discriminability/plan-proxy-run';
import { proxyRunInputSchema } from '@/lib/discriminability/schemas';
import { createRun, estimateRun } from '@/lib/judge/create-run';

export const estimateProxyRunAction = defineAction(
  { name: 'discriminability.estimateProxyRun', roles: ['ADMIN'], input: proxyRunInputSchema },
  async (input) => estimateRun(input, planProxyRun),
);

export const startProxyRunAction = defineAction(
  { name: 'discriminability.startProxyRun', roles: ['ADMIN'], input: proxyRunInputSchema },
  async (input, { user, revalidate }) => {
    const run = await createRun({ actor: user, input, planner: planProxyRun });
    revalidate('/judge', '/analytics/discriminability');
    return { data: run, message: `Started proxy run ${run.id}: ${run.tasks} calls queued (both orders of every verified pair).` };
  },
);
