-- CreateTable
CREATE TABLE "release_lines" (
    "release_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "criteria" INTEGER NOT NULL,
    "line" TEXT NOT NULL,

    CONSTRAINT "release_lines_pkey" PRIMARY KEY ("release_id","position")
);

-- AddForeignKey
ALTER TABLE "release_lines" ADD CONSTRAINT "release_lines_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A frozen release's lines never change, like its snapshot rows.
CREATE TRIGGER "manual_release_lines_frozen" BEFORE UPDATE OR DELETE ON "release_lines"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_frozen_release_edit"();
CREATE TRIGGER "manual_release_lines_frozen_insert" AFTER INSERT ON "release_lines" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "manual_refuse_frozen_release_insert"();

-- Lines are kept out of line but uncompressed: the export reads them far more often than they are written,
-- and pglz decompression was the largest part of reading them.
ALTER TABLE "release_lines" ALTER COLUMN "line" SET STORAGE EXTERNAL;
