// One simulated expert doing what the audit screen does (components/audit/audit-screen.tsx), as fast as a
// short think time allows: open "My audits", take the next query, open it, decide every criterion (each
// decision autosaved on its own), rate the set's completeness, submit, now and then amend a verdict after
// submitting, take the next one (the screen no longer reloads after a submission: it shows the progress the
// submit returns). Every step is a real server action or page of the app behind an
// ExpertClient (HTTP against `next start`, or in process for tests); nothing is written to the database
// directly. A failed step is what a user would retry: the expert takes "Next" again, which resumes a live
// reservation with its saved drafts, so one error never wedges the loop.
import type { Random } from '@/tools/fixtures/prng';
import type { AckLedger } from '@/tools/stress/ledger';
import type { Attempt, Budget, Recorder } from '@/tools/stress/recorder';
import { drawThinkTimeMs } from '@/tools/stress/think-time';
import {
  type AssignmentView,
  type ParsedActionResult,
  type VerdictFields,
  assignmentView,
  claimResult,
  rateResult,
  saveVerdictResult,
  submitResult,
} from '@/tools/stress/results';
import type { z } from 'zod';

/** What an expert's browser asks of the app. Each method is one request; results are checked by the caller. */
export interface ExpertClient {
  readonly email: string;
  /** "My audits" (a full page load). */
  home: () => Promise<void>;
  /** claimNextAction, from /audit (`from` null) or from the audit screen of assignment `from`. */
  claim: (campaignId: number, from: number | null) => Promise<unknown>;
  /** The audit screen of an assignment (client navigation from `from`); returns its `assignment` prop. */
  open: (assignmentId: number, from: number | null) => Promise<unknown>;
  saveVerdict: (assignmentId: number, draft: Record<string, unknown>) => Promise<unknown>;
  /** updateAssignmentAction with the completeness rating. */
  rate: (assignmentId: number, input: Record<string, unknown>) => Promise<unknown>;
  submit: (assignmentId: number, input: Record<string, unknown>) => Promise<unknown>;
}

export const OPS = {
  home: 'page: my audits',
  claim: 'claim next',
  open: 'page: audit screen',
  save: 'save verdict',
  rate: 'rate completeness',
  submit: 'submit',
  amend: 'amend verdict',
} as const;

export interface ExpertLoopOptions {
  client: ExpertClient;
  campaignId: number;
  budget: Budget;
  recorder: Recorder;
  ledger: AckLedger;
  random: Random;
  /** Think time before each decision and before submitting: uniform in [0.5, 1.5] × thinkMs. */
  thinkMs: number;
  /** Share of submitted queries on which one verdict is amended afterwards. */
  amendRate: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A decision mix roughly like a real audit's: most criteria accepted, some revised, a few rejected. */
export function decide(random: Random, criterion: AssignmentView['criteria'][number]): VerdictFields {
  const roll = random.next();
  if (roll < 0.8)
    return { decision: 'ACCEPT', dimensions: [], weightDirection: null, severity: null, comment: null, proposedRevision: null };
  if (roll < 0.88)
    return {
      decision: 'REVISE_MINOR',
      dimensions: ['WEIGHT'],
      weightDirection: random.pick(['OVER', 'UNDER'] as const),
      severity: 'LOW',
      // A leading "$" exercises the reply encoding's escape; the non-ASCII text, its UTF-8 handling.
      comment: random.chance(0.5) ? '$5 weight is too much for this — 过高' : 'Weight should change.',
      proposedRevision: null,
    };
  if (roll < 0.92)
    return {
      decision: 'REVISE_MAJOR',
      dimensions: ['CORRECTNESS', 'COMPREHENSIVENESS'],
      weightDirection: null,
      severity: 'HIGH',
      comment: 'Rewritten to be checkable.',
      proposedRevision: {
        title: `${criterion.title} (revised)`.slice(0, 2000),
        description: criterion.description.slice(0, 20_000),
        tier: criterion.tier,
        points: criterion.points,
      },
    };
  return {
    decision: 'REJECT',
    dimensions: ['RELEVANCE'],
    weightDirection: null,
    severity: random.pick(['MEDIUM', 'CRITICAL'] as const),
    comment: 'Not relevant to this query.',
    proposedRevision: null,
  };
}

/** The amendment an expert makes after submitting: an accepted criterion revised, anything else accepted. */
export function amendmentOf(previous: VerdictFields): VerdictFields {
  if (previous.decision === 'ACCEPT')
    return {
      decision: 'REVISE_MINOR',
      dimensions: ['CORRECTNESS'],
      weightDirection: null,
      severity: 'MEDIUM',
      comment: 'On reflection: say which dose.',
      proposedRevision: null,
    };
  return { decision: 'ACCEPT', dimensions: [], weightDirection: null, severity: null, comment: null, proposedRevision: null };
}

function parsed<S extends z.ZodType>(schema: S, attempt: Attempt<unknown>): z.infer<S> | null {
  if (!attempt.ran || !attempt.ok) return null;
  const result = schema.safeParse(attempt.value);
  return result.success ? result.data : null;
}

/** Runs one expert until the budget is spent or there is nothing left to audit. */
export async function runExpert(options: ExpertLoopOptions): Promise<void> {
  const { client, campaignId, budget, recorder, ledger, random } = options;
  const think = () => sleep(drawThinkTimeMs(random, options.thinkMs));
  // Each step checks the response's shape inside the timed attempt, so a malformed answer is an error.
  const step = <S extends z.ZodType>(op: string, schema: S | null, run: () => Promise<unknown>) =>
    recorder.attempt(budget, op, async () => {
      const value = await run();
      return schema ? schema.parse(value) : value;
    });
  const backOff = () => sleep(200 + random.next() * 300);

  if (!(await step(OPS.home, null, () => client.home())).ran) return;
  let from: number | null = null;
  while (!budget.exhausted()) {
    const claimed = await step(OPS.claim, claimResult, () => client.claim(campaignId, from));
    if (!claimed.ran) return;
    const claim = parsed(claimResult, claimed);
    if (!claim?.ok) {
      await backOff();
      continue;
    }
    if (claim.data.kind === 'none') {
      if (claim.data.reason === 'done') return;
      await sleep(1000);
      continue;
    }
    const assignmentId = claim.data.assignmentId;
    const opened = await step(OPS.open, assignmentView, () => client.open(assignmentId, from));
    if (!opened.ran) return;
    from = assignmentId;
    const view = parsed(assignmentView, opened);
    if (view?.state !== 'RESERVED') {
      await backOff();
      continue;
    }
    const done = await auditAssignment(view);
    if (done === 'stopped') return;
    if (done === 'failed') await backOff();
  }

  /** Decides, rates, submits (and maybe amends) one reserved query. */
  async function auditAssignment(view: AssignmentView): Promise<'submitted' | 'failed' | 'stopped'> {
    const run = step;
    const pause = think;
    const versions = new Map(view.verdicts.map((verdict) => [verdict.criterionId, verdict.rowVersion]));
    const sent = new Map<number, VerdictFields>();
    for (const criterion of view.criteria) {
      await pause();
      const fields = decide(random, criterion);
      const attempt = await run(OPS.save, saveVerdictResult, () =>
        client.saveVerdict(view.id, {
          assignmentId: view.id,
          criterionId: criterion.id,
          rowVersion: versions.get(criterion.id) ?? 0,
          ...fields,
          // Simulated seconds on the criterion (the run compresses the expert's real time into think time).
          secondsDelta: random.int(5, 40),
        }),
      );
      if (!attempt.ran) return 'stopped';
      const saved = parsed(saveVerdictResult, attempt);
      if (!saved?.ok || saved.data.status !== 'saved') return 'failed';
      versions.set(criterion.id, saved.data.verdict.rowVersion);
      sent.set(criterion.id, fields);
    }
    await pause();
    const rating = random.int(3, 5);
    const rateAttempt = await run(OPS.rate, rateResult, () =>
      client.rate(view.id, {
        assignmentId: view.id,
        rowVersion: view.rowVersion,
        comprehensiveness: rating,
        comprehensivenessComment: null,
      }),
    );
    if (!rateAttempt.ran) return 'stopped';
    const rated = parsed(rateResult, rateAttempt);
    if (!rated?.ok || rated.data.status !== 'saved') return 'failed';
    const submitAttempt = await run(OPS.submit, submitResult, () =>
      client.submit(view.id, { assignmentId: view.id, rowVersion: rated.data.current.rowVersion, comprehensiveness: rating }),
    );
    if (!submitAttempt.ran) return 'stopped';
    const submitted = parsed(submitResult, submitAttempt) as ParsedActionResult<{ versions: Record<string, number> }> | null;
    if (!submitted?.ok) return 'failed';
    const versionsAfter = submitted.data.versions;
    ledger.submitted(
      view.id,
      [...sent].map(([criterionId, fields]) => ({ criterionId, fields, rowVersion: versionsAfter[String(criterionId)] ?? -1 })),
    );
    if (random.chance(options.amendRate)) {
      const [criterionId, previous] = random.pick([...sent]);
      const fields = amendmentOf(previous);
      const amendAttempt = await run(OPS.amend, saveVerdictResult, () =>
        client.saveVerdict(view.id, {
          assignmentId: view.id,
          criterionId,
          rowVersion: versionsAfter[String(criterionId)] ?? 0,
          ...fields,
          secondsDelta: random.int(5, 20),
        }),
      );
      if (!amendAttempt.ran) return 'stopped';
      const amended = parsed(saveVerdictResult, amendAttempt);
      if (amended?.ok && amended.data.status === 'saved') ledger.amended(view.id, criterionId, fields, amended.data.verdict.rowVersion);
    }
    return 'submitted';
  }
}
