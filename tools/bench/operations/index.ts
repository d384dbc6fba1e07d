// The benchmark's operations, in the order they run. Later ones may reuse what earlier ones left in the app's
// database (the import leaves the synthetic dataset for the criteria page). The dashboard's campaign covers every
// criterion whatever its status and leaves statuses alone; it runs before claim-next so that its whole-database
// scope holds its campaign only. claim-next's campaign puts every criterion of the dataset IN_AUDIT; expert-home builds a campaign of its own in SQL. judge-grade
// seeds a small dataset of its own (the synthetic one has no responses to grade), so it depends on no other
// operation and none depends on it; meta-eval builds a dataset and grading run of its own in SQL, grading-claim a dataset and grading campaigns of its own, discriminability a dataset with verified pairs and runs of its own. export freezes a release of the whole dataset with a synthetic selection, so
// it reads no campaign and runs last.
import type { BenchOperation } from '@/tools/bench/operation';
import { claimNextOperation } from '@/tools/bench/operations/claim-next';
import { criteriaCountOperation } from '@/tools/bench/operations/criteria-count';
import { criteriaPageOperation } from '@/tools/bench/operations/criteria-page';
import { dashboardOperation } from '@/tools/bench/operations/dashboard';
import { discriminabilityOperation } from '@/tools/bench/operations/discriminability';
import { judgeDiagnosticsOperation } from '@/tools/bench/operations/judge-diagnostics';
import { expertHomeOperation } from '@/tools/bench/operations/expert-home';
import { exportOperation } from '@/tools/bench/operations/export';
import { gradingClaimOperation } from '@/tools/bench/operations/grading-claim';
import { importOperation } from '@/tools/bench/operations/import';
import { judgeGradeOperation } from '@/tools/bench/operations/judge-grade';
import { metaEvalOperation } from '@/tools/bench/operations/meta-eval';

export const OPERATIONS: BenchOperation<unknown>[] = [
  importOperation,
  criteriaPageOperation,
  criteriaCountOperation,
  dashboardOperation,
  claimNextOperation,
  expertHomeOperation,
  judgeGradeOperation,
  metaEvalOperation,
  gradingClaimOperation,
  discriminabilityOperation,
  judgeDiagnosticsOperation,
  exportOperation,
];
