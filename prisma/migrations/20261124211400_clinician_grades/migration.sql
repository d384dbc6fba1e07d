-- CreateEnum
CREATE TYPE "ClinicianGradeSource" AS ENUM ('IMPORTED');

-- CreateTable
CREATE TABLE "clinician_grades" (
    "id" SERIAL NOT NULL,
    "response_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "criterion_revision" INTEGER NOT NULL,
    "met" BOOLEAN NOT NULL,
    "source" "ClinicianGradeSource" NOT NULL,
    "physician_id" TEXT NOT NULL,
    "category" TEXT,
    "import_job_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clinician_grades_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "clinician_grades_criterion_id_idx" ON "clinician_grades"("criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "clinician_grades_response_id_criterion_id_physician_id_key" ON "clinician_grades"("response_id", "criterion_id", "physician_id");

-- AddForeignKey
ALTER TABLE "clinician_grades" ADD CONSTRAINT "clinician_grades_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clinician_grades" ADD CONSTRAINT "clinician_grades_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clinician_grades" ADD CONSTRAINT "clinician_grades_import_job_id_fkey" FOREIGN KEY ("import_job_id") REFERENCES "import_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
