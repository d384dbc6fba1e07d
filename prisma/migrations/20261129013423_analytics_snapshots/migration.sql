-- CreateTable
CREATE TABLE "analytics_input_changes" (
    "id" BIGSERIAL NOT NULL,

    CONSTRAINT "analytics_input_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_input_version" (
    "id" INTEGER NOT NULL,
    "folded" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "analytics_input_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytics_snapshots" (
    "key" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "figures" TEXT NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "compute_ms" INTEGER NOT NULL,

    CONSTRAINT "analytics_snapshots_pkey" PRIMARY KEY ("key")
);

-- ───────────── Hand-written (manual_*) ─────────────
-- Stored analytics figures, served until their inputs change (issue 21: the rubric discriminability figures over
-- 10,000 verified pairs take as long to compute as the same aggregation in raw SQL, about 1 s, on every open).
-- Every statement that changes a table those figures read inserts one row into analytics_input_changes, in its own
-- transaction. The input version a reader sees is analytics_input_version.folded + the rows it can see: it only ever
-- grows, and two reads that see the same version have seen the same committed changes. A snapshot is stored with the
-- version read before computing it, only when the version read after is the same, and served while the version is
-- unchanged (lib/analytics/snapshots.ts). Inserts never wait on each other, unlike a counter row that a long import
-- would hold locked until it commits. Updates count only when they set a column the figures read, so the reviewers'
-- claims (review_holders), the judge's progress counts, tags and notes do not invalidate anything.

INSERT INTO "analytics_input_version" (id, folded) VALUES (1, 0);

CREATE FUNCTION manual_analytics_input_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_input_changes DEFAULT VALUES;
  RETURN NULL;
END
$$;

-- Per table: inserts, deletes and truncations always count; updates when they set one of the columns listed.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('criteria', 'dataset_id, query_id, title, points, status'),
    ('queries', 'dataset_id, external_id'),
    ('responses', 'query_id, is_ideal'),
    ('judge_runs', 'kind, status, scope, meta_rubric_version_id'),
    ('meta_rubrics', 'name'),
    ('meta_rubric_versions', 'meta_rubric_id, number'),
    ('reviewer_judgments', 'comparison_id, state, preference'),
    ('pairwise_comparisons', 'query_id, response_a_id, response_b_id'),
    ('grades', 'run_id, response_id, criterion_id, met'),
    ('clinician_grades', 'response_id, criterion_id, met'),
    ('proxy_predictions', 'run_id, query_id, response_a_id, response_b_id, presented_order, preferred_response_id, choice'),
    ('criterion_provenance', 'criterion_id, judge_run_id, meta_rubric_version_id, generator_models')
  ) AS v(name, columns) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE OR TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION manual_analytics_input_changed()', 'manual_analytics_input_' || t.name, t.name);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OF %s ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION manual_analytics_input_changed()',
                   'manual_analytics_input_' || t.name || '_update', t.columns, t.name);
  END LOOP;
END
$$;
