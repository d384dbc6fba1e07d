// How long creating a campaign is expected to take, for the "New campaign" form. Most of the time goes to marking
// each criterion as in audit and to its analytics rows, so it grows with the criteria selected: 220,617 criteria took
// 277 s on the 2-core development machine (docs/performance.md, "Creating a campaign at full scale"). 1.3 ms per
// criterion is the app's estimate from that run; a faster or busier server differs.
export const ESTIMATED_MS_PER_CRITERION = 1.3;

/** Below this estimate (or time so far) the campaign forms say nothing about time. */
export const MENTION_CREATION_TIME_FROM_SECONDS = 15;

export function estimatedCreationSeconds(criteria: number): number {
  return Math.ceil((criteria * ESTIMATED_MS_PER_CRITERION) / 1000);
}
