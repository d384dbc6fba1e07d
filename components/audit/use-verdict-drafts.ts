'use client';
// The audit screen's verdict drafts: every edit autosaves its criterion (debounced, one save in flight per
// criterion) with the row version it was read at. A save that finds a newer version stored by another tab is
// not written: the card shows both, and "Use that version" takes the stored verdict whole, so the next
// autosave can never store a mix of the two. The last change can be undone.
import { useCallback, useRef, useState } from 'react';
import { useAutosave } from '@/components/audit/use-autosave';
import { storedVersion, storedVersionFrom, type VerdictState, verdictFromServer } from '@/components/audit/verdict-state';
import { saveVerdictAction } from '@/lib/audit/actions';
import type { ExpertAssignment } from '@/lib/audit/expert-view';

export interface LastChange {
  id: number;
  index: number;
  before: Partial<VerdictState>;
}

function before(previous: VerdictState, change: Partial<VerdictState>): Partial<VerdictState> {
  return Object.fromEntries(Object.entries(previous).filter(([key]) => key in change));
}

export function useVerdictDrafts({
  assignment,
  takeSeconds,
  onReservationLost,
}: {
  assignment: ExpertAssignment;
  takeSeconds: (criterionId: number) => number;
  /** The server refused a save because the query is no longer this expert's to change. */
  onReservationLost: (message: string) => void;
}) {
  const criteria = assignment.criteria;
  const [verdicts, setVerdicts] = useState<Record<number, VerdictState>>(() =>
    Object.fromEntries(
      criteria.map((criterion) => [criterion.id, verdictFromServer(assignment.verdicts.find((v) => v.criterionId === criterion.id))]),
    ),
  );
  // The drafts as of the last change, ahead of React's next render: a save queued behind the one in flight starts
  // as soon as that one answers, before the screen re-renders, and must send the row version it returned (it sent
  // the old one, and the server rightly called the expert's own next save a conflict from "another tab").
  const verdictsRef = useRef(verdicts);
  const update = useCallback((next: (all: Record<number, VerdictState>) => Record<number, VerdictState>) => {
    verdictsRef.current = next(verdictsRef.current);
    setVerdicts(verdictsRef.current);
  }, []);
  const edits = useRef(new Map<number, number>());
  const [lastChange, setLastChange] = useState<LastChange | null>(null);

  const patch = useCallback(
    (id: number, change: Partial<VerdictState>) => {
      update((current) => {
        const previous = current[id];
        return previous ? { ...current, [id]: { ...previous, ...change } } : current;
      });
    },
    [update],
  );

  const saveOne = useCallback(
    async (id: number) => {
      const verdict = verdictsRef.current[id];
      if (!verdict || verdict.conflict) return;
      const edit = edits.current.get(id) ?? 0;
      patch(id, { save: 'saving' });
      const result = await saveVerdictAction({
        assignmentId: assignment.id,
        criterionId: id,
        rowVersion: verdict.rowVersion,
        decision: verdict.decision,
        dimensions: verdict.dimensions,
        weightDirection: verdict.weightDirection,
        severity: verdict.severity,
        comment: verdict.comment || null,
        proposedRevision: verdict.revision,
        secondsDelta: takeSeconds(id),
      }).catch(() => null);
      const newer = (edits.current.get(id) ?? 0) !== edit;
      if (!result) {
        // The request never reached the server: say so rather than show "Saving…" for ever.
        patch(id, { save: 'error', saveError: 'Not saved: the server could not be reached. Change the verdict again to retry.' });
      } else if (result.ok && result.data.status === 'saved') {
        patch(id, {
          rowVersion: result.data.verdict.rowVersion,
          submitted: result.data.verdict.submittedAt !== null,
          save: newer ? 'dirty' : 'saved',
          saveError: null,
          errors: [],
        });
      } else if (result.ok && result.data.status === 'conflict') {
        patch(id, { save: 'conflict', conflict: storedVersionFrom(result.data.current) });
      } else if (!result.ok && result.code === 'INVALID') {
        patch(id, { save: 'error', saveError: null, errors: result.fieldErrors?.[`criterion.${id}`] ?? [result.error] });
      } else if (!result.ok) {
        patch(id, { save: 'error', saveError: result.error });
        if (result.code === 'CONFLICT') onReservationLost(result.error);
      }
    },
    [assignment.id, onReservationLost, patch, takeSeconds],
  );
  const { schedule, flush } = useAutosave<number>(saveOne);

  const apply = useCallback(
    (id: number, change: Partial<VerdictState>) => {
      edits.current.set(id, (edits.current.get(id) ?? 0) + 1);
      patch(id, { ...change, save: 'dirty', errors: [] });
      schedule(id);
    },
    [patch, schedule],
  );
  const change = useCallback(
    (id: number, change: Partial<VerdictState>) => {
      const previous = verdictsRef.current[id];
      if (previous) setLastChange({ id, index: criteria.findIndex((criterion) => criterion.id === id), before: before(previous, change) });
      apply(id, change);
    },
    [apply, criteria],
  );
  const undoLast = useCallback(() => {
    if (!lastChange) return;
    apply(lastChange.id, lastChange.before);
    setLastChange(null);
  }, [apply, lastChange]);

  const resolveConflict = useCallback(
    (id: number, keep: 'mine' | 'theirs') => {
      const conflict = verdictsRef.current[id]?.conflict;
      if (!conflict) return;
      if (keep === 'mine') {
        patch(id, { rowVersion: conflict.rowVersion, conflict: null, save: 'dirty' });
        schedule(id);
      } else {
        // Take the other version whole: every stored field, so the next autosave cannot store a mix of both.
        patch(id, { ...storedVersion(conflict), conflict: null, save: 'saved', saveError: null, errors: [] });
      }
    },
    [patch, schedule],
  );

  /** After a submission: every verdict is submitted at the version the server bumped it to. */
  const markSubmitted = useCallback(
    (versions: Record<number, number>) => {
      setLastChange(null);
      update((all) =>
        Object.fromEntries(
          Object.entries(all).map(([id, verdict]) => [
            id,
            { ...verdict, submitted: true, errors: [], rowVersion: versions[Number(id)] ?? verdict.rowVersion },
          ]),
        ),
      );
    },
    [update],
  );
  /** A refused submission's problems, each on its criterion (a criterion without any is cleared). */
  const showErrors = useCallback(
    (fieldErrors: Record<string, string[]>) => {
      update((all) =>
        Object.fromEntries(Object.entries(all).map(([id, verdict]) => [id, { ...verdict, errors: fieldErrors[`criterion.${id}`] ?? [] }])),
      );
    },
    [update],
  );

  return { verdicts, verdictsRef, change, lastChange, undoLast, resolveConflict, flush, markSubmitted, showErrors };
}
