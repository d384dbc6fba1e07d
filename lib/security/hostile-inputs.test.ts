// Runs the hostile-input corpus (tools/testing/hostile-inputs.ts) against a real database: every import case is
// refused with the file, line and field named and changes nothing, or is stored byte for byte; every form case
// goes through the real server action and is refused on the right field with nothing stored, or stored verbatim;
// every number field of every server action refuses integers beyond PostgreSQL's int4 as a field error.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveProposalAction } from '@/lib/audit/actions';
import { runAsUser } from '@/tools/testing/request-user';
import { prisma } from '@/lib/db';
import { importFile } from '@/lib/import/import-file';
import { bufferSource } from '@/lib/import/read-lines';
import { loadActions } from '@/tools/testing/action-registry';
import { FORM_CASES, IMPORT_CASES, OUT_OF_RANGE_NUMBERS, URL_CASES } from '@/tools/fixtures/hostile-inputs';
import { numberFields } from '@/tools/fixtures/number-fields';
import { setUpTwoExperts, type TwoExperts } from '@/tools/fixtures/two-experts';
import { createUserAction } from '@/lib/users/actions';

let setup: TwoExperts;

beforeAll(async () => {
  setup = await setUpTwoExperts();
});

const rowCounts = async () => ({
  datasets: await prisma.dataset.count(),
  queries: await prisma.query.count(),
  criteria: await prisma.criterion.count(),
  responses: await prisma.response.count(),
  proposals: await prisma.missingCriterionProposal.count(),
  users: await prisma.user.count(),
  events: await prisma.auditEvent.count(),
});

it('the corpus holds at least 40 cases across imports, forms and URL parameters', () => {
  expect(IMPORT_CASES.length + FORM_CASES.length + URL_CASES.length).toBeGreaterThanOrEqual(40);
  const names = [...IMPORT_CASES, ...FORM_CASES, ...URL_CASES].map((entry) => entry.name);
  expect(new Set(names).size).toBe(names.length);
});

describe('hostile import files', () => {
  for (const entry of IMPORT_CASES) {
    it(entry.name, async () => {
      const datasetName = `hostile ${randomUUID().slice(0, 8)}`;
      if (entry.format === 'csv') {
        // CSV rows attach criteria to existing queries: give them one to attach to.
        const base = `${JSON.stringify({ id: 'hq-1', category: 'CLINICAL_CARE', conversation: [{ role: 'user', content: 'q' }] })}\n`;
        expect((await importFile({ source: bufferSource('base.jsonl', base), datasetName })).ok).toBe(true);
      }
      const before = await rowCounts();
      const result = await importFile({ source: bufferSource(entry.fileName, entry.content()), datasetName, format: entry.format });
      if (entry.expect.ok) {
        expect(result.issues, entry.name).toEqual([]);
        expect(result.ok).toBe(true);
        if (entry.expect.storedTitle !== undefined) {
          const stored = await prisma.criterion.findMany({ where: { query: { dataset: { name: datasetName } } }, select: { title: true } });
          expect(stored.map((row) => row.title)).toContain(entry.expect.storedTitle);
        }
        return;
      }
      const expected = entry.expect;
      expect(result.ok, JSON.stringify(result.issues)).toBe(false);
      const issue = result.issues.find((candidate) => candidate.line === expected.line && expected.field.test(candidate.field));
      expect(issue, `${entry.name}: ${JSON.stringify(result.issues)}`).toMatchObject({ file: entry.fileName });
      expect(issue?.reason.length).toBeGreaterThan(5);
      if (expected.reason) expect(issue?.reason).toMatch(expected.reason);
      expect(await rowCounts()).toEqual(before);
    });
  }
});

describe('hostile form input through the server actions', () => {
  for (const entry of FORM_CASES) {
    it(`${entry.form}.${entry.field}: ${entry.name}`, async () => {
      const before = await rowCounts();
      if (entry.form === 'proposal') {
        const input = {
          assignmentId: setup.a.assignmentId,
          title: 'Base title',
          description: 'd',
          tier: 'ESSENTIAL',
          points: 5,
          rationale: 'r',
        };
        const result = await runAsUser(setup.a.user, () => saveProposalAction({ ...input, [entry.field]: entry.value } as never));
        if (entry.expect.ok) {
          expect(result, entry.name).toMatchObject({ ok: true });
          if (!result.ok) return;
          const row = await prisma.missingCriterionProposal.findUniqueOrThrow({ where: { id: result.data.id } });
          expect(row[entry.field as 'title' | 'description' | 'rationale']).toBe(entry.expect.stored);
          return;
        }
        expect(result).toMatchObject({ ok: false, code: 'INVALID' });
        if (!result.ok) expect(result.fieldErrors?.[entry.expect.field], JSON.stringify(result.fieldErrors)).toBeDefined();
      } else {
        const input = { name: 'Base name', email: `hostile-${randomUUID()}@test.local`, password: 'long-enough-password', role: 'EXPERT' };
        const result = await runAsUser(setup.admin, () => createUserAction({ ...input, [entry.field]: entry.value } as never));
        if (entry.expect.ok) {
          expect(result, entry.name).toMatchObject({ ok: true });
          const row = await prisma.user.findUniqueOrThrow({ where: { email: input.email } });
          expect(row[entry.field as 'name']).toBe(entry.expect.stored);
          return;
        }
        expect(result).toMatchObject({ ok: false, code: 'INVALID' });
        if (!result.ok) expect(result.fieldErrors?.[entry.expect.field], JSON.stringify(result.fieldErrors)).toBeDefined();
      }
      expect(await rowCounts()).toEqual(before);
    });
  }
});

describe('out-of-range numbers in every server action', () => {
  it('each number field of each action answers INVALID on that field for every out-of-range value, and stores nothing', async () => {
    const { found } = await loadActions();
    const before = await rowCounts();
    const problems: string[] = [];
    let checked = 0;
    for (const { action } of found) {
      const role = action.meta.roles[0] ?? 'ADMIN';
      const user = role === 'EXPERT' ? setup.a.user : { ...setup.admin, role };
      for (const field of numberFields(action.meta.input)) {
        const key = field.path.join('.');
        for (const value of OUT_OF_RANGE_NUMBERS) {
          checked += 1;
          const result = await runAsUser(user, () => action(field.inputWith(value) as never));
          const fieldErrors = result.ok ? {} : (result.fieldErrors ?? {});
          // A union's error sits on the union itself: a prefix of the field's path counts.
          const onField = Object.keys(fieldErrors).some((at) => at === key || key.startsWith(`${at}.`));
          if (result.ok || result.code !== 'INVALID' || !onField) {
            problems.push(`${action.meta.name} ${key}=${String(value)}: ${JSON.stringify(result)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('an expert saving a verdict on assignment 2147483648 is told which field is wrong', async () => {
    const { saveVerdictAction } = await import('@/lib/audit/actions');
    const result = await runAsUser(setup.a.user, () =>
      saveVerdictAction({ assignmentId: 2_147_483_648, criterionId: 1, rowVersion: 0, decision: 'ACCEPT' } as never),
    );
    expect(result).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { assignmentId: [expect.stringMatching(/at most 2,147,483,647/)] },
    });
  });
});
