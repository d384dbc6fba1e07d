-- CreateTable
CREATE TABLE "release_freezes" (
    "release_id" INTEGER NOT NULL,
    "requested_by_id" TEXT,
    "stage" TEXT NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "release_freezes_pkey" PRIMARY KEY ("release_id")
);

-- CreateTable
CREATE TABLE "release_lines" (
    "release_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "part" INTEGER NOT NULL,
    "criteria" INTEGER NOT NULL,
    "line" TEXT NOT NULL,

    CONSTRAINT "release_lines_pkey" PRIMARY KEY ("release_id","position","part")
);

-- AddForeignKey
ALTER TABLE "release_freezes" ADD CONSTRAINT "release_freezes_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_freezes" ADD CONSTRAINT "release_freezes_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_lines" ADD CONSTRAINT "release_lines_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A frozen release's lines never change, like its snapshot rows.
CREATE TRIGGER "manual_release_lines_frozen" BEFORE UPDATE OR DELETE ON "release_lines"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_frozen_release_edit"();
CREATE TRIGGER "manual_release_lines_frozen_insert" AFTER INSERT ON "release_lines" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "manual_refuse_frozen_release_insert"();

-- Parts of at most 8,000 bytes stay in the heap page, uncompressed: the native export reads them with one
-- sequential pass instead of fetching TOAST chunks (and pglz decompression was the largest part of reading).
ALTER TABLE "release_lines" ALTER COLUMN "line" SET STORAGE PLAIN;
