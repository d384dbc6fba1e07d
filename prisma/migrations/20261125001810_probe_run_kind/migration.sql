-- CreateEnum
CREATE TYPE "ProbeVariantKind" AS ENUM ('FORMAT_PLAIN', 'FORMAT_MARKDOWN', 'SYCOPHANCY', 'VERBOSITY');

-- AlterEnum
ALTER TYPE "JudgeRunKind" ADD VALUE 'PROBE';

-- CreateTable
CREATE TABLE "probe_variants" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "response_id" INTEGER NOT NULL,
    "kind" "ProbeVariantKind" NOT NULL,
    "content" TEXT NOT NULL,
    "conversation" JSONB NOT NULL,
    "transform_version" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "probe_variants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "probe_grades" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "response_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "variant" BOOLEAN NOT NULL,
    "judge_call_id" INTEGER,
    "met" BOOLEAN NOT NULL,
    "points_awarded" DOUBLE PRECISION NOT NULL,
    "criterion_revision" INTEGER NOT NULL,
    "explanation" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "probe_grades_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "probe_variants_run_id_response_id_key" ON "probe_variants"("run_id", "response_id");

-- CreateIndex
CREATE INDEX "probe_grades_criterion_id_idx" ON "probe_grades"("criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "probe_grades_run_id_response_id_criterion_id_variant_key" ON "probe_grades"("run_id", "response_id", "criterion_id", "variant");

-- AddForeignKey
ALTER TABLE "probe_variants" ADD CONSTRAINT "probe_variants_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probe_variants" ADD CONSTRAINT "probe_variants_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probe_grades" ADD CONSTRAINT "probe_grades_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probe_grades" ADD CONSTRAINT "probe_grades_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probe_grades" ADD CONSTRAINT "probe_grades_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "probe_grades" ADD CONSTRAINT "probe_grades_judge_call_id_fkey" FOREIGN KEY ("judge_call_id") REFERENCES "judge_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;
