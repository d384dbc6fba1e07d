-- CreateTable
CREATE TABLE "criterion_outcomes" (
    "campaign_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "red_line" BOOLEAN NOT NULL,
    "tags" TEXT[],
    "department" TEXT,
    "meta_rubric_version_id" INTEGER,
    "generator_models" TEXT[],
    "k" INTEGER NOT NULL,
    "verdicts" INTEGER NOT NULL,
    "n_accept" INTEGER NOT NULL,
    "n_minor" INTEGER NOT NULL,
    "n_major" INTEGER NOT NULL,
    "n_reject" INTEGER NOT NULL,
    "d_correctness" INTEGER NOT NULL,
    "d_comprehensiveness" INTEGER NOT NULL,
    "d_relevance" INTEGER NOT NULL,
    "d_weight" INTEGER NOT NULL,
    "w_over" INTEGER NOT NULL,
    "w_under" INTEGER NOT NULL,
    "w_redundant" INTEGER NOT NULL,
    "last_verdict_at" TIMESTAMP(3),
    "expert_ids" TEXT[],
    "decisions" TEXT[],
    "complete" BOOLEAN NOT NULL,
    "agreement" DOUBLE PRECISION,
    "gold_decision" TEXT,
    "gold_dimensions" TEXT[],
    "gold_weight_direction" TEXT,
    "adjudicated_at" TIMESTAMP(3),
    "unanimous" BOOLEAN NOT NULL,
    "final_decision" TEXT,
    "provenance" TEXT NOT NULL,
    "final_at" TIMESTAMP(3),
    "final_day" TIMESTAMP(3),
    "c_correctness" BOOLEAN NOT NULL,
    "c_comprehensiveness" BOOLEAN NOT NULL,
    "c_relevance" BOOLEAN NOT NULL,
    "c_weight" BOOLEAN NOT NULL,
    "cw_direction" TEXT,

    CONSTRAINT "criterion_outcomes_pkey" PRIMARY KEY ("campaign_id","criterion_id")
);

-- CreateTable
CREATE TABLE "outcome_counts" (
    "campaign_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "breakdown" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "criteria" INTEGER NOT NULL DEFAULT 0,
    "with_verdicts" INTEGER NOT NULL DEFAULT 0,
    "finalized" INTEGER NOT NULL DEFAULT 0,
    "unanimous" INTEGER NOT NULL DEFAULT 0,
    "adjudicated" INTEGER NOT NULL DEFAULT 0,
    "unresolved" INTEGER NOT NULL DEFAULT 0,
    "awaiting" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "lenient_accepted" INTEGER NOT NULL DEFAULT 0,
    "p_correctness" INTEGER NOT NULL DEFAULT 0,
    "p_comprehensiveness" INTEGER NOT NULL DEFAULT 0,
    "p_relevance" INTEGER NOT NULL DEFAULT 0,
    "p_weight" INTEGER NOT NULL DEFAULT 0,
    "p_weight_over" INTEGER NOT NULL DEFAULT 0,
    "p_weight_under" INTEGER NOT NULL DEFAULT 0,
    "p_weight_redundant" INTEGER NOT NULL DEFAULT 0,
    "c_correctness" INTEGER NOT NULL DEFAULT 0,
    "c_comprehensiveness" INTEGER NOT NULL DEFAULT 0,
    "c_relevance" INTEGER NOT NULL DEFAULT 0,
    "c_weight" INTEGER NOT NULL DEFAULT 0,
    "c_weight_over" INTEGER NOT NULL DEFAULT 0,
    "c_weight_under" INTEGER NOT NULL DEFAULT 0,
    "c_weight_redundant" INTEGER NOT NULL DEFAULT 0,
    "agrees" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outcome_counts_pkey" PRIMARY KEY ("campaign_id","dataset_id","breakdown","key")
);

-- CreateTable
CREATE TABLE "outcome_count_deltas" (
    "id" BIGSERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "breakdown" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "criteria" INTEGER NOT NULL DEFAULT 0,
    "with_verdicts" INTEGER NOT NULL DEFAULT 0,
    "finalized" INTEGER NOT NULL DEFAULT 0,
    "unanimous" INTEGER NOT NULL DEFAULT 0,
    "adjudicated" INTEGER NOT NULL DEFAULT 0,
    "unresolved" INTEGER NOT NULL DEFAULT 0,
    "awaiting" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "lenient_accepted" INTEGER NOT NULL DEFAULT 0,
    "p_correctness" INTEGER NOT NULL DEFAULT 0,
    "p_comprehensiveness" INTEGER NOT NULL DEFAULT 0,
    "p_relevance" INTEGER NOT NULL DEFAULT 0,
    "p_weight" INTEGER NOT NULL DEFAULT 0,
    "p_weight_over" INTEGER NOT NULL DEFAULT 0,
    "p_weight_under" INTEGER NOT NULL DEFAULT 0,
    "p_weight_redundant" INTEGER NOT NULL DEFAULT 0,
    "c_correctness" INTEGER NOT NULL DEFAULT 0,
    "c_comprehensiveness" INTEGER NOT NULL DEFAULT 0,
    "c_relevance" INTEGER NOT NULL DEFAULT 0,
    "c_weight" INTEGER NOT NULL DEFAULT 0,
    "c_weight_over" INTEGER NOT NULL DEFAULT 0,
    "c_weight_under" INTEGER NOT NULL DEFAULT 0,
    "c_weight_redundant" INTEGER NOT NULL DEFAULT 0,
    "agrees" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outcome_count_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "criterion_outcomes_criterion_id_idx" ON "criterion_outcomes"("criterion_id");

-- AddForeignKey
ALTER TABLE "criterion_outcomes" ADD CONSTRAINT "criterion_outcomes_campaign_id_criterion_id_fkey" FOREIGN KEY ("campaign_id", "criterion_id") REFERENCES "campaign_criteria"("campaign_id", "criterion_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────────── Hand-written (manual_*) ─────────────
-- The dashboard's numbers maintained on write (README "Analytics and adjudication", "Maintained counts"):
--  1. manual_compute_outcomes(campaigns[], criteria[]): the final decision of the given (campaign, criterion)
--     pairs, from their submitted verdicts, adjudication, campaign (k, status), criterion, query and provenance.
--     Verdicts are read through the (campaign_id, criterion_id) index, arrays in expert order.
--  2. manual_refresh_outcomes(campaigns[], criteria[]): locks the pairs' outcome rows in key order (so two
--     experts submitting on the same criterion queue up and the second one counts the first one's verdict),
--     then recomputes them in a new snapshot and writes only the rows that changed.
--  3. statement-level triggers (transition tables, so a bulk statement refreshes its pairs in one pass) on
--     verdicts (submitted ones only: drafts change nothing), adjudications, audit_campaigns (status, k),
--     campaign_criteria (new pairs), criteria (dataset, category, tier, red line, tags), queries (department)
--     and criterion_provenance.
--  4. a trigger on criterion_outcomes appends each statement's signed contributions to the group counts
--     (old row −1, new row +1, summed per group, zero sums dropped) to outcome_count_deltas: insert-only, so
--     concurrent submissions never wait on a shared counter row.
--  5. manual_fold_outcome_deltas(): moves the deltas into outcome_counts (the dashboard calls it before reading
--     counts + remaining deltas in one statement) and drops groups that became empty.

CREATE FUNCTION "manual_compute_outcomes"(p_campaign int[], p_criterion int[])
RETURNS SETOF "criterion_outcomes"
LANGUAGE sql STABLE AS $$
WITH keys AS (
  SELECT DISTINCT k.campaign_id, k.criterion_id FROM unnest(p_campaign, p_criterion) AS k(campaign_id, criterion_id)),
tallies AS (
  SELECT v.campaign_id, v.criterion_id,
         count(*)::int AS verdicts,
         count(*) FILTER (WHERE v.decision = 'ACCEPT')::int AS n_accept,
         count(*) FILTER (WHERE v.decision = 'REVISE_MINOR')::int AS n_minor,
         count(*) FILTER (WHERE v.decision = 'REVISE_MAJOR')::int AS n_major,
         count(*) FILTER (WHERE v.decision = 'REJECT')::int AS n_reject,
         count(*) FILTER (WHERE 'CORRECTNESS' = ANY (v.dimensions))::int AS d_correctness,
         count(*) FILTER (WHERE 'COMPREHENSIVENESS' = ANY (v.dimensions))::int AS d_comprehensiveness,
         count(*) FILTER (WHERE 'RELEVANCE' = ANY (v.dimensions))::int AS d_relevance,
         count(*) FILTER (WHERE 'WEIGHT' = ANY (v.dimensions))::int AS d_weight,
         count(*) FILTER (WHERE 'WEIGHT' = ANY (v.dimensions) AND v.weight_direction = 'OVER')::int AS w_over,
         count(*) FILTER (WHERE 'WEIGHT' = ANY (v.dimensions) AND v.weight_direction = 'UNDER')::int AS w_under,
         count(*) FILTER (WHERE 'WEIGHT' = ANY (v.dimensions) AND v.weight_direction = 'REDUNDANT')::int AS w_redundant,
         max(v.submitted_at) AS last_verdict_at,
         array_agg(v.expert_id ORDER BY v.expert_id) AS expert_ids,
         array_agg(v.decision::text ORDER BY v.expert_id) AS decisions
    FROM keys k
    JOIN verdicts v ON v.campaign_id = k.campaign_id AND v.criterion_id = k.criterion_id
   WHERE v.submitted_at IS NOT NULL AND v.decision IS NOT NULL
   GROUP BY v.campaign_id, v.criterion_id),
judged AS (
  SELECT cc.campaign_id, cc.criterion_id, cc.query_id, cr.dataset_id, cr.category::text AS category, cr.tier::text AS tier,
         cr.red_line, coalesce(cr.tags, '{}') AS tags, q.department, p.meta_rubric_version_id,
         coalesce(p.generator_models, '{}') AS generator_models, ac.overlap_k AS k, ac.status AS campaign_status,
         coalesce(t.verdicts, 0) AS verdicts, coalesce(t.n_accept, 0) AS n_accept, coalesce(t.n_minor, 0) AS n_minor,
         coalesce(t.n_major, 0) AS n_major, coalesce(t.n_reject, 0) AS n_reject,
         coalesce(t.d_correctness, 0) AS d_correctness, coalesce(t.d_comprehensiveness, 0) AS d_comprehensiveness,
         coalesce(t.d_relevance, 0) AS d_relevance, coalesce(t.d_weight, 0) AS d_weight,
         coalesce(t.w_over, 0) AS w_over, coalesce(t.w_under, 0) AS w_under, coalesce(t.w_redundant, 0) AS w_redundant,
         t.last_verdict_at, coalesce(t.expert_ids, '{}') AS expert_ids, coalesce(t.decisions, '{}') AS decisions,
         adj.gold_decision::text AS gold_decision, coalesce(adj.dimensions::text[], '{}') AS gold_dimensions,
         adj.weight_direction::text AS gold_weight_direction, adj.updated_at AS adjudicated_at
    FROM keys k
    JOIN campaign_criteria cc ON cc.campaign_id = k.campaign_id AND cc.criterion_id = k.criterion_id
    JOIN audit_campaigns ac ON ac.id = cc.campaign_id
    JOIN criteria cr ON cr.id = cc.criterion_id
    JOIN queries q ON q.id = cc.query_id
    LEFT JOIN criterion_provenance p ON p.criterion_id = cc.criterion_id
    LEFT JOIN tallies t ON t.campaign_id = cc.campaign_id AND t.criterion_id = cc.criterion_id
    LEFT JOIN adjudications adj ON adj.campaign_id = cc.campaign_id AND adj.criterion_id = cc.criterion_id),
flags AS (
  SELECT j.*,
         (j.verdicts > 0 AND (j.verdicts >= j.k OR j.campaign_status = 'CLOSED')) AS complete,
         CASE WHEN j.verdicts >= 2 THEN
           (j.n_accept * (j.n_accept - 1) + j.n_minor * (j.n_minor - 1) + j.n_major * (j.n_major - 1)
            + j.n_reject * (j.n_reject - 1))::float8 / (j.verdicts * (j.verdicts - 1)) END AS agreement,
         CASE WHEN j.n_accept = j.verdicts THEN 'ACCEPT' WHEN j.n_minor = j.verdicts THEN 'REVISE_MINOR'
              WHEN j.n_major = j.verdicts THEN 'REVISE_MAJOR' WHEN j.n_reject = j.verdicts THEN 'REJECT' END AS same_decision
    FROM judged j),
decided AS (
  SELECT f.*,
         (f.complete AND f.same_decision IS NOT NULL) AS unanimous,
         CASE WHEN f.complete AND f.same_decision IS NOT NULL THEN f.same_decision ELSE f.gold_decision END AS final_decision,
         CASE WHEN f.complete AND f.same_decision IS NOT NULL THEN 'UNANIMOUS'
              WHEN f.gold_decision IS NOT NULL THEN 'ADJUDICATED'
              WHEN f.complete THEN 'UNRESOLVED' ELSE 'AWAITING' END AS provenance,
         CASE WHEN f.complete AND f.same_decision IS NOT NULL THEN f.last_verdict_at ELSE f.adjudicated_at END AS final_at
    FROM flags f)
SELECT d.campaign_id, d.criterion_id, d.query_id, d.dataset_id, d.category, d.tier, d.red_line, d.tags, d.department,
       d.meta_rubric_version_id, d.generator_models, d.k, d.verdicts, d.n_accept, d.n_minor, d.n_major, d.n_reject,
       d.d_correctness, d.d_comprehensiveness, d.d_relevance, d.d_weight, d.w_over, d.w_under, d.w_redundant,
       d.last_verdict_at, d.expert_ids, d.decisions, d.complete, d.agreement, d.gold_decision, d.gold_dimensions,
       d.gold_weight_direction, d.adjudicated_at, d.unanimous, d.final_decision, d.provenance, d.final_at,
       date_trunc('day', d.final_at) AS final_day,
       CASE WHEN d.provenance = 'ADJUDICATED' THEN 'CORRECTNESS' = ANY (d.gold_dimensions)
            WHEN d.provenance = 'UNANIMOUS' THEN d.final_decision <> 'ACCEPT' AND 2 * d.d_correctness > d.verdicts
            ELSE FALSE END AS c_correctness,
       CASE WHEN d.provenance = 'ADJUDICATED' THEN 'COMPREHENSIVENESS' = ANY (d.gold_dimensions)
            WHEN d.provenance = 'UNANIMOUS' THEN d.final_decision <> 'ACCEPT' AND 2 * d.d_comprehensiveness > d.verdicts
            ELSE FALSE END AS c_comprehensiveness,
       CASE WHEN d.provenance = 'ADJUDICATED' THEN 'RELEVANCE' = ANY (d.gold_dimensions)
            WHEN d.provenance = 'UNANIMOUS' THEN d.final_decision <> 'ACCEPT' AND 2 * d.d_relevance > d.verdicts
            ELSE FALSE END AS c_relevance,
       CASE WHEN d.provenance = 'ADJUDICATED' THEN 'WEIGHT' = ANY (d.gold_dimensions)
            WHEN d.provenance = 'UNANIMOUS' THEN d.final_decision <> 'ACCEPT' AND 2 * d.d_weight > d.verdicts
            ELSE FALSE END AS c_weight,
       CASE WHEN d.provenance = 'ADJUDICATED' THEN d.gold_weight_direction
            WHEN d.w_over >= greatest(d.w_under, d.w_redundant) AND d.w_over > 0 THEN 'OVER'
            WHEN d.w_under >= d.w_redundant AND d.w_under > 0 THEN 'UNDER'
            WHEN d.w_redundant > 0 THEN 'REDUNDANT' END AS cw_direction
  FROM decided d
$$;

CREATE FUNCTION "manual_refresh_outcomes"(p_campaign int[], p_criterion int[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_campaign), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM criterion_outcomes o
    JOIN unnest(p_campaign, p_criterion) AS k(campaign_id, criterion_id)
      ON o.campaign_id = k.campaign_id AND o.criterion_id = k.criterion_id
   ORDER BY o.campaign_id, o.criterion_id
     FOR UPDATE OF o;
  INSERT INTO criterion_outcomes
  SELECT * FROM manual_compute_outcomes(p_campaign, p_criterion) ORDER BY campaign_id, criterion_id
  ON CONFLICT (campaign_id, criterion_id) DO UPDATE
     SET (query_id, dataset_id, category, tier, red_line, tags, department, meta_rubric_version_id, generator_models, k, verdicts, n_accept, n_minor, n_major, n_reject, d_correctness, d_comprehensiveness, d_relevance, d_weight, w_over, w_under, w_redundant, last_verdict_at, expert_ids, decisions, complete, agreement, gold_decision, gold_dimensions, gold_weight_direction, adjudicated_at, unanimous, final_decision, provenance, final_at, final_day, c_correctness, c_comprehensiveness, c_relevance, c_weight, cw_direction) = ROW(excluded.query_id, excluded.dataset_id, excluded.category, excluded.tier, excluded.red_line, excluded.tags, excluded.department, excluded.meta_rubric_version_id, excluded.generator_models, excluded.k, excluded.verdicts, excluded.n_accept, excluded.n_minor, excluded.n_major, excluded.n_reject, excluded.d_correctness, excluded.d_comprehensiveness, excluded.d_relevance, excluded.d_weight, excluded.w_over, excluded.w_under, excluded.w_redundant, excluded.last_verdict_at, excluded.expert_ids, excluded.decisions, excluded.complete, excluded.agreement, excluded.gold_decision, excluded.gold_dimensions, excluded.gold_weight_direction, excluded.adjudicated_at, excluded.unanimous, excluded.final_decision, excluded.provenance, excluded.final_at, excluded.final_day, excluded.c_correctness, excluded.c_comprehensiveness, excluded.c_relevance, excluded.c_weight, excluded.cw_direction)
   WHERE criterion_outcomes IS DISTINCT FROM excluded;
END
$$;

CREATE FUNCTION "manual_verdicts_refresh_outcomes"()
RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_campaigns int[];
  v_criteria int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(campaign_id ORDER BY campaign_id, criterion_id), array_agg(criterion_id ORDER BY campaign_id, criterion_id)
      INTO v_campaigns, v_criteria
      FROM (SELECT DISTINCT campaign_id, criterion_id FROM new_rows WHERE submitted_at IS NOT NULL) k;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(campaign_id ORDER BY campaign_id, criterion_id), array_agg(criterion_id ORDER BY campaign_id, criterion_id)
      INTO v_campaigns, v_criteria
      FROM (SELECT campaign_id, criterion_id FROM old_rows WHERE submitted_at IS NOT NULL
            UNION SELECT campaign_id, criterion_id FROM new_rows WHERE submitted_at IS NOT NULL) k;
  ELSE
    SELECT array_agg(campaign_id ORDER BY campaign_id, criterion_id), array_agg(criterion_id ORDER BY campaign_id, criterion_id)
      INTO v_campaigns, v_criteria
      FROM (SELECT DISTINCT campaign_id, criterion_id FROM old_rows WHERE submitted_at IS NOT NULL) k;
  END IF;
  PERFORM manual_refresh_outcomes(v_campaigns, v_criteria);
  RETURN NULL;
END
$$;

CREATE TRIGGER "manual_verdicts_outcomes_insert" AFTER INSERT ON "verdicts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_verdicts_refresh_outcomes();
CREATE TRIGGER "manual_verdicts_outcomes_update" AFTER UPDATE ON "verdicts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_verdicts_refresh_outcomes();
CREATE TRIGGER "manual_verdicts_outcomes_delete" AFTER DELETE ON "verdicts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_verdicts_refresh_outcomes();

-- Adjudications (any change) and new campaign criteria: the pairs they name.
CREATE FUNCTION "manual_pairs_refresh_outcomes"()
RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_campaigns int[];
  v_criteria int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(campaign_id ORDER BY campaign_id, criterion_id), array_agg(criterion_id ORDER BY campaign_id, criterion_id)
      INTO v_campaigns, v_criteria FROM (SELECT DISTINCT campaign_id, criterion_id FROM new_rows) k;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(campaign_id ORDER BY campaign_id, criterion_id), array_agg(criterion_id ORDER BY campaign_id, criterion_id)
      INTO v_campaigns, v_criteria
      FROM (SELECT campaign_id, criterion_id FROM old_rows UNION SELECT campaign_id, criterion_id FROM new_rows) k;
  ELSE
    SELECT array_agg(campaign_id ORDER BY campaign_id, criterion_id), array_agg(criterion_id ORDER BY campaign_id, criterion_id)
      INTO v_campaigns, v_criteria FROM (SELECT DISTINCT campaign_id, criterion_id FROM old_rows) k;
  END IF;
  PERFORM manual_refresh_outcomes(v_campaigns, v_criteria);
  RETURN NULL;
END
$$;

CREATE TRIGGER "manual_adjudications_outcomes_insert" AFTER INSERT ON "adjudications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_pairs_refresh_outcomes();
CREATE TRIGGER "manual_adjudications_outcomes_update" AFTER UPDATE ON "adjudications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_pairs_refresh_outcomes();
CREATE TRIGGER "manual_adjudications_outcomes_delete" AFTER DELETE ON "adjudications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_pairs_refresh_outcomes();
CREATE TRIGGER "manual_campaign_criteria_outcomes_insert" AFTER INSERT ON "campaign_criteria"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_pairs_refresh_outcomes();

-- Changes that touch every pair of a campaign, a criterion or a query.
CREATE FUNCTION "manual_related_refresh_outcomes"()
RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_campaigns int[];
  v_criteria int[];
BEGIN
  IF TG_TABLE_NAME = 'audit_campaigns' THEN
    SELECT array_agg(cc.campaign_id ORDER BY cc.campaign_id, cc.criterion_id), array_agg(cc.criterion_id ORDER BY cc.campaign_id, cc.criterion_id)
      INTO v_campaigns, v_criteria
      FROM campaign_criteria cc
     WHERE cc.campaign_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                               WHERE n.status IS DISTINCT FROM o.status OR n.overlap_k IS DISTINCT FROM o.overlap_k);
  ELSIF TG_TABLE_NAME = 'criteria' THEN
    SELECT array_agg(cc.campaign_id ORDER BY cc.campaign_id, cc.criterion_id), array_agg(cc.criterion_id ORDER BY cc.campaign_id, cc.criterion_id)
      INTO v_campaigns, v_criteria
      FROM campaign_criteria cc
     WHERE cc.criterion_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                WHERE (n.dataset_id, n.category, n.tier, n.red_line, n.tags)
                                      IS DISTINCT FROM (o.dataset_id, o.category, o.tier, o.red_line, o.tags));
  ELSIF TG_TABLE_NAME = 'queries' THEN
    SELECT array_agg(cc.campaign_id ORDER BY cc.campaign_id, cc.criterion_id), array_agg(cc.criterion_id ORDER BY cc.campaign_id, cc.criterion_id)
      INTO v_campaigns, v_criteria
      FROM campaign_criteria cc
     WHERE cc.query_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE n.department IS DISTINCT FROM o.department);
  ELSIF TG_OP = 'DELETE' THEN -- criterion_provenance
    SELECT array_agg(cc.campaign_id ORDER BY cc.campaign_id, cc.criterion_id), array_agg(cc.criterion_id ORDER BY cc.campaign_id, cc.criterion_id)
      INTO v_campaigns, v_criteria
      FROM campaign_criteria cc WHERE cc.criterion_id IN (SELECT criterion_id FROM old_rows);
  ELSE -- criterion_provenance, insert or update
    SELECT array_agg(cc.campaign_id ORDER BY cc.campaign_id, cc.criterion_id), array_agg(cc.criterion_id ORDER BY cc.campaign_id, cc.criterion_id)
      INTO v_campaigns, v_criteria
      FROM campaign_criteria cc WHERE cc.criterion_id IN (SELECT criterion_id FROM new_rows);
  END IF;
  PERFORM manual_refresh_outcomes(v_campaigns, v_criteria);
  RETURN NULL;
END
$$;

CREATE TRIGGER "manual_audit_campaigns_outcomes" AFTER UPDATE ON "audit_campaigns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_related_refresh_outcomes();
CREATE TRIGGER "manual_criteria_outcomes" AFTER UPDATE ON "criteria"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_related_refresh_outcomes();
CREATE TRIGGER "manual_queries_outcomes" AFTER UPDATE ON "queries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_related_refresh_outcomes();
CREATE TRIGGER "manual_criterion_provenance_outcomes_insert" AFTER INSERT ON "criterion_provenance"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_related_refresh_outcomes();
CREATE TRIGGER "manual_criterion_provenance_outcomes_update" AFTER UPDATE ON "criterion_provenance"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_related_refresh_outcomes();
CREATE TRIGGER "manual_criterion_provenance_outcomes_delete" AFTER DELETE ON "criterion_provenance"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_related_refresh_outcomes();

-- What one outcome row adds to (s = 1) or takes from (s = −1) the group counts.
CREATE FUNCTION "manual_outcome_contributions"(o "criterion_outcomes", s int)
RETURNS TABLE (
  campaign_id int,
  dataset_id int,
  breakdown text,
  key text,
  criteria int,
  with_verdicts int,
  finalized int,
  unanimous int,
  adjudicated int,
  unresolved int,
  awaiting int,
  accepted int,
  lenient_accepted int,
  p_correctness int,
  p_comprehensiveness int,
  p_relevance int,
  p_weight int,
  p_weight_over int,
  p_weight_under int,
  p_weight_redundant int,
  c_correctness int,
  c_comprehensiveness int,
  c_relevance int,
  c_weight int,
  c_weight_over int,
  c_weight_under int,
  c_weight_redundant int,
  agrees int)
LANGUAGE sql IMMUTABLE AS $$
WITH b AS (
    SELECT s AS criteria,
           s * (o.verdicts > 0)::int AS with_verdicts,
           s * (o.final_decision IS NOT NULL)::int AS finalized,
           s * (o.provenance = 'UNANIMOUS')::int AS unanimous,
           s * (o.provenance = 'ADJUDICATED')::int AS adjudicated,
           s * (o.provenance = 'UNRESOLVED')::int AS unresolved,
           s * (o.provenance = 'AWAITING')::int AS awaiting,
           s * coalesce(o.final_decision = 'ACCEPT', FALSE)::int AS accepted,
           s * coalesce(o.final_decision IN ('ACCEPT', 'REVISE_MINOR'), FALSE)::int AS lenient_accepted,
           s * (o.d_correctness > 0)::int AS p_correctness,
           s * (o.d_comprehensiveness > 0)::int AS p_comprehensiveness,
           s * (o.d_relevance > 0)::int AS p_relevance,
           s * (o.d_weight > 0)::int AS p_weight,
           s * (o.w_over > 0)::int AS p_weight_over,
           s * (o.w_under > 0)::int AS p_weight_under,
           s * (o.w_redundant > 0)::int AS p_weight_redundant,
           s * o.c_correctness::int AS c_correctness,
           s * o.c_comprehensiveness::int AS c_comprehensiveness,
           s * o.c_relevance::int AS c_relevance,
           s * o.c_weight::int AS c_weight,
           s * coalesce(o.c_weight AND o.cw_direction = 'OVER', FALSE)::int AS c_weight_over,
           s * coalesce(o.c_weight AND o.cw_direction = 'UNDER', FALSE)::int AS c_weight_under,
           s * coalesce(o.c_weight AND o.cw_direction = 'REDUNDANT', FALSE)::int AS c_weight_redundant)
SELECT o.campaign_id, o.dataset_id, g.breakdown, g.key, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, 0
  FROM b, (VALUES ('total', ''), ('dataset', o.dataset_id::text), ('category', o.category), ('department', coalesce(o.department, '')),
                  ('tier', o.tier), ('redLine', o.red_line::text), ('campaign', o.campaign_id::text),
                  ('metaRubricVersion', coalesce(o.meta_rubric_version_id::text, '')),
                  ('day', coalesce(to_char(o.final_day, 'YYYY-MM-DD'), ''))) AS g(breakdown, key)
UNION ALL
SELECT o.campaign_id, o.dataset_id, 'tag', t.value, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, 0 FROM b, unnest(o.tags) AS t(value)
UNION ALL
SELECT o.campaign_id, o.dataset_id, 'generatorModel', m.value, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, 0 FROM b, unnest(o.generator_models) AS m(value)
UNION ALL
SELECT o.campaign_id, o.dataset_id, 'expert', e.expert_id, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, s * coalesce(o.final_decision = e.decision, FALSE)::int
  FROM b, unnest(o.expert_ids, o.decisions) AS e(expert_id, decision)
UNION ALL
SELECT o.campaign_id, o.dataset_id, 'pair', x.expert_id || chr(9) || y.expert_id || chr(9) || x.decision || chr(9) || y.decision,
       s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  FROM unnest(o.expert_ids, o.decisions) AS x(expert_id, decision)
  JOIN unnest(o.expert_ids, o.decisions) AS y(expert_id, decision) ON x.expert_id < y.expert_id
UNION ALL
SELECT o.campaign_id, o.dataset_id, 'tally', concat_ws(':', o.verdicts, o.n_accept, o.n_minor, o.n_major, o.n_reject),
       s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
 WHERE o.verdicts >= 2
$$;

CREATE FUNCTION "manual_outcomes_append_deltas"()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.agrees)::int
      FROM new_rows n, manual_outcome_contributions(n, 1) c
     GROUP BY 1, 2, 3, 4 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.agrees) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.agrees)::int
      FROM (SELECT c.* FROM old_rows o, manual_outcome_contributions(o, -1) c
            UNION ALL SELECT c.* FROM new_rows n, manual_outcome_contributions(n, 1) c) c
     GROUP BY 1, 2, 3, 4 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.agrees) <> 0;
  ELSE
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.agrees)::int
      FROM old_rows o, manual_outcome_contributions(o, -1) c
     GROUP BY 1, 2, 3, 4 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.agrees) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "manual_criterion_outcomes_deltas_insert" AFTER INSERT ON "criterion_outcomes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_outcomes_append_deltas();
CREATE TRIGGER "manual_criterion_outcomes_deltas_update" AFTER UPDATE ON "criterion_outcomes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_outcomes_append_deltas();
CREATE TRIGGER "manual_criterion_outcomes_deltas_delete" AFTER DELETE ON "criterion_outcomes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_outcomes_append_deltas();

CREATE FUNCTION "manual_fold_outcome_deltas"()
RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_folded int;
BEGIN
  WITH moved AS (DELETE FROM outcome_count_deltas RETURNING *),
  summed AS (
    SELECT campaign_id, dataset_id, breakdown, key, sum(criteria)::int, sum(with_verdicts)::int, sum(finalized)::int, sum(unanimous)::int, sum(adjudicated)::int, sum(unresolved)::int, sum(awaiting)::int, sum(accepted)::int, sum(lenient_accepted)::int, sum(p_correctness)::int, sum(p_comprehensiveness)::int, sum(p_relevance)::int, sum(p_weight)::int, sum(p_weight_over)::int, sum(p_weight_under)::int, sum(p_weight_redundant)::int, sum(c_correctness)::int, sum(c_comprehensiveness)::int, sum(c_relevance)::int, sum(c_weight)::int, sum(c_weight_over)::int, sum(c_weight_under)::int, sum(c_weight_redundant)::int, sum(agrees)::int
      FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4),
  written AS (
    INSERT INTO outcome_counts (campaign_id, dataset_id, breakdown, key, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, agrees)
    SELECT * FROM summed
    ON CONFLICT (campaign_id, dataset_id, breakdown, key) DO UPDATE
       SET criteria = outcome_counts.criteria + excluded.criteria,
         with_verdicts = outcome_counts.with_verdicts + excluded.with_verdicts,
         finalized = outcome_counts.finalized + excluded.finalized,
         unanimous = outcome_counts.unanimous + excluded.unanimous,
         adjudicated = outcome_counts.adjudicated + excluded.adjudicated,
         unresolved = outcome_counts.unresolved + excluded.unresolved,
         awaiting = outcome_counts.awaiting + excluded.awaiting,
         accepted = outcome_counts.accepted + excluded.accepted,
         lenient_accepted = outcome_counts.lenient_accepted + excluded.lenient_accepted,
         p_correctness = outcome_counts.p_correctness + excluded.p_correctness,
         p_comprehensiveness = outcome_counts.p_comprehensiveness + excluded.p_comprehensiveness,
         p_relevance = outcome_counts.p_relevance + excluded.p_relevance,
         p_weight = outcome_counts.p_weight + excluded.p_weight,
         p_weight_over = outcome_counts.p_weight_over + excluded.p_weight_over,
         p_weight_under = outcome_counts.p_weight_under + excluded.p_weight_under,
         p_weight_redundant = outcome_counts.p_weight_redundant + excluded.p_weight_redundant,
         c_correctness = outcome_counts.c_correctness + excluded.c_correctness,
         c_comprehensiveness = outcome_counts.c_comprehensiveness + excluded.c_comprehensiveness,
         c_relevance = outcome_counts.c_relevance + excluded.c_relevance,
         c_weight = outcome_counts.c_weight + excluded.c_weight,
         c_weight_over = outcome_counts.c_weight_over + excluded.c_weight_over,
         c_weight_under = outcome_counts.c_weight_under + excluded.c_weight_under,
         c_weight_redundant = outcome_counts.c_weight_redundant + excluded.c_weight_redundant,
         agrees = outcome_counts.agrees + excluded.agrees
    RETURNING 1)
  SELECT count(*)::int INTO v_folded FROM written;
  DELETE FROM outcome_counts WHERE criteria = 0;
  RETURN v_folded;
END
$$;

-- What is already there.
SELECT manual_refresh_outcomes(
  ARRAY(SELECT campaign_id FROM campaign_criteria ORDER BY campaign_id, criterion_id),
  ARRAY(SELECT criterion_id FROM campaign_criteria ORDER BY campaign_id, criterion_id));
SELECT manual_fold_outcome_deltas();
