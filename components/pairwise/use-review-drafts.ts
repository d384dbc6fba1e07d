'use client';
// The pairwise review's state and saves. The blind preference is saved once, with the judgment's row
// version (saving it is what reveals the judge); each criterion mark is kept on the server as a draft the
// moment it is made, so a failed submit, a reload or giving the pair back loses none; the submission sends
// the marks and the overall verdict with the row version and reports every missing answer at its control.
import { useRouter } from 'next/navigation';
import { useCallback, useRef, useState, useTransition } from 'react';
import { MARK_OPTIONS, preferenceLabel } from '@/components/pairwise/labels';
import { useTimeOnPair } from '@/components/pairwise/use-time-on-pair';
import { giveBackPairAction, saveDraftMarkAction, savePreferenceAction, submitReviewAction } from '@/lib/pairwise/actions';
import type { ReviewView } from '@/lib/pairwise/review-view';
import type { KeyDifference, ReviewerMarkValue } from '@/lib/pairwise/schemas';

export type ReviewErrors = Record<string, string[]>;

export function useReviewDrafts({ review, focusCriterion }: { review: ReviewView; focusCriterion: (index: number) => void }) {
  const router = useRouter();
  const takeSeconds = useTimeOnPair();
  const rowVersion = useRef(review.rowVersion);
  const [preference, setPreference] = useState<number | null>(review.preference);
  const [aspects, setAspects] = useState<KeyDifference[]>(review.keyDifferences.aspects);
  const [note, setNote] = useState(review.keyDifferences.note ?? '');
  const [marks, setMarks] = useState<Record<number, ReviewerMarkValue>>(() =>
    Object.fromEntries(review.marks.map((mark) => [mark.criterionId, mark.mark])),
  );
  const [verdictCorrect, setVerdictCorrect] = useState<boolean | null>(review.verdictCorrect);
  const [comment, setComment] = useState(review.comment ?? '');
  const [errors, setErrors] = useState<ReviewErrors>({});
  /** Spoken by the screen's live region: each choice, by key or click, with the count it leads to. */
  const [announcement, setAnnouncement] = useState('');
  const marksRef = useRef(marks);
  marksRef.current = marks;
  const [banner, setBanner] = useState<{ tone: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const criteria = review.judge?.criteria ?? [];
  const revealed = review.judge !== null;
  const editable = review.editable && review.state !== 'SUBMITTED';

  const savePreference = useCallback(() => {
    if (!editable || revealed) return;
    if (preference === null) {
      setErrors({ preference: ['Choose which response is better first (keys 1–5).'] });
      return;
    }
    startTransition(async () => {
      setBanner(null);
      const result = await savePreferenceAction({
        judgmentId: review.id,
        rowVersion: rowVersion.current,
        preference,
        keyDifferences: { aspects, note: note.trim() || null },
        secondsDelta: takeSeconds(),
      });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setBanner({ tone: 'error', text: result.error });
        return;
      }
      rowVersion.current = result.data.rowVersion;
      setErrors({});
      // The judge's verdict is only sent now, with the page's next server render.
      router.refresh();
    });
  }, [aspects, editable, note, preference, review.id, revealed, router, takeSeconds]);

  const submit = useCallback(() => {
    if (!editable || !revealed) return;
    const missing = criteria.filter((criterion) => !marks[criterion.id]);
    const local: ReviewErrors = {};
    for (const criterion of missing) local[`criterion.${criterion.id}`] = ['Mark this criterion: agree, disagree or not relevant'];
    if (verdictCorrect === null) local.verdictCorrect = ['Say whether the judge’s overall verdict is right'];
    if (verdictCorrect === false && !comment.trim()) local.comment = ['Say why the judge’s verdict is wrong'];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setBanner({ tone: 'error', text: 'Please complete the highlighted fields.' });
      const first = criteria.findIndex((criterion) => local[`criterion.${criterion.id}`]);
      if (first >= 0) focusCriterion(first);
      return;
    }
    startTransition(async () => {
      setBanner(null);
      const result = await submitReviewAction({
        judgmentId: review.id,
        rowVersion: rowVersion.current,
        marks: criteria.map((criterion) => ({ criterionId: criterion.id, mark: marks[criterion.id] ?? 'AGREE' })),
        verdictCorrect: verdictCorrect ?? true,
        comment: comment.trim() || null,
        secondsDelta: takeSeconds(),
      });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setBanner({ tone: 'error', text: result.error });
        return;
      }
      setErrors({});
      router.refresh();
    });
  }, [comment, criteria, editable, focusCriterion, marks, review.id, revealed, router, takeSeconds, verdictCorrect]);

  const giveBack = () =>
    startTransition(async () => {
      const result = await giveBackPairAction({ judgmentId: review.id });
      if (result.ok) router.push('/pairwise');
      else setBanner({ tone: 'error', text: result.error });
    });

  const mark = useCallback(
    (id: number, value: ReviewerMarkValue) => {
      setMarks((current) => ({ ...current, [id]: value }));
      const index = criteria.findIndex((criterion) => criterion.id === id);
      const count = criteria.filter((criterion) => criterion.id === id || marksRef.current[criterion.id]).length;
      const label = MARK_OPTIONS.find(([option]) => option === value)?.[1] ?? value;
      setAnnouncement(`Criterion ${index + 1}: ${label}. ${count} of ${criteria.length} marked.`);
      setErrors(({ [`criterion.${id}`]: _gone, ...rest }) => rest);
      // Kept on the server at once: a failed submit, a reload or giving the pair back loses no mark.
      saveDraftMarkAction({ judgmentId: review.id, criterionId: id, mark: value }).then(
        (result) => {
          if (!result.ok) setBanner({ tone: 'error', text: `Your mark was not saved: ${result.error}` });
        },
        () => setBanner({ tone: 'error', text: 'Your mark was not saved: the server could not be reached.' }),
      );
    },
    [criteria, review.id],
  );

  const choosePreference = useCallback((value: number | null) => {
    setPreference(value);
    setErrors({});
    setAnnouncement(`Preference: ${preferenceLabel(value)}.`);
  }, []);
  const chooseVerdict = useCallback((value: boolean) => {
    setVerdictCorrect(value);
    setErrors(({ verdictCorrect: _gone, ...rest }) => rest);
  }, []);

  return {
    preference,
    choosePreference,
    aspects,
    setAspects,
    note,
    setNote,
    marks,
    mark,
    verdictCorrect,
    setVerdictCorrect,
    chooseVerdict,
    comment,
    setComment,
    errors,
    banner,
    announcement,
    pending,
    editable,
    revealed,
    criteria,
    savePreference,
    submit,
    giveBack,
  };
}
