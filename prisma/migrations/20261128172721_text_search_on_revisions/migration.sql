-- DropIndex
DROP INDEX "criteria_title_trgm_idx";

-- DropIndex
DROP INDEX "criteria_description_trgm_idx";

-- AlterTable (generated as ADD COLUMN ... NOT NULL; split so databases that already hold revisions migrate)
ALTER TABLE "criterion_revisions" ADD COLUMN     "category" "QueryCategory";
UPDATE "criterion_revisions" r SET "category" = c."category" FROM "criteria" c WHERE c."id" = r."criterion_id";
ALTER TABLE "criterion_revisions" ALTER COLUMN "category" SET NOT NULL;

-- ───────────── Hand-written (manual_*) ─────────────

-- Text search moves from criteria to criterion_revisions. criteria rows are wide (about 2.9 KB at
-- QuarkMedBench scale), so no update of one is HOT, and every status change (creating or closing a campaign,
-- a final decision) wrote a new row version into each text index: 0.6–1.0 s per 1,000 criteria, against 64 ms
-- without them. A revision row is written once (revision 0 also when a re-import corrects a never-audited
-- text), and the row of a criterion's current revision holds its current text, so the browser searches there.
-- Each index leads with the category, which the browser's search is usually filtered by (a multicolumn GIN
-- index answers any subset of its columns, so a search without a category uses it too).
DROP INDEX "manual_criteria_category_cjk_bigrams_idx";
CREATE INDEX "manual_criterion_revisions_category_title_trgm_idx" ON "criterion_revisions"
  USING GIN ("category", "title" gin_trgm_ops);
CREATE INDEX "manual_criterion_revisions_category_description_trgm_idx" ON "criterion_revisions"
  USING GIN ("category", "description" gin_trgm_ops);
CREATE INDEX "manual_criterion_revisions_category_cjk_bigrams_idx" ON "criterion_revisions"
  USING GIN ("category", "manual_cjk_bigrams"("title" || ' ' || "description"));

-- A query's category is copied onto its criteria and their revisions; when it changes, they follow.
CREATE OR REPLACE FUNCTION "manual_copy_query_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "criteria" SET "category" = NEW."category" WHERE "query_id" = NEW."id" AND "category" IS DISTINCT FROM NEW."category";
  UPDATE "criterion_revisions" r SET "category" = NEW."category"
    FROM "criteria" c WHERE c."query_id" = NEW."id" AND r."criterion_id" = c."id" AND r."category" IS DISTINCT FROM NEW."category";
  RETURN NULL;
END;
$$;

-- Revision 0 carries the category (as before otherwise).
CREATE OR REPLACE FUNCTION "manual_criteria_revision_zero"()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO criterion_revisions (criterion_id, revision, category, title, description, tier, points, source, created_at)
    SELECT n.id, n.revision, n.category, n.title, n.description, n.tier, n.points, 'IMPORTED', n.created_at FROM new_rows n;
  ELSE
    UPDATE criterion_revisions r
       SET title = n.title, description = n.description, tier = n.tier, points = n.points
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE r.criterion_id = n.id AND r.revision = 0 AND n.revision = 0 AND o.revision = 0
       AND (n.title, n.description, n.tier, n.points) IS DISTINCT FROM (o.title, o.description, o.tier, o.points);
  END IF;
  RETURN NULL;
END
$$;

-- A new revision carries its criterion's category (as before otherwise).
CREATE OR REPLACE FUNCTION "manual_apply_criterion_states"(p_criteria int[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_changed int[];
BEGIN
  IF coalesce(cardinality(p_criteria), 0) = 0 THEN
    RETURN;
  END IF;
  -- Most calls change nothing (a verdict that decides nothing yet): then no UPDATE runs, and the criteria
  -- table's statement triggers do not fire for nothing.
  SELECT array_agg(s.criterion_id ORDER BY s.criterion_id) INTO v_changed
    FROM manual_compute_criterion_states(p_criteria) s JOIN criteria c ON c.id = s.criterion_id
   WHERE (s.status, s.final_campaign_id) IS DISTINCT FROM (c.status, c.final_campaign_id)
      OR (s.title IS NOT NULL AND (s.title, s.description, s.tier, s.points)
          IS DISTINCT FROM (c.title, c.description, c.tier, c.points));
  IF v_changed IS NULL THEN
    RETURN;
  END IF;
  WITH s AS (SELECT * FROM manual_compute_criterion_states(v_changed)),
  diff AS (
    SELECT s.*, (s.title IS NOT NULL AND (s.title, s.description, s.tier, s.points)
                 IS DISTINCT FROM (c.title, c.description, c.tier, c.points)) AS text_changed
      FROM s JOIN criteria c ON c.id = s.criterion_id
     WHERE (s.status, s.final_campaign_id) IS DISTINCT FROM (c.status, c.final_campaign_id)
        OR (s.title IS NOT NULL AND (s.title, s.description, s.tier, s.points)
            IS DISTINCT FROM (c.title, c.description, c.tier, c.points))),
  upd AS (
    UPDATE criteria c
       SET status = d.status, final_campaign_id = d.final_campaign_id,
           title = CASE WHEN d.text_changed THEN d.title ELSE c.title END,
           description = CASE WHEN d.text_changed THEN d.description ELSE c.description END,
           tier = CASE WHEN d.text_changed THEN d.tier ELSE c.tier END,
           points = CASE WHEN d.text_changed THEN d.points ELSE c.points END,
           revision = c.revision + d.text_changed::int,
           row_version = c.row_version + d.text_changed::int,
           updated_at = now()
      FROM diff d
     WHERE c.id = d.criterion_id
    RETURNING c.id, c.revision, c.category)
  INSERT INTO criterion_revisions (criterion_id, revision, category, title, description, tier, points, source, campaign_id,
                                   adjudication_id, verdict_id, author_id, reason)
  SELECT u.id, u.revision, u.category, d.title, d.description, d.tier, d.points, d.source, d.campaign_id, d.adjudication_id,
         d.verdict_id, d.author_id, d.reason
    FROM upd u JOIN diff d ON d.criterion_id = u.id
   WHERE d.text_changed;
END
$$;

