-- CreateIndex
CREATE INDEX "criteria_dataset_tier_points_idx" ON "criteria"("dataset_id", "tier", "points" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "criteria_status_updated_idx" ON "criteria"("status", "updated_at" DESC, "id" DESC);

-- ───────────── Hand-written (manual_*) ─────────────

-- Chinese search: trigram indexes cannot serve terms shorter than three characters, and two-character words
-- are the norm in Chinese (血压, 发烧). This index holds every pair of adjacent CJK characters of a criterion's
-- title and description; a short CJK search looks its pairs up here and then re-checks with ILIKE.
CREATE FUNCTION "manual_cjk_bigrams"(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN t !~ '[\u3400-\u9fff]' THEN '{}'::text[] ELSE ARRAY(
    SELECT DISTINCT substr(run[1], i, 2)
    FROM regexp_matches(t, '[\u3400-\u9fff]{2,}', 'g') AS run, generate_series(1, length(run[1]) - 1) AS i
  ) END
$$;
CREATE INDEX "manual_criteria_cjk_bigrams_idx" ON "criteria" USING GIN ("manual_cjk_bigrams"("title" || ' ' || "description"));
