-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "btree_gin";

-- AlterTable (generated as ADD COLUMN ... NOT NULL; split so databases that already hold criteria migrate)
ALTER TABLE "criteria" ADD COLUMN     "category" "QueryCategory";
UPDATE "criteria" c SET "category" = q."category" FROM "queries" q WHERE q."id" = c."query_id";
ALTER TABLE "criteria" ALTER COLUMN "category" SET NOT NULL;

-- ───────────── Hand-written (manual_*) ─────────────

-- A query's category is copied onto its criteria; when it changes, they follow.
CREATE FUNCTION "manual_copy_query_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "criteria" SET "category" = NEW."category" WHERE "query_id" = NEW."id" AND "category" IS DISTINCT FROM NEW."category";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "manual_queries_category_to_criteria" AFTER UPDATE OF "category" ON "queries"
  FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category") EXECUTE FUNCTION "manual_copy_query_category"();

-- Short Chinese searches filtered by category: one GIN index serves the pair lookup with or without the
-- category (a multicolumn GIN index answers any subset of its columns), so it replaces the pair-only one.
DROP INDEX "manual_criteria_cjk_bigrams_idx";
CREATE INDEX "manual_criteria_category_cjk_bigrams_idx" ON "criteria" USING GIN ("category", "manual_cjk_bigrams"("title" || ' ' || "description"));
