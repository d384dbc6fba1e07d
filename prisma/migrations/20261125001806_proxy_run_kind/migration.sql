-- AlterEnum
ALTER TYPE "JudgeRunKind" ADD VALUE 'PROXY';

-- CreateTable
CREATE TABLE "proxy_predictions" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "response_a_id" INTEGER NOT NULL,
    "response_b_id" INTEGER NOT NULL,
    "presented_order" "PresentedOrder" NOT NULL,
    "preferred_response_id" INTEGER NOT NULL,
    "basis" TEXT NOT NULL,
    "comparison_id" INTEGER,
    "criterion_ids" INTEGER[],
    "judge_call_id" INTEGER,
    "choice" "PairChoice" NOT NULL,
    "explanation" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proxy_predictions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "proxy_predictions_query_id_idx" ON "proxy_predictions"("query_id");

-- CreateIndex
CREATE UNIQUE INDEX "proxy_predictions_run_id_response_a_id_response_b_id_presen_key" ON "proxy_predictions"("run_id", "response_a_id", "response_b_id", "presented_order");

-- AddForeignKey
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "proxy_predictions_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "proxy_predictions_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "proxy_predictions_response_a_id_fkey" FOREIGN KEY ("response_a_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "proxy_predictions_response_b_id_fkey" FOREIGN KEY ("response_b_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "proxy_predictions_judge_call_id_fkey" FOREIGN KEY ("judge_call_id") REFERENCES "judge_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A pair is stored once per order with A the lower response id, and the humans' choice is one of its two responses.
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "manual_proxy_predictions_pair_order" CHECK ("response_a_id" < "response_b_id");
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "manual_proxy_predictions_preferred_in_pair"
  CHECK ("preferred_response_id" IN ("response_a_id", "response_b_id"));
ALTER TABLE "proxy_predictions" ADD CONSTRAINT "manual_proxy_predictions_basis" CHECK ("basis" IN ('reviewers', 'clinician-grades'));
