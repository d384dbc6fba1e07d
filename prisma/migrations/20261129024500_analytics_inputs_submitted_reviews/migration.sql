-- ───────────── Hand-written (manual_*) ─────────────
-- Reviews count as a change to the stored analytics figures only when a submitted review is involved (fix forward of
-- analytics_snapshots, whose comment claimed the reviewers' claims changed nothing: a claim inserts a RESERVED
-- review, an expiry and a preference given before submitting update one, and each invalidated the stored figures).
-- The figures read submitted reviews only (lib/pairwise/verified-comparisons-sql.ts), so a statement counts when a
-- row it inserted, deleted or updated was SUBMITTED before or after. Transition tables cannot go with a column list,
-- so the update trigger sees every update and looks at the rows it changed.

DROP TRIGGER "manual_analytics_input_reviewer_judgments" ON "reviewer_judgments";
DROP TRIGGER "manual_analytics_input_reviewer_judgments_update" ON "reviewer_judgments";

CREATE FUNCTION manual_analytics_input_reviews_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE state = 'SUBMITTED') THEN
    INSERT INTO analytics_input_changes DEFAULT VALUES;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION manual_analytics_input_reviews_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows WHERE state = 'SUBMITTED') THEN
    INSERT INTO analytics_input_changes DEFAULT VALUES;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION manual_analytics_input_reviews_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE state = 'SUBMITTED') OR EXISTS (SELECT 1 FROM old_rows WHERE state = 'SUBMITTED') THEN
    INSERT INTO analytics_input_changes DEFAULT VALUES;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "manual_analytics_input_reviewer_judgments_insert" AFTER INSERT ON "reviewer_judgments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_analytics_input_reviews_inserted();
CREATE TRIGGER "manual_analytics_input_reviewer_judgments_delete" AFTER DELETE ON "reviewer_judgments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_analytics_input_reviews_deleted();
CREATE TRIGGER "manual_analytics_input_reviewer_judgments_update" AFTER UPDATE ON "reviewer_judgments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_analytics_input_reviews_updated();
CREATE TRIGGER "manual_analytics_input_reviewer_judgments_truncate" AFTER TRUNCATE ON "reviewer_judgments"
  FOR EACH STATEMENT EXECUTE FUNCTION manual_analytics_input_changed();
