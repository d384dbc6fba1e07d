-- ───────────── Hand-written (manual_*) ─────────────
-- A frozen release row never changes either: its name, version, rules, manifest and freezing time are fixed,
-- and it cannot be deleted (which would cascade to its snapshot). Only `checksums` may still be filled in,
-- by the export of its files (which are a deterministic function of the frozen snapshot). Nothing may be
-- added to a frozen release's snapshot.
CREATE FUNCTION "manual_refuse_frozen_release_row_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'FROZEN' THEN
    IF TG_OP = 'DELETE' OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."name" IS DISTINCT FROM OLD."name"
       OR NEW."version" IS DISTINCT FROM OLD."version" OR NEW."rules" IS DISTINCT FROM OLD."rules"
       OR NEW."manifest" IS DISTINCT FROM OLD."manifest" OR NEW."frozen_at" IS DISTINCT FROM OLD."frozen_at"
       OR NEW."description" IS DISTINCT FROM OLD."description" OR NEW."created_by_id" IS DISTINCT FROM OLD."created_by_id" THEN
      RAISE EXCEPTION 'release % is frozen', OLD."id" USING ERRCODE = 'insufficient_privilege';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "manual_releases_frozen" BEFORE UPDATE OR DELETE ON "releases"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_frozen_release_row_edit"();

CREATE FUNCTION "manual_refuse_frozen_release_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT "release_id" FROM "new_rows") n JOIN "releases" r ON r."id" = n."release_id"
              WHERE r."status" = 'FROZEN') THEN
    RAISE EXCEPTION 'a frozen release cannot take new rows' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "manual_release_items_frozen_insert" AFTER INSERT ON "release_items" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "manual_refuse_frozen_release_insert"();
CREATE TRIGGER "manual_release_queries_frozen_insert" AFTER INSERT ON "release_queries" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "manual_refuse_frozen_release_insert"();
