-- AlterEnum
ALTER TYPE "RevisionSource" ADD VALUE 'MISSING_PROPOSAL';

-- AlterTable
ALTER TABLE "criterion_revisions" ADD COLUMN     "proposal_id" INTEGER;

-- AlterTable
ALTER TABLE "missing_criterion_proposals" ADD COLUMN     "decided_at" TIMESTAMP(3),
ADD COLUMN     "decided_by_id" TEXT,
ADD COLUMN     "decision_note" TEXT,
ADD COLUMN     "duplicate_of_criterion_id" INTEGER;

-- CreateIndex
CREATE INDEX "criterion_revisions_proposal_id_idx" ON "criterion_revisions"("proposal_id");

-- CreateIndex
CREATE INDEX "missing_criterion_proposals_campaign_id_decision_idx" ON "missing_criterion_proposals"("campaign_id", "decision");

-- AddForeignKey
ALTER TABLE "criterion_revisions" ADD CONSTRAINT "criterion_revisions_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "missing_criterion_proposals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_duplicate_of_criterion_id_fkey" FOREIGN KEY ("duplicate_of_criterion_id") REFERENCES "criteria"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written: a decision is complete or absent (docs/criterion-lifecycle.md "Missing criteria").
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "manual_missing_criterion_proposals_decision_complete" CHECK (
  CASE "decision"
    WHEN 'PENDING' THEN "decided_at" IS NULL AND "decision_note" IS NULL AND "resulting_criterion_id" IS NULL
                        AND "duplicate_of_criterion_id" IS NULL
    WHEN 'ACCEPTED' THEN "decided_at" IS NOT NULL AND "duplicate_of_criterion_id" IS NULL
    ELSE "decided_at" IS NOT NULL AND "resulting_criterion_id" IS NULL AND coalesce(btrim("decision_note"), '') <> ''
  END);
