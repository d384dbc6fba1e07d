-- CreateTable
CREATE TABLE "prompt_template_notes" (
    "id" SERIAL NOT NULL,
    "template_name" TEXT NOT NULL,
    "template_version" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "author_id" TEXT,
    "run_id" INTEGER,
    "response_id" INTEGER,
    "criterion_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prompt_template_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "prompt_template_notes_template_name_template_version_create_idx" ON "prompt_template_notes"("template_name", "template_version", "created_at");

-- AddForeignKey
ALTER TABLE "prompt_template_notes" ADD CONSTRAINT "prompt_template_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_template_notes" ADD CONSTRAINT "prompt_template_notes_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_template_notes" ADD CONSTRAINT "prompt_template_notes_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_template_notes" ADD CONSTRAINT "prompt_template_notes_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE SET NULL ON UPDATE CASCADE;
