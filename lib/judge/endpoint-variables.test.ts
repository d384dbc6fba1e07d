// Issue 16, finding 3: an endpoint named NODE_ENV as its API key variable and the server sent
// "Authorization: Bearer production" to a listener of the admin's choosing. Only variables the operator
// allows may be sent: the app's own settings never, whatever JUDGE_KEY_ENV_PATTERN says. Saving such an
// endpoint is refused; a row stored before the rule fails its calls (runs and Test connection) without a
// byte reaching the listener.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { saveEndpointAction } from '@/lib/judge/actions';
import { createRun } from '@/lib/judge/create-run';
import { listEndpoints } from '@/lib/judge/endpoints';
import { runJudgeRun } from '@/lib/judge/run-judge-run';
import { runInputSchema } from '@/lib/judge/run-schemas';
import { testEndpointConnection } from '@/lib/judge/test-endpoint-connection';
import { FAST_CALLS, seedJudgeFixtures } from '@/tools/fixtures/judge-fixtures';

const SECRETS = ['BETTER_AUTH_SECRET', 'DATABASE_URL', 'NODE_ENV'] as const;

let admin: SessionUser;
let datasetId: number;
let listener: http.Server;
let listenerUrl: string;
const received: { url: string; authorization: string | undefined }[] = [];
const savedSecret = process.env.BETTER_AUTH_SECRET;

beforeAll(async () => {
  ({ admin, datasetId } = await seedJudgeFixtures());
  // Every variable the finding names holds a value here, as it does on a server.
  process.env.BETTER_AUTH_SECRET ??= 's'.repeat(40);
  expect(SECRETS.every((name) => Boolean(process.env[name]))).toBe(true);
  listener = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  if (savedSecret === undefined) delete process.env.BETTER_AUTH_SECRET;
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

describe('judge endpoints send only the variables the operator allows', () => {
  it('refuses to save an app setting as the key, a header value or a query value, saying which names are allowed', async () => {
    const base = { baseUrl: listenerUrl, model: 'listener-model', outputMode: 'JSON_SCHEMA' as const };
    for (const name of SECRETS) {
      const asKey = await runAsUser(admin, () => saveEndpointAction({ ...base, name: `leak key ${name}`, apiKeyEnv: name }));
      expect(asKey).toMatchObject({ ok: false, code: 'INVALID' });
      if (asKey.ok) continue;
      expect(asKey.fieldErrors?.apiKeyEnv).toEqual([`${name} is one of the app's own settings and is never sent to a judge endpoint.`]);
      const asHeader = await runAsUser(admin, () =>
        saveEndpointAction({ ...base, name: `leak header ${name}`, extraHeaders: `x-leak: ${name}`, extraQuery: `q=${name}` }),
      );
      expect(asHeader.ok).toBe(false);
      if (asHeader.ok) continue;
      expect(asHeader.fieldErrors?.extraHeaders?.[0]).toMatch(new RegExp(`^x-leak: ${name} is one of the app's own settings`));
      expect(asHeader.fieldErrors?.extraQuery?.[0]).toMatch(new RegExp(`^q: ${name} is one of the app's own settings`));
    }
    const outside = await runAsUser(admin, () => saveEndpointAction({ ...base, name: 'leak home', apiKeyEnv: 'HOME' }));
    expect(outside.ok).toBe(false);
    if (!outside.ok)
      expect(outside.fieldErrors?.apiKeyEnv?.[0]).toMatch(
        /^HOME is not allowed: the server only sends variables whose names match \^\[A-Z\]/,
      );
    expect(await prisma.judgeEndpoint.count({ where: { name: { startsWith: 'leak ' } } })).toBe(0);
    const allowed = await runAsUser(admin, () => saveEndpointAction({ ...base, name: 'fine key', apiKeyEnv: 'LISTENER_API_KEY' }));
    expect(allowed.ok).toBe(true);
    expect(received).toEqual([]);
  });

  it('fails the calls of endpoints stored before the rule, as AUTH, without sending anything', async () => {
    const rows = [
      ...SECRETS.map((name) => ({ name: `old key ${name}`, apiKeyEnv: name })),
      { name: 'old header', extraHeaders: [{ name: 'x-leak', env: 'DATABASE_URL' }] },
      { name: 'old query', extraQuery: [{ name: 'env', env: 'NODE_ENV' }] },
    ];
    for (const [index, row] of rows.entries()) {
      // Stored as an older version of the app would have: no check on the way in.
      const endpoint = await prisma.judgeEndpoint.create({
        data: { baseUrl: listenerUrl, model: `old-model-${index}`, timeoutSeconds: 5, ...row },
      });
      const view = (await listEndpoints()).find((candidate) => candidate.id === endpoint.id);
      expect(view?.forbiddenVariables).toHaveLength(1);

      const input = runInputSchema.parse({ datasetId, kind: 'GRADE', endpointIds: [endpoint.id], maxQueries: 1 });
      const created = await createRun({ actor: admin, input, enqueueJob: false });
      await runJudgeRun({ runId: created.id, callOptions: FAST_CALLS });
      const run = await prisma.judgeRun.findUniqueOrThrow({ where: { id: created.id } });
      expect(run.status).toBe('FAILED');
      expect(run.failedTasks).toBe(run.totalTasks);
      const tasks = await prisma.judgeTask.findMany({ where: { runId: run.id }, select: { errorClass: true, error: true } });
      for (const task of tasks) {
        expect(task.errorClass).toBe('AUTH');
        expect(task.error).toMatch(
          /^Refused to send the (API key|header x-leak|query parameter env): (BETTER_AUTH_SECRET|DATABASE_URL|NODE_ENV) is one of the app's own settings/,
        );
      }
      expect(await prisma.grade.count({ where: { runId: run.id } })).toBe(0);

      const test = await testEndpointConnection({ actor: admin, endpointId: endpoint.id });
      expect(test.mode).toBeNull();
      expect(test.probes).toHaveLength(1);
      expect(test.probes[0]?.errorClass).toBe('AUTH');
    }
    expect(received).toEqual([]);
  });

  it('gives the pages only the names of the variables and whether they are set, never a value', async () => {
    const value = `listener-key-${Date.now()}`;
    process.env.LISTENER_VIEW_API_KEY = value;
    try {
      const saved = await runAsUser(admin, () =>
        saveEndpointAction({
          baseUrl: listenerUrl,
          model: 'listener-model',
          outputMode: 'JSON_SCHEMA',
          name: 'view key',
          apiKeyEnv: 'LISTENER_VIEW_API_KEY',
          extraHeaders: 'x-key: LISTENER_VIEW_API_KEY',
          extraQuery: 'key=LISTENER_VIEW_API_KEY',
        }),
      );
      expect(saved.ok).toBe(true);
      // listEndpoints is what the endpoint list and page hand to the browser (the form is a client component).
      const view = (await listEndpoints()).find((endpoint) => endpoint.name === 'view key');
      expect(view).toMatchObject({ apiKeyEnv: 'LISTENER_VIEW_API_KEY', apiKeyPresent: true, unsetVariables: [] });
      expect(JSON.stringify(view)).not.toContain(value);
      // Nor does the audit trail of the save hold it.
      const events = await prisma.auditEvent.findMany({ where: { entityType: 'judge_endpoint' }, select: { before: true, after: true } });
      expect(JSON.stringify(events)).toContain('LISTENER_VIEW_API_KEY');
      expect(JSON.stringify(events)).not.toContain(value);
    } finally {
      delete process.env.LISTENER_VIEW_API_KEY;
    }
  });
});
