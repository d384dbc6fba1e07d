// Test connection: one short probe per structured-output mode, cheapest first (a strict json_schema, then
// json_object, then the schema in the prompt only), stopping at the first that answers with valid JSON. A
// probe refused as a bad request or answered with unusable JSON moves on to the next mode; anything else
// (no key, a wrong URL, a timeout, an answer cut off) is about the connection, not the mode, and stops the
// test. The result is stored on the endpoint: an endpoint in automatic mode runs with the mode found.
import { recordEvent } from '@/lib/audit-trail/record-event';
import type { SessionUser } from '@/lib/auth/roles';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { type CallModelOptions, JudgeCallError, type JudgeErrorClass, type ModelRequest, callModel } from '@/lib/judge/call-model';
import type { ConnectionTest, ProbeOutcome } from '@/lib/judge/connection-test';
import { toEndpointConfig } from '@/lib/judge/endpoint-config';
import { PROBE_SCHEMA_NAME, probeJsonSchema, probeOutputSchema } from '@/lib/judge/schemas';
import { OUTPUT_MODES, type OutputMode } from '@/lib/judge/wire-request';

/** Failures that say the server does not do this mode; any other failure is about the connection itself. */
const MODE_FAILURES: ReadonlySet<JudgeErrorClass> = new Set(['BAD_REQUEST', 'INVALID_OUTPUT']);

export const PROBE_REQUEST: ModelRequest = {
  messages: [
    { role: 'system', content: 'You are being checked by a program that reads JSON. Follow the output instructions exactly.' },
    { role: 'user', content: 'Connection test: answer with the JSON object {"ok": true}.' },
  ],
  schemaName: PROBE_SCHEMA_NAME,
  jsonSchema: probeJsonSchema,
};

const LABELS: Record<OutputMode, string> = { JSON_SCHEMA: 'json_schema', JSON_OBJECT: 'json_object', PROMPT_ONLY: 'prompt-only' };

export async function testEndpointConnection({
  actor,
  endpointId,
  callOptions,
}: {
  actor: SessionUser;
  endpointId: number;
  /** Tests: another environment or rule for the variables. */
  callOptions?: Pick<CallModelOptions, 'env' | 'envRule' | 'signal'>;
}): Promise<ConnectionTest> {
  const row = await prisma.judgeEndpoint.findUnique({ where: { id: endpointId } });
  if (!row) throw notFound('The endpoint');
  const probes: ProbeOutcome[] = [];
  for (const mode of OUTPUT_MODES) {
    const started = performance.now();
    try {
      const result = await callModel(toEndpointConfig(row, mode), PROBE_REQUEST, (value) => probeOutputSchema.parse(value), {
        ...callOptions,
        maxAttempts: 1,
        repair: false,
      });
      probes.push({
        mode,
        ok: true,
        errorClass: null,
        message: `answered with valid JSON${result.reasoning ? ' (reasoning split off)' : ''}`,
        latencyMs: result.latencyMs,
        serverModel: result.serverModel,
        reasoning: result.reasoning !== null,
        usage: result.promptTokens !== null && result.completionTokens !== null,
      });
      break;
    } catch (error) {
      if (!(error instanceof JudgeCallError)) throw error;
      probes.push({
        mode,
        ok: false,
        errorClass: error.errorClass,
        message: error.message,
        latencyMs: Math.round(performance.now() - started),
        serverModel: error.serverModel ?? null,
        reasoning: Boolean(error.reasoning),
        usage: error.promptTokens !== null && error.completionTokens !== null,
      });
      if (!MODE_FAILURES.has(error.errorClass)) break;
    }
  }
  const worked = probes.find((probe) => probe.ok) ?? null;
  const last = probes.at(-1);
  const refused = probes.filter((probe) => !probe.ok).map((probe) => LABELS[probe.mode]);
  const test: ConnectionTest = {
    testedAt: new Date().toISOString(),
    mode: worked?.mode ?? null,
    latencyMs: (worked ?? last)?.latencyMs ?? null,
    serverModel: probes.find((probe) => probe.serverModel)?.serverModel ?? null,
    message: worked
      ? `${LABELS[worked.mode]} works${refused.length > 0 ? ` (${refused.join(', ')} did not)` : ''}.`
      : `No mode worked: ${last ? `${LABELS[last.mode]} failed: ${last.message}` : 'nothing was tried'}`,
    probes,
  };
  await prisma.$transaction(async (tx) => {
    await tx.judgeEndpoint.update({ where: { id: endpointId }, data: { detectedOutputMode: test.mode, connectionTest: test } });
    await recordEvent(tx, {
      actorId: actor.id,
      action: 'judge.endpoint.test',
      entityType: 'judge_endpoint',
      entityId: endpointId,
      after: { mode: test.mode, serverModel: test.serverModel, latencyMs: test.latencyMs },
    });
  });
  return test;
}
