// How long creating a campaign is expected to take, for the "New campaign" form. Most of the time goes to marking
// each criterion as in audit and to its analytics rows, so it grows with the criteria selected. 220,617 criteria
// took 277 s on the 2-core development machine before the text indexes left the criteria table, which cut the
// bench's creation from 151.9 to 61.8 s (docs/performance.md, "Text search on revisions"): 277 s at that ratio is
// 0.51 ms per criterion, rounded up to 0.55 ms, the app's estimate (a freshly imported dataset took 0.32 ms with
// nothing else running); a faster or busier server differs.
export const ESTIMATED_MS_PER_CRITERION = 0.55;

/** Below this estimate (or time so far) the campaign forms say nothing about time. */
export const MENTION_CREATION_TIME_FROM_SECONDS = 15;

export function estimatedCreationSeconds(criteria: number): number {
  return Math.ceil((criteria * ESTIMATED_MS_PER_CRITERION) / 1000);
}
