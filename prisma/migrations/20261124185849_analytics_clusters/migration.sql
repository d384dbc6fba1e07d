-- AlterTable
ALTER TABLE "outcome_counts" DROP COLUMN "agrees",
ADD COLUMN     "k_finalized" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "k_loo_n" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "k_with_verdicts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "loo_agrees" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "loo_n" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ss_accepted" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_comprehensiveness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_correctness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_relevance" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_weight" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_weight_over" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_weight_redundant" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_c_weight_under" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_lenient_accepted" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_loo_agrees" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_comprehensiveness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_correctness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_relevance" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_weight" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_weight_over" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_weight_redundant" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "ss_p_weight_under" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_accepted" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_comprehensiveness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_correctness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_relevance" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_weight" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_weight_over" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_weight_redundant" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_c_weight_under" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_lenient_accepted" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_loo_agrees" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_comprehensiveness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_correctness" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_relevance" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_weight" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_weight_over" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_weight_redundant" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "st_p_weight_under" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "tt_finalized" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "tt_loo_n" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "tt_with_verdicts" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "outcome_count_deltas" DROP COLUMN "agrees",
ADD COLUMN     "loo_agrees" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "loo_n" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "query_id" INTEGER;

-- CreateTable
CREATE TABLE "outcome_query_counts" (
    "campaign_id" INTEGER NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "breakdown" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "query_id" INTEGER NOT NULL,
    "criteria" INTEGER NOT NULL DEFAULT 0,
    "finalized" INTEGER NOT NULL DEFAULT 0,
    "with_verdicts" INTEGER NOT NULL DEFAULT 0,
    "loo_n" INTEGER NOT NULL DEFAULT 0,
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
    "loo_agrees" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outcome_query_counts_pkey" PRIMARY KEY ("campaign_id","dataset_id","breakdown","key","query_id")
);

-- ───────────── Hand-written (manual_*) ─────────────
-- Issue 20 (docs/statistics.md): the dashboard's intervals treat queries as clusters, dataset-level figures
-- count each criterion once, and an expert's agreement with the final decision leaves the expert out.
--  1. Group counts come in families: campaign_id = the campaign (its own figures) or 0, the latest-decision
--     family, where each criterion counts once with its current outcome (manual_current_outcomes: the campaign
--     of its latest final decision, else its latest campaign, with a copy of the row counted;
--     manual_apply_current_outcomes keeps it, called after the criteria's states by the refresh and after
--     outcome deletions). Pair and tally groups (the agreement statistics) exist only per campaign: every
--     campaign's verdicts are units of agreement.
--  2. Deltas carry the query (the cluster). The fold keeps per-(group, query) rates in outcome_query_counts
--     and, per group, the cluster moments the interval needs (lib/stats clusterWilsonFromMoments): the number
--     of queries with trials (k_), Σt² (tt_), Σs² (ss_) and Σs·t (st_) of each rate, changed by new² − old² of
--     the query rows a fold changes. Reading stays one statement over the group rows.
--  3. Expert groups count loo_n / loo_agrees: verdicts with a leave-one-out reference and those agreeing with it
--     (what the final decision would be without the verdict: the other verdicts when they agree, else the
--     adjudicated decision). This replaces `agrees`, which compared a verdict with an outcome it was part of.

-- What one outcome row adds to (s = 1) or takes from (s = −1) the group counts of one family: p_family is the
-- outcome's campaign (its campaign's figures, every breakdown) or 0 (the latest-decision figures: no pair or
-- tally groups, which count every campaign's verdicts). query_id is the cluster (NULL for pair and tally).
DROP FUNCTION "manual_outcome_contributions"("criterion_outcomes", int);
CREATE FUNCTION "manual_outcome_contributions"(o "criterion_outcomes", s int, p_family int)
RETURNS TABLE (
  campaign_id int,
  dataset_id int,
  breakdown text,
  key text,
  query_id int,
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
  loo_n int,
  loo_agrees int)
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
SELECT p_family, o.dataset_id, g.breakdown, g.key, o.query_id, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, 0, 0
  FROM b, (VALUES ('total', ''), ('dataset', o.dataset_id::text), ('category', o.category), ('department', coalesce(o.department, '')),
                  ('tier', o.tier), ('redLine', o.red_line::text), ('campaign', o.campaign_id::text),
                  ('metaRubricVersion', coalesce(o.meta_rubric_version_id::text, '')),
                  ('day', coalesce(to_char(o.final_day, 'YYYY-MM-DD'), ''))) AS g(breakdown, key)
UNION ALL
SELECT p_family, o.dataset_id, 'tag', t.value, o.query_id, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, 0, 0 FROM b, unnest(o.tags) AS t(value)
UNION ALL
SELECT p_family, o.dataset_id, 'generatorModel', m.value, o.query_id, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, 0, 0 FROM b, unnest(o.generator_models) AS m(value)
UNION ALL
-- Leave-one-out agreement with the final decision: the reference is what the final decision would be without
-- this verdict (the other verdicts when they agree, else the adjudicated decision), on complete criteria with
-- at least one other verdict.
SELECT p_family, o.dataset_id, 'expert', e.expert_id, o.query_id, b.criteria, b.with_verdicts, b.finalized, b.unanimous, b.adjudicated, b.unresolved, b.awaiting, b.accepted, b.lenient_accepted, b.p_correctness, b.p_comprehensiveness, b.p_relevance, b.p_weight, b.p_weight_over, b.p_weight_under, b.p_weight_redundant, b.c_correctness, b.c_comprehensiveness, b.c_relevance, b.c_weight, b.c_weight_over, b.c_weight_under, b.c_weight_redundant, s * l.has_reference::int, s * l.agrees::int
  FROM b, unnest(o.expert_ids, o.decisions) AS e(expert_id, decision)
  CROSS JOIN LATERAL (
    SELECT CASE e.decision WHEN 'ACCEPT' THEN o.n_accept WHEN 'REVISE_MINOR' THEN o.n_minor WHEN 'REVISE_MAJOR' THEN o.n_major ELSE o.n_reject END AS same,
           greatest(CASE WHEN e.decision = 'ACCEPT' THEN 0 ELSE o.n_accept END, CASE WHEN e.decision = 'REVISE_MINOR' THEN 0 ELSE o.n_minor END,
                    CASE WHEN e.decision = 'REVISE_MAJOR' THEN 0 ELSE o.n_major END, CASE WHEN e.decision = 'REJECT' THEN 0 ELSE o.n_reject END) AS other_max) m
  CROSS JOIN LATERAL (
    SELECT o.complete AND o.verdicts >= 2 AND (m.same = o.verdicts OR m.other_max = o.verdicts - 1 OR o.gold_decision IS NOT NULL) AS has_reference,
           o.complete AND o.verdicts >= 2
             AND (m.same = o.verdicts OR (m.other_max < o.verdicts - 1 AND coalesce(o.gold_decision = e.decision, FALSE))) AS agrees) l
UNION ALL
SELECT p_family, o.dataset_id, 'pair', x.expert_id || chr(9) || y.expert_id || chr(9) || x.decision || chr(9) || y.decision, NULL,
       s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  FROM unnest(o.expert_ids, o.decisions) AS x(expert_id, decision)
  JOIN unnest(o.expert_ids, o.decisions) AS y(expert_id, decision) ON x.expert_id < y.expert_id
 WHERE p_family <> 0
UNION ALL
SELECT p_family, o.dataset_id, 'tally', concat_ws(':', o.verdicts, o.n_accept, o.n_minor, o.n_major, o.n_reject), NULL,
       s, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
 WHERE o.verdicts >= 2 AND p_family <> 0
$$;

-- Each statement's signed contributions to its campaign's groups, per group and query. The latest-decision
-- family (0) is kept by manual_apply_current_outcomes alone, from the copy of what it counted: statement
-- triggers of cascaded deletes can fire after later changes, so they must not decide what family 0 holds.
CREATE OR REPLACE FUNCTION "manual_outcomes_append_deltas"()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, query_id, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, c.query_id, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.loo_n)::int, sum(c.loo_agrees)::int
      FROM (SELECT c.* FROM new_rows r, manual_outcome_contributions(r, 1, r.campaign_id) c) c
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.loo_n) <> 0 OR sum(c.loo_agrees) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, query_id, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, c.query_id, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.loo_n)::int, sum(c.loo_agrees)::int
      FROM (SELECT c.* FROM old_rows r, manual_outcome_contributions(r, -1, r.campaign_id) c
            UNION ALL SELECT c.* FROM new_rows r, manual_outcome_contributions(r, 1, r.campaign_id) c) c
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.loo_n) <> 0 OR sum(c.loo_agrees) <> 0;
  ELSE
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, query_id, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, c.query_id, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.loo_n)::int, sum(c.loo_agrees)::int
      FROM (SELECT c.* FROM old_rows r, manual_outcome_contributions(r, -1, r.campaign_id) c) c
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.loo_n) <> 0 OR sum(c.loo_agrees) <> 0;
  END IF;
  RETURN NULL;
END
$$;

-- The outcome each criterion counts with in dataset-level figures: the campaign its status follows
-- (criteria.final_campaign_id, its latest final decision), else its latest campaign. manual_current_outcomes
-- keeps a copy of the outcome row it counted (a row value: `IS NULL` on it tests every field, so presence is
-- tested on the key); whenever the wanted row (or its contents) differs from the copy,
-- family 0 loses the copy's contributions and gains the wanted row's. Called after the criteria's states by
-- every refresh and after outcome rows are deleted, so the last call leaves family 0 equal to the outcomes.
CREATE TABLE "manual_current_outcomes" (
  "criterion_id" INTEGER NOT NULL PRIMARY KEY,
  "campaign_id" INTEGER NOT NULL,
  "counted" "criterion_outcomes" NOT NULL
);

CREATE FUNCTION "manual_apply_current_outcomes"(p_criteria int[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_criteria), 0) = 0 THEN
    RETURN;
  END IF;
  WITH ids AS (SELECT DISTINCT unnest(p_criteria) AS id),
  wanted AS (
    SELECT ids.id AS criterion_id, o.campaign_id, o AS outcome
      FROM ids
      CROSS JOIN LATERAL (
        SELECT coalesce((SELECT c.final_campaign_id FROM criteria c WHERE c.id = ids.id),
                        (SELECT max(x.campaign_id) FROM criterion_outcomes x WHERE x.criterion_id = ids.id)) AS campaign_id) w
      LEFT JOIN criterion_outcomes o ON o.criterion_id = ids.id AND o.campaign_id = w.campaign_id),
  changed AS (
    SELECT w.criterion_id, w.campaign_id, w.outcome, m.counted, m.criterion_id IS NOT NULL AS had
      FROM wanted w LEFT JOIN manual_current_outcomes m ON m.criterion_id = w.criterion_id
     WHERE (m.criterion_id IS NULL) <> (w.campaign_id IS NULL)
        OR (m.criterion_id IS NOT NULL AND w.campaign_id IS NOT NULL AND m.counted IS DISTINCT FROM w.outcome)),
  moved AS (
    SELECT c.* FROM changed ch, manual_outcome_contributions(ch.counted, -1, 0) c WHERE ch.had
    UNION ALL
    SELECT c.* FROM changed ch, manual_outcome_contributions(ch.outcome, 1, 0) c WHERE ch.campaign_id IS NOT NULL),
  deltas AS (
    INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, query_id, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees)
    SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, c.query_id, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.loo_n)::int, sum(c.loo_agrees)::int
      FROM moved c GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.criteria) <> 0 OR sum(c.with_verdicts) <> 0 OR sum(c.finalized) <> 0 OR sum(c.unanimous) <> 0 OR sum(c.adjudicated) <> 0 OR sum(c.unresolved) <> 0 OR sum(c.awaiting) <> 0 OR sum(c.accepted) <> 0 OR sum(c.lenient_accepted) <> 0 OR sum(c.p_correctness) <> 0 OR sum(c.p_comprehensiveness) <> 0 OR sum(c.p_relevance) <> 0 OR sum(c.p_weight) <> 0 OR sum(c.p_weight_over) <> 0 OR sum(c.p_weight_under) <> 0 OR sum(c.p_weight_redundant) <> 0 OR sum(c.c_correctness) <> 0 OR sum(c.c_comprehensiveness) <> 0 OR sum(c.c_relevance) <> 0 OR sum(c.c_weight) <> 0 OR sum(c.c_weight_over) <> 0 OR sum(c.c_weight_under) <> 0 OR sum(c.c_weight_redundant) <> 0 OR sum(c.loo_n) <> 0 OR sum(c.loo_agrees) <> 0),
  gone AS (
    DELETE FROM manual_current_outcomes m USING changed ch WHERE m.criterion_id = ch.criterion_id AND ch.campaign_id IS NULL)
  INSERT INTO manual_current_outcomes (criterion_id, campaign_id, counted)
  SELECT criterion_id, campaign_id, outcome FROM changed WHERE campaign_id IS NOT NULL ORDER BY criterion_id
  ON CONFLICT (criterion_id) DO UPDATE SET campaign_id = excluded.campaign_id, counted = excluded.counted;
END
$$;

-- Folding: the deltas go into outcome_query_counts (per group and query) and outcome_counts (per group), and each
-- group's cluster moments (clusters k_, Σt² tt_, Σs² ss_, Σs·t st_ for clusterWilsonFromMoments) change by what
-- the changed query rows make them: new² − old². Folds take turns (an advisory lock), so the query rows read
-- before the upsert are the ones it updates.
CREATE OR REPLACE FUNCTION "manual_fold_outcome_deltas"()
RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_folded int;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('manual_fold_outcome_deltas'));
  WITH moved AS (DELETE FROM outcome_count_deltas RETURNING *),
  per_query AS (
    SELECT campaign_id, dataset_id, breakdown, key, query_id, sum(criteria)::int AS criteria, sum(finalized)::int AS finalized, sum(with_verdicts)::int AS with_verdicts, sum(loo_n)::int AS loo_n, sum(accepted)::int AS accepted, sum(lenient_accepted)::int AS lenient_accepted, sum(p_correctness)::int AS p_correctness, sum(p_comprehensiveness)::int AS p_comprehensiveness, sum(p_relevance)::int AS p_relevance, sum(p_weight)::int AS p_weight, sum(p_weight_over)::int AS p_weight_over, sum(p_weight_under)::int AS p_weight_under, sum(p_weight_redundant)::int AS p_weight_redundant, sum(c_correctness)::int AS c_correctness, sum(c_comprehensiveness)::int AS c_comprehensiveness, sum(c_relevance)::int AS c_relevance, sum(c_weight)::int AS c_weight, sum(c_weight_over)::int AS c_weight_over, sum(c_weight_under)::int AS c_weight_under, sum(c_weight_redundant)::int AS c_weight_redundant, sum(loo_agrees)::int AS loo_agrees
      FROM moved WHERE query_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5),
  moments AS (
    SELECT p.campaign_id, p.dataset_id, p.breakdown, p.key,
           (((coalesce(t.finalized, 0) + p.finalized)::bigint) > 0)::int - ((coalesce(t.finalized, 0)::bigint) > 0)::int AS k_finalized,
           (((coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint) > 0)::int - ((coalesce(t.with_verdicts, 0)::bigint) > 0)::int AS k_with_verdicts,
           (((coalesce(t.loo_n, 0) + p.loo_n)::bigint) > 0)::int - ((coalesce(t.loo_n, 0)::bigint) > 0)::int AS k_loo_n,
           (coalesce(t.finalized, 0) + p.finalized)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.finalized, 0)::bigint * coalesce(t.finalized, 0)::bigint AS tt_finalized,
           (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.with_verdicts, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS tt_with_verdicts,
           (coalesce(t.loo_n, 0) + p.loo_n)::bigint * (coalesce(t.loo_n, 0) + p.loo_n)::bigint - coalesce(t.loo_n, 0)::bigint * coalesce(t.loo_n, 0)::bigint AS tt_loo_n,
           (coalesce(t.accepted, 0) + p.accepted)::bigint * (coalesce(t.accepted, 0) + p.accepted)::bigint - coalesce(t.accepted, 0)::bigint * coalesce(t.accepted, 0)::bigint AS ss_accepted,
           (coalesce(t.accepted, 0) + p.accepted)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.accepted, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_accepted,
           (coalesce(t.lenient_accepted, 0) + p.lenient_accepted)::bigint * (coalesce(t.lenient_accepted, 0) + p.lenient_accepted)::bigint - coalesce(t.lenient_accepted, 0)::bigint * coalesce(t.lenient_accepted, 0)::bigint AS ss_lenient_accepted,
           (coalesce(t.lenient_accepted, 0) + p.lenient_accepted)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.lenient_accepted, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_lenient_accepted,
           (coalesce(t.p_correctness, 0) + p.p_correctness)::bigint * (coalesce(t.p_correctness, 0) + p.p_correctness)::bigint - coalesce(t.p_correctness, 0)::bigint * coalesce(t.p_correctness, 0)::bigint AS ss_p_correctness,
           (coalesce(t.p_correctness, 0) + p.p_correctness)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_correctness, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_correctness,
           (coalesce(t.p_comprehensiveness, 0) + p.p_comprehensiveness)::bigint * (coalesce(t.p_comprehensiveness, 0) + p.p_comprehensiveness)::bigint - coalesce(t.p_comprehensiveness, 0)::bigint * coalesce(t.p_comprehensiveness, 0)::bigint AS ss_p_comprehensiveness,
           (coalesce(t.p_comprehensiveness, 0) + p.p_comprehensiveness)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_comprehensiveness, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_comprehensiveness,
           (coalesce(t.p_relevance, 0) + p.p_relevance)::bigint * (coalesce(t.p_relevance, 0) + p.p_relevance)::bigint - coalesce(t.p_relevance, 0)::bigint * coalesce(t.p_relevance, 0)::bigint AS ss_p_relevance,
           (coalesce(t.p_relevance, 0) + p.p_relevance)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_relevance, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_relevance,
           (coalesce(t.p_weight, 0) + p.p_weight)::bigint * (coalesce(t.p_weight, 0) + p.p_weight)::bigint - coalesce(t.p_weight, 0)::bigint * coalesce(t.p_weight, 0)::bigint AS ss_p_weight,
           (coalesce(t.p_weight, 0) + p.p_weight)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_weight, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_weight,
           (coalesce(t.p_weight_over, 0) + p.p_weight_over)::bigint * (coalesce(t.p_weight_over, 0) + p.p_weight_over)::bigint - coalesce(t.p_weight_over, 0)::bigint * coalesce(t.p_weight_over, 0)::bigint AS ss_p_weight_over,
           (coalesce(t.p_weight_over, 0) + p.p_weight_over)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_weight_over, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_weight_over,
           (coalesce(t.p_weight_under, 0) + p.p_weight_under)::bigint * (coalesce(t.p_weight_under, 0) + p.p_weight_under)::bigint - coalesce(t.p_weight_under, 0)::bigint * coalesce(t.p_weight_under, 0)::bigint AS ss_p_weight_under,
           (coalesce(t.p_weight_under, 0) + p.p_weight_under)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_weight_under, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_weight_under,
           (coalesce(t.p_weight_redundant, 0) + p.p_weight_redundant)::bigint * (coalesce(t.p_weight_redundant, 0) + p.p_weight_redundant)::bigint - coalesce(t.p_weight_redundant, 0)::bigint * coalesce(t.p_weight_redundant, 0)::bigint AS ss_p_weight_redundant,
           (coalesce(t.p_weight_redundant, 0) + p.p_weight_redundant)::bigint * (coalesce(t.with_verdicts, 0) + p.with_verdicts)::bigint - coalesce(t.p_weight_redundant, 0)::bigint * coalesce(t.with_verdicts, 0)::bigint AS st_p_weight_redundant,
           (coalesce(t.c_correctness, 0) + p.c_correctness)::bigint * (coalesce(t.c_correctness, 0) + p.c_correctness)::bigint - coalesce(t.c_correctness, 0)::bigint * coalesce(t.c_correctness, 0)::bigint AS ss_c_correctness,
           (coalesce(t.c_correctness, 0) + p.c_correctness)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_correctness, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_correctness,
           (coalesce(t.c_comprehensiveness, 0) + p.c_comprehensiveness)::bigint * (coalesce(t.c_comprehensiveness, 0) + p.c_comprehensiveness)::bigint - coalesce(t.c_comprehensiveness, 0)::bigint * coalesce(t.c_comprehensiveness, 0)::bigint AS ss_c_comprehensiveness,
           (coalesce(t.c_comprehensiveness, 0) + p.c_comprehensiveness)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_comprehensiveness, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_comprehensiveness,
           (coalesce(t.c_relevance, 0) + p.c_relevance)::bigint * (coalesce(t.c_relevance, 0) + p.c_relevance)::bigint - coalesce(t.c_relevance, 0)::bigint * coalesce(t.c_relevance, 0)::bigint AS ss_c_relevance,
           (coalesce(t.c_relevance, 0) + p.c_relevance)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_relevance, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_relevance,
           (coalesce(t.c_weight, 0) + p.c_weight)::bigint * (coalesce(t.c_weight, 0) + p.c_weight)::bigint - coalesce(t.c_weight, 0)::bigint * coalesce(t.c_weight, 0)::bigint AS ss_c_weight,
           (coalesce(t.c_weight, 0) + p.c_weight)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_weight, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_weight,
           (coalesce(t.c_weight_over, 0) + p.c_weight_over)::bigint * (coalesce(t.c_weight_over, 0) + p.c_weight_over)::bigint - coalesce(t.c_weight_over, 0)::bigint * coalesce(t.c_weight_over, 0)::bigint AS ss_c_weight_over,
           (coalesce(t.c_weight_over, 0) + p.c_weight_over)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_weight_over, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_weight_over,
           (coalesce(t.c_weight_under, 0) + p.c_weight_under)::bigint * (coalesce(t.c_weight_under, 0) + p.c_weight_under)::bigint - coalesce(t.c_weight_under, 0)::bigint * coalesce(t.c_weight_under, 0)::bigint AS ss_c_weight_under,
           (coalesce(t.c_weight_under, 0) + p.c_weight_under)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_weight_under, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_weight_under,
           (coalesce(t.c_weight_redundant, 0) + p.c_weight_redundant)::bigint * (coalesce(t.c_weight_redundant, 0) + p.c_weight_redundant)::bigint - coalesce(t.c_weight_redundant, 0)::bigint * coalesce(t.c_weight_redundant, 0)::bigint AS ss_c_weight_redundant,
           (coalesce(t.c_weight_redundant, 0) + p.c_weight_redundant)::bigint * (coalesce(t.finalized, 0) + p.finalized)::bigint - coalesce(t.c_weight_redundant, 0)::bigint * coalesce(t.finalized, 0)::bigint AS st_c_weight_redundant,
           (coalesce(t.loo_agrees, 0) + p.loo_agrees)::bigint * (coalesce(t.loo_agrees, 0) + p.loo_agrees)::bigint - coalesce(t.loo_agrees, 0)::bigint * coalesce(t.loo_agrees, 0)::bigint AS ss_loo_agrees,
           (coalesce(t.loo_agrees, 0) + p.loo_agrees)::bigint * (coalesce(t.loo_n, 0) + p.loo_n)::bigint - coalesce(t.loo_agrees, 0)::bigint * coalesce(t.loo_n, 0)::bigint AS st_loo_agrees
      FROM per_query p
      LEFT JOIN outcome_query_counts t
        ON t.campaign_id = p.campaign_id AND t.dataset_id = p.dataset_id AND t.breakdown = p.breakdown AND t.key = p.key
       AND t.query_id = p.query_id),
  written_queries AS (
    INSERT INTO outcome_query_counts AS t (campaign_id, dataset_id, breakdown, key, query_id, criteria, finalized, with_verdicts, loo_n, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_agrees)
    SELECT campaign_id, dataset_id, breakdown, key, query_id, criteria, finalized, with_verdicts, loo_n, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_agrees FROM per_query ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (campaign_id, dataset_id, breakdown, key, query_id) DO UPDATE
       SET criteria = t.criteria + excluded.criteria,
           finalized = t.finalized + excluded.finalized,
           with_verdicts = t.with_verdicts + excluded.with_verdicts,
           loo_n = t.loo_n + excluded.loo_n,
           accepted = t.accepted + excluded.accepted,
           lenient_accepted = t.lenient_accepted + excluded.lenient_accepted,
           p_correctness = t.p_correctness + excluded.p_correctness,
           p_comprehensiveness = t.p_comprehensiveness + excluded.p_comprehensiveness,
           p_relevance = t.p_relevance + excluded.p_relevance,
           p_weight = t.p_weight + excluded.p_weight,
           p_weight_over = t.p_weight_over + excluded.p_weight_over,
           p_weight_under = t.p_weight_under + excluded.p_weight_under,
           p_weight_redundant = t.p_weight_redundant + excluded.p_weight_redundant,
           c_correctness = t.c_correctness + excluded.c_correctness,
           c_comprehensiveness = t.c_comprehensiveness + excluded.c_comprehensiveness,
           c_relevance = t.c_relevance + excluded.c_relevance,
           c_weight = t.c_weight + excluded.c_weight,
           c_weight_over = t.c_weight_over + excluded.c_weight_over,
           c_weight_under = t.c_weight_under + excluded.c_weight_under,
           c_weight_redundant = t.c_weight_redundant + excluded.c_weight_redundant,
           loo_agrees = t.loo_agrees + excluded.loo_agrees),
  summed AS (
    SELECT campaign_id, dataset_id, breakdown, key, sum(criteria)::int AS criteria, sum(with_verdicts)::int AS with_verdicts, sum(finalized)::int AS finalized, sum(unanimous)::int AS unanimous, sum(adjudicated)::int AS adjudicated, sum(unresolved)::int AS unresolved, sum(awaiting)::int AS awaiting, sum(accepted)::int AS accepted, sum(lenient_accepted)::int AS lenient_accepted, sum(p_correctness)::int AS p_correctness, sum(p_comprehensiveness)::int AS p_comprehensiveness, sum(p_relevance)::int AS p_relevance, sum(p_weight)::int AS p_weight, sum(p_weight_over)::int AS p_weight_over, sum(p_weight_under)::int AS p_weight_under, sum(p_weight_redundant)::int AS p_weight_redundant, sum(c_correctness)::int AS c_correctness, sum(c_comprehensiveness)::int AS c_comprehensiveness, sum(c_relevance)::int AS c_relevance, sum(c_weight)::int AS c_weight, sum(c_weight_over)::int AS c_weight_over, sum(c_weight_under)::int AS c_weight_under, sum(c_weight_redundant)::int AS c_weight_redundant, sum(loo_n)::int AS loo_n, sum(loo_agrees)::int AS loo_agrees, sum(k_finalized)::int AS k_finalized, sum(k_with_verdicts)::int AS k_with_verdicts, sum(k_loo_n)::int AS k_loo_n, sum(tt_finalized)::bigint AS tt_finalized, sum(tt_with_verdicts)::bigint AS tt_with_verdicts, sum(tt_loo_n)::bigint AS tt_loo_n, sum(ss_accepted)::bigint AS ss_accepted, sum(st_accepted)::bigint AS st_accepted, sum(ss_lenient_accepted)::bigint AS ss_lenient_accepted, sum(st_lenient_accepted)::bigint AS st_lenient_accepted, sum(ss_p_correctness)::bigint AS ss_p_correctness, sum(st_p_correctness)::bigint AS st_p_correctness, sum(ss_p_comprehensiveness)::bigint AS ss_p_comprehensiveness, sum(st_p_comprehensiveness)::bigint AS st_p_comprehensiveness, sum(ss_p_relevance)::bigint AS ss_p_relevance, sum(st_p_relevance)::bigint AS st_p_relevance, sum(ss_p_weight)::bigint AS ss_p_weight, sum(st_p_weight)::bigint AS st_p_weight, sum(ss_p_weight_over)::bigint AS ss_p_weight_over, sum(st_p_weight_over)::bigint AS st_p_weight_over, sum(ss_p_weight_under)::bigint AS ss_p_weight_under, sum(st_p_weight_under)::bigint AS st_p_weight_under, sum(ss_p_weight_redundant)::bigint AS ss_p_weight_redundant, sum(st_p_weight_redundant)::bigint AS st_p_weight_redundant, sum(ss_c_correctness)::bigint AS ss_c_correctness, sum(st_c_correctness)::bigint AS st_c_correctness, sum(ss_c_comprehensiveness)::bigint AS ss_c_comprehensiveness, sum(st_c_comprehensiveness)::bigint AS st_c_comprehensiveness, sum(ss_c_relevance)::bigint AS ss_c_relevance, sum(st_c_relevance)::bigint AS st_c_relevance, sum(ss_c_weight)::bigint AS ss_c_weight, sum(st_c_weight)::bigint AS st_c_weight, sum(ss_c_weight_over)::bigint AS ss_c_weight_over, sum(st_c_weight_over)::bigint AS st_c_weight_over, sum(ss_c_weight_under)::bigint AS ss_c_weight_under, sum(st_c_weight_under)::bigint AS st_c_weight_under, sum(ss_c_weight_redundant)::bigint AS ss_c_weight_redundant, sum(st_c_weight_redundant)::bigint AS st_c_weight_redundant, sum(ss_loo_agrees)::bigint AS ss_loo_agrees, sum(st_loo_agrees)::bigint AS st_loo_agrees
      FROM (SELECT campaign_id, dataset_id, breakdown, key, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees, 0 AS k_finalized, 0 AS k_with_verdicts, 0 AS k_loo_n, 0 AS tt_finalized, 0 AS tt_with_verdicts, 0 AS tt_loo_n, 0 AS ss_accepted, 0 AS st_accepted, 0 AS ss_lenient_accepted, 0 AS st_lenient_accepted, 0 AS ss_p_correctness, 0 AS st_p_correctness, 0 AS ss_p_comprehensiveness, 0 AS st_p_comprehensiveness, 0 AS ss_p_relevance, 0 AS st_p_relevance, 0 AS ss_p_weight, 0 AS st_p_weight, 0 AS ss_p_weight_over, 0 AS st_p_weight_over, 0 AS ss_p_weight_under, 0 AS st_p_weight_under, 0 AS ss_p_weight_redundant, 0 AS st_p_weight_redundant, 0 AS ss_c_correctness, 0 AS st_c_correctness, 0 AS ss_c_comprehensiveness, 0 AS st_c_comprehensiveness, 0 AS ss_c_relevance, 0 AS st_c_relevance, 0 AS ss_c_weight, 0 AS st_c_weight, 0 AS ss_c_weight_over, 0 AS st_c_weight_over, 0 AS ss_c_weight_under, 0 AS st_c_weight_under, 0 AS ss_c_weight_redundant, 0 AS st_c_weight_redundant, 0 AS ss_loo_agrees, 0 AS st_loo_agrees FROM moved
            UNION ALL
            SELECT campaign_id, dataset_id, breakdown, key, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, k_finalized, k_with_verdicts, k_loo_n, tt_finalized, tt_with_verdicts, tt_loo_n, ss_accepted, st_accepted, ss_lenient_accepted, st_lenient_accepted, ss_p_correctness, st_p_correctness, ss_p_comprehensiveness, st_p_comprehensiveness, ss_p_relevance, st_p_relevance, ss_p_weight, st_p_weight, ss_p_weight_over, st_p_weight_over, ss_p_weight_under, st_p_weight_under, ss_p_weight_redundant, st_p_weight_redundant, ss_c_correctness, st_c_correctness, ss_c_comprehensiveness, st_c_comprehensiveness, ss_c_relevance, st_c_relevance, ss_c_weight, st_c_weight, ss_c_weight_over, st_c_weight_over, ss_c_weight_under, st_c_weight_under, ss_c_weight_redundant, st_c_weight_redundant, ss_loo_agrees, st_loo_agrees FROM moments) u
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4),
  written AS (
    INSERT INTO outcome_counts AS t (campaign_id, dataset_id, breakdown, key, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees, k_finalized, k_with_verdicts, k_loo_n, tt_finalized, tt_with_verdicts, tt_loo_n, ss_accepted, st_accepted, ss_lenient_accepted, st_lenient_accepted, ss_p_correctness, st_p_correctness, ss_p_comprehensiveness, st_p_comprehensiveness, ss_p_relevance, st_p_relevance, ss_p_weight, st_p_weight, ss_p_weight_over, st_p_weight_over, ss_p_weight_under, st_p_weight_under, ss_p_weight_redundant, st_p_weight_redundant, ss_c_correctness, st_c_correctness, ss_c_comprehensiveness, st_c_comprehensiveness, ss_c_relevance, st_c_relevance, ss_c_weight, st_c_weight, ss_c_weight_over, st_c_weight_over, ss_c_weight_under, st_c_weight_under, ss_c_weight_redundant, st_c_weight_redundant, ss_loo_agrees, st_loo_agrees)
    SELECT * FROM summed
    ON CONFLICT (campaign_id, dataset_id, breakdown, key) DO UPDATE
       SET criteria = t.criteria + excluded.criteria,
           with_verdicts = t.with_verdicts + excluded.with_verdicts,
           finalized = t.finalized + excluded.finalized,
           unanimous = t.unanimous + excluded.unanimous,
           adjudicated = t.adjudicated + excluded.adjudicated,
           unresolved = t.unresolved + excluded.unresolved,
           awaiting = t.awaiting + excluded.awaiting,
           accepted = t.accepted + excluded.accepted,
           lenient_accepted = t.lenient_accepted + excluded.lenient_accepted,
           p_correctness = t.p_correctness + excluded.p_correctness,
           p_comprehensiveness = t.p_comprehensiveness + excluded.p_comprehensiveness,
           p_relevance = t.p_relevance + excluded.p_relevance,
           p_weight = t.p_weight + excluded.p_weight,
           p_weight_over = t.p_weight_over + excluded.p_weight_over,
           p_weight_under = t.p_weight_under + excluded.p_weight_under,
           p_weight_redundant = t.p_weight_redundant + excluded.p_weight_redundant,
           c_correctness = t.c_correctness + excluded.c_correctness,
           c_comprehensiveness = t.c_comprehensiveness + excluded.c_comprehensiveness,
           c_relevance = t.c_relevance + excluded.c_relevance,
           c_weight = t.c_weight + excluded.c_weight,
           c_weight_over = t.c_weight_over + excluded.c_weight_over,
           c_weight_under = t.c_weight_under + excluded.c_weight_under,
           c_weight_redundant = t.c_weight_redundant + excluded.c_weight_redundant,
           loo_n = t.loo_n + excluded.loo_n,
           loo_agrees = t.loo_agrees + excluded.loo_agrees,
           k_finalized = t.k_finalized + excluded.k_finalized,
           k_with_verdicts = t.k_with_verdicts + excluded.k_with_verdicts,
           k_loo_n = t.k_loo_n + excluded.k_loo_n,
           tt_finalized = t.tt_finalized + excluded.tt_finalized,
           tt_with_verdicts = t.tt_with_verdicts + excluded.tt_with_verdicts,
           tt_loo_n = t.tt_loo_n + excluded.tt_loo_n,
           ss_accepted = t.ss_accepted + excluded.ss_accepted,
           st_accepted = t.st_accepted + excluded.st_accepted,
           ss_lenient_accepted = t.ss_lenient_accepted + excluded.ss_lenient_accepted,
           st_lenient_accepted = t.st_lenient_accepted + excluded.st_lenient_accepted,
           ss_p_correctness = t.ss_p_correctness + excluded.ss_p_correctness,
           st_p_correctness = t.st_p_correctness + excluded.st_p_correctness,
           ss_p_comprehensiveness = t.ss_p_comprehensiveness + excluded.ss_p_comprehensiveness,
           st_p_comprehensiveness = t.st_p_comprehensiveness + excluded.st_p_comprehensiveness,
           ss_p_relevance = t.ss_p_relevance + excluded.ss_p_relevance,
           st_p_relevance = t.st_p_relevance + excluded.st_p_relevance,
           ss_p_weight = t.ss_p_weight + excluded.ss_p_weight,
           st_p_weight = t.st_p_weight + excluded.st_p_weight,
           ss_p_weight_over = t.ss_p_weight_over + excluded.ss_p_weight_over,
           st_p_weight_over = t.st_p_weight_over + excluded.st_p_weight_over,
           ss_p_weight_under = t.ss_p_weight_under + excluded.ss_p_weight_under,
           st_p_weight_under = t.st_p_weight_under + excluded.st_p_weight_under,
           ss_p_weight_redundant = t.ss_p_weight_redundant + excluded.ss_p_weight_redundant,
           st_p_weight_redundant = t.st_p_weight_redundant + excluded.st_p_weight_redundant,
           ss_c_correctness = t.ss_c_correctness + excluded.ss_c_correctness,
           st_c_correctness = t.st_c_correctness + excluded.st_c_correctness,
           ss_c_comprehensiveness = t.ss_c_comprehensiveness + excluded.ss_c_comprehensiveness,
           st_c_comprehensiveness = t.st_c_comprehensiveness + excluded.st_c_comprehensiveness,
           ss_c_relevance = t.ss_c_relevance + excluded.ss_c_relevance,
           st_c_relevance = t.st_c_relevance + excluded.st_c_relevance,
           ss_c_weight = t.ss_c_weight + excluded.ss_c_weight,
           st_c_weight = t.st_c_weight + excluded.st_c_weight,
           ss_c_weight_over = t.ss_c_weight_over + excluded.ss_c_weight_over,
           st_c_weight_over = t.st_c_weight_over + excluded.st_c_weight_over,
           ss_c_weight_under = t.ss_c_weight_under + excluded.ss_c_weight_under,
           st_c_weight_under = t.st_c_weight_under + excluded.st_c_weight_under,
           ss_c_weight_redundant = t.ss_c_weight_redundant + excluded.ss_c_weight_redundant,
           st_c_weight_redundant = t.st_c_weight_redundant + excluded.st_c_weight_redundant,
           ss_loo_agrees = t.ss_loo_agrees + excluded.ss_loo_agrees,
           st_loo_agrees = t.st_loo_agrees + excluded.st_loo_agrees
    RETURNING 1)
  SELECT count(*)::int INTO v_folded FROM written;
  DELETE FROM outcome_counts WHERE criteria = 0;
  DELETE FROM outcome_query_counts WHERE criteria = 0;
  RETURN v_folded;
END
$$;

-- The refresh and the deletion of outcome rows now also keep the current outcomes (after the criteria's states,
-- which they follow).
CREATE OR REPLACE FUNCTION "manual_refresh_outcomes"(p_campaign int[], p_criterion int[])
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
  -- The criteria's lifecycle follows, in the same transaction (also when no outcome row changed: an amended
  -- proposal or gold text changes the text without changing the outcome).
  PERFORM manual_apply_criterion_states(p_criterion);
  PERFORM manual_apply_current_outcomes(p_criterion);
END
$$;

CREATE OR REPLACE FUNCTION "manual_outcomes_deleted_states"()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manual_apply_criterion_states(ARRAY(SELECT DISTINCT criterion_id FROM old_rows ORDER BY 1));
  PERFORM manual_apply_current_outcomes(ARRAY(SELECT DISTINCT criterion_id FROM old_rows ORDER BY 1));
  RETURN NULL;
END
$$;

CREATE INDEX "manual_outcome_query_counts_empty" ON "outcome_query_counts" ("campaign_id") WHERE "criteria" = 0;

-- What is already there: every group count again from the outcomes, campaign by campaign, then every
-- criterion's current outcome (which adds the latest-decision family).
TRUNCATE outcome_counts, outcome_count_deltas, outcome_query_counts;
INSERT INTO outcome_count_deltas (campaign_id, dataset_id, breakdown, key, query_id, criteria, with_verdicts, finalized, unanimous, adjudicated, unresolved, awaiting, accepted, lenient_accepted, p_correctness, p_comprehensiveness, p_relevance, p_weight, p_weight_over, p_weight_under, p_weight_redundant, c_correctness, c_comprehensiveness, c_relevance, c_weight, c_weight_over, c_weight_under, c_weight_redundant, loo_n, loo_agrees)
SELECT c.campaign_id, c.dataset_id, c.breakdown, c.key, c.query_id, sum(c.criteria)::int, sum(c.with_verdicts)::int, sum(c.finalized)::int, sum(c.unanimous)::int, sum(c.adjudicated)::int, sum(c.unresolved)::int, sum(c.awaiting)::int, sum(c.accepted)::int, sum(c.lenient_accepted)::int, sum(c.p_correctness)::int, sum(c.p_comprehensiveness)::int, sum(c.p_relevance)::int, sum(c.p_weight)::int, sum(c.p_weight_over)::int, sum(c.p_weight_under)::int, sum(c.p_weight_redundant)::int, sum(c.c_correctness)::int, sum(c.c_comprehensiveness)::int, sum(c.c_relevance)::int, sum(c.c_weight)::int, sum(c.c_weight_over)::int, sum(c.c_weight_under)::int, sum(c.c_weight_redundant)::int, sum(c.loo_n)::int, sum(c.loo_agrees)::int
  FROM (SELECT c.* FROM criterion_outcomes r, manual_outcome_contributions(r, 1, r.campaign_id) c) c
 GROUP BY 1, 2, 3, 4, 5;
SELECT manual_apply_current_outcomes(ARRAY(SELECT DISTINCT criterion_id FROM criterion_outcomes ORDER BY 1));
SELECT manual_fold_outcome_deltas();

