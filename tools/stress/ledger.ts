// What the app acknowledged to the simulated experts: every submission it answered { ok: true } to, with the
// verdicts as sent and the row versions it returned, then every acknowledged amendment on top. After the run
// the database must hold exactly this (tools/stress/invariants.ts), whatever else happened meanwhile.
import type { VerdictFields } from '@/tools/stress/results';

export interface AcknowledgedVerdict extends VerdictFields {
  assignmentId: number;
  criterionId: number;
  /** The verdict's rowVersion the app returned with the acknowledgement. */
  rowVersion: number;
}

export class AckLedger {
  private readonly verdicts = new Map<string, AcknowledgedVerdict>();
  private readonly assignments = new Set<number>();
  private amendmentCount = 0;

  private static key(assignmentId: number, criterionId: number): string {
    return `${assignmentId}:${criterionId}`;
  }

  /** A submission the app acknowledged, with the verdict fields that were saved before it. */
  submitted(assignmentId: number, verdicts: { criterionId: number; fields: VerdictFields; rowVersion: number }[]): void {
    this.assignments.add(assignmentId);
    for (const { criterionId, fields, rowVersion } of verdicts) {
      this.verdicts.set(AckLedger.key(assignmentId, criterionId), { ...fields, assignmentId, criterionId, rowVersion });
    }
  }

  /** An amendment of a submitted verdict the app acknowledged. */
  amended(assignmentId: number, criterionId: number, fields: VerdictFields, rowVersion: number): void {
    const key = AckLedger.key(assignmentId, criterionId);
    if (!this.verdicts.has(key)) throw new Error(`amendment of verdict ${key}, which was never acknowledged as submitted`);
    this.verdicts.set(key, { ...fields, assignmentId, criterionId, rowVersion });
    this.amendmentCount += 1;
  }

  get submittedAssignments(): ReadonlySet<number> {
    return this.assignments;
  }

  get acknowledgedVerdicts(): AcknowledgedVerdict[] {
    return [...this.verdicts.values()];
  }

  get amendments(): number {
    return this.amendmentCount;
  }
}
