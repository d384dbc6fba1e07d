// Agreement and reliability statistics, pure functions. Undefined statistics (0/0, empty input, a single
// category) are NaN; mismatched input lengths throw.
export { type BinaryMacroF1Result, binaryMacroF1 } from '@/lib/stats/binary-macro-f1';
export { binnedMutualInformation } from '@/lib/stats/binned-mutual-information';
export { type BootstrapOptions, bootstrapInterval } from '@/lib/stats/bootstrap-interval';
export { bootstrapStd } from '@/lib/stats/bootstrap-std';
export { clusterBootstrapIntervals } from '@/lib/stats/cluster-bootstrap';
export { type ClusterMeanMoments, clusterMeanInterval } from '@/lib/stats/cluster-mean-interval';
export {
  type ClusterMoments,
  type ClusterWilsonResult,
  clusterWilsonFromMoments,
  clusterWilsonInterval,
} from '@/lib/stats/cluster-wilson-interval';
export { type CohenKappaResult, cohenKappa, cohenKappaFromTable } from '@/lib/stats/cohen-kappa';
export { type FleissKappaResult, fleissKappa, fleissKappaFromTotals } from '@/lib/stats/fleiss-kappa';
export { gwetAC1 } from '@/lib/stats/gwet-ac1';
export {
  addPairs,
  type ClassMetrics,
  healthbenchPairwiseF1,
  type PairCounts,
  type PairwiseF1Result,
  type PairwiseItem,
  pairwiseF1FromCounts,
  type RateWithN,
} from '@/lib/stats/healthbench-pairwise-f1';
export { krippendorffAlpha, krippendorffAlphaFromCoincidences, type MeasurementLevel } from '@/lib/stats/krippendorff-alpha';
export {
  type LeaveOneOutResult,
  leaveOneOutFromCounts,
  leaveOneOutPairwiseF1,
  type RaterLabel,
  type RaterResult,
} from '@/lib/stats/leave-one-out-pairwise-f1';
export { confusionFromTable, type MajorityConfusion, majorityConfusion } from '@/lib/stats/majority-confusion';
export { normalQuantile } from '@/lib/stats/normal-quantile';
export { percentAgreement } from '@/lib/stats/percent-agreement';
export { wilsonInterval, Z_95 } from '@/lib/stats/wilson-interval';
