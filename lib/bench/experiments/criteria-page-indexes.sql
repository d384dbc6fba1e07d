-- What-if for the criteria page (npm run bench -- --experiment-sql lib/bench/experiments/criteria-page-indexes.sql):
-- candidate indexes, applied to every bench database after the migrations, so the import pays for them
-- and the page queries may use them. Not part of the schema; see the bench findings before adopting.

-- dataset + tier sorted by points: an ordered index scan instead of reading every row of the tier and
-- sorting; query_id included so the count (which joins queries) is an index-only scan.
CREATE INDEX bench_criteria_dataset_tier_points_idx ON criteria (dataset_id, tier, points DESC, id DESC) INCLUDE (query_id);

-- status sorted by update time (the audit queue views): an ordered index scan that stops after the page.
CREATE INDEX bench_criteria_status_updated_idx ON criteria (status, updated_at DESC, id DESC);
