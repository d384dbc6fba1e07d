'use client';
// What the audit screen saves on the assignment itself, each save with the assignment's row version: the
// position (debounced, so the expert resumes where they were) and the completeness rating. Rating saves run
// one after another, and a submission waits for the last one (`settled`), since each bumps the version.
import { useCallback, useRef, useState } from 'react';
import { updateAssignmentAction } from '@/lib/audit/actions';
import type { ExpertAssignment } from '@/lib/audit/expert-view';

export function useAssignmentDraft({
  assignment,
  editable,
  onProblem,
}: {
  assignment: ExpertAssignment;
  editable: boolean;
  onProblem: (notice: { tone: 'error' | 'warning'; text: string }) => void;
}) {
  const rowVersion = useRef(assignment.rowVersion);
  const [rating, setRating] = useState<number | null>(assignment.comprehensiveness);
  const [ratingComment, setRatingComment] = useState(assignment.comprehensivenessComment ?? '');

  const cursorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveCursor = useCallback(
    (cursor: number) => {
      if (!editable) return;
      clearTimeout(cursorTimer.current);
      cursorTimer.current = setTimeout(() => {
        // Where the expert was is a convenience: a lost write costs only the resume position.
        updateAssignmentAction({ assignmentId: assignment.id, rowVersion: rowVersion.current, cursor }).catch(() => {});
      }, 800);
    },
    [assignment.id, editable],
  );

  const ratingSave = useRef<Promise<void>>(Promise.resolve());
  const saveRatingNow = useCallback(
    async (value: number | null, comment: string) => {
      if (!editable) return;
      // A request that never reached the server is said so, and leaves the chain of saves usable.
      const result = await updateAssignmentAction({
        assignmentId: assignment.id,
        rowVersion: rowVersion.current,
        comprehensiveness: value,
        comprehensivenessComment: comment || null,
      }).catch(() => null);
      if (!result) onProblem({ tone: 'error', text: 'The completeness rating was not saved: the server could not be reached.' });
      else if (result.ok) {
        rowVersion.current = result.data.current.rowVersion;
        if (result.data.status === 'conflict')
          onProblem({ tone: 'warning', text: 'The completeness rating was changed in another tab; reload to see it.' });
      } else onProblem({ tone: 'error', text: result.error });
    },
    [assignment.id, editable, onProblem],
  );
  const saveRating = useCallback(
    (value: number | null, comment: string) => {
      ratingSave.current = ratingSave.current.then(() => saveRatingNow(value, comment));
      return ratingSave.current;
    },
    [saveRatingNow],
  );
  const settled = useCallback(() => ratingSave.current, []);

  return { rowVersion, rating, setRating, ratingComment, setRatingComment, saveCursor, saveRating, settled };
}
