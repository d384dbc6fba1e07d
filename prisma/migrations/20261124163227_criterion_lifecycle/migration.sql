-- CreateEnum
CREATE TYPE "RevisionSource" AS ENUM ('IMPORTED', 'ADJUDICATION', 'EXPERT_PROPOSAL', 'REVERTED');

-- AlterEnum
BEGIN;
CREATE TYPE "CriterionOrigin_new" AS ENUM ('IMPORTED', 'GENERATED', 'EXPERT_PROPOSAL');
ALTER TABLE "criterion_provenance" ALTER COLUMN "origin" TYPE "CriterionOrigin_new" USING ("origin"::text::"CriterionOrigin_new");
ALTER TYPE "CriterionOrigin" RENAME TO "CriterionOrigin_old";
ALTER TYPE "CriterionOrigin_new" RENAME TO "CriterionOrigin";
DROP TYPE "CriterionOrigin_old";
COMMIT;

-- DropForeignKey
ALTER TABLE "criteria" DROP CONSTRAINT "criteria_parent_id_fkey";

-- DropForeignKey
ALTER TABLE "adjudications" DROP CONSTRAINT "adjudications_resulting_criterion_id_fkey";

-- DropIndex
DROP INDEX "criteria_parent_id_idx";

-- AlterTable
ALTER TABLE "criteria" DROP COLUMN "parent_id",
ADD COLUMN     "final_campaign_id" INTEGER;

-- AlterTable
ALTER TABLE "audit_campaigns" ADD COLUMN     "instructions" TEXT;

-- AlterTable
ALTER TABLE "campaign_criteria" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "adjudications" DROP COLUMN "resulting_criterion_id";

-- AlterTable
ALTER TABLE "grades" ADD COLUMN     "criterion_revision" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "release_items" ADD COLUMN     "criterion_revision" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "criterion_revisions" (
    "criterion_id" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "tier" "Tier" NOT NULL,
    "points" DOUBLE PRECISION NOT NULL,
    "source" "RevisionSource" NOT NULL,
    "campaign_id" INTEGER,
    "adjudication_id" INTEGER,
    "verdict_id" INTEGER,
    "author_id" TEXT,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "criterion_revisions_pkey" PRIMARY KEY ("criterion_id","revision")
);

-- CreateIndex
CREATE INDEX "criterion_revisions_campaign_id_idx" ON "criterion_revisions"("campaign_id");

-- AddForeignKey
ALTER TABLE "criterion_revisions" ADD CONSTRAINT "criterion_revisions_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_revisions" ADD CONSTRAINT "criterion_revisions_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_revisions" ADD CONSTRAINT "criterion_revisions_adjudication_id_fkey" FOREIGN KEY ("adjudication_id") REFERENCES "adjudications"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_revisions" ADD CONSTRAINT "criterion_revisions_verdict_id_fkey" FOREIGN KEY ("verdict_id") REFERENCES "verdicts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_revisions" ADD CONSTRAINT "criterion_revisions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ───────────── Hand-written (manual_*) ─────────────
-- The criterion lifecycle (docs/criterion-lifecycle.md):
--  1. manual_criteria_revision_zero: every new criterion (import, generation, any INSERT or COPY) gets revision 0,
--     its text as imported; a criterion still at revision 0 whose text is overwritten (a re-import of a
--     never-audited criterion) has its revision 0 follow.
--  2. manual_compute_criterion_states(criteria[]): what each criterion's status, final campaign and current text
--     must be, from its outcomes: the latest campaign (by id, i.e. creation) with a final decision decides
--     (ACCEPT → VERIFIED, REVISE_* → REVISED, REJECT → REJECTED); without one, IN_AUDIT while an outcome is
--     live (its campaign open, or verdicts in), else PENDING. The text is what that decision produced (the
--     reviewer's gold text; for a unanimous revision the earliest submitted proposal), else the revision its
--     campaign audited (so an amended or re-adjudicated decision takes its text back with it).
--  3. manual_apply_criterion_states(criteria[]): writes those, appending a criterion_revisions row whenever the
--     text changes. manual_refresh_outcomes (every trigger of the maintained analytics goes through it, in the
--     writer's transaction) now ends by calling it, and deleted outcome rows call it too, so a status, a count
--     and an outcome can never disagree.

CREATE FUNCTION "manual_criteria_revision_zero"()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO criterion_revisions (criterion_id, revision, title, description, tier, points, source, created_at)
    SELECT n.id, n.revision, n.title, n.description, n.tier, n.points, 'IMPORTED', n.created_at FROM new_rows n;
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

CREATE TRIGGER "manual_criteria_revision_zero_insert" AFTER INSERT ON "criteria"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_criteria_revision_zero();
CREATE TRIGGER "manual_criteria_revision_zero_update" AFTER UPDATE ON "criteria"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_criteria_revision_zero();

CREATE FUNCTION "manual_compute_criterion_states"(p_criteria int[])
RETURNS TABLE (
  criterion_id int,
  status "CriterionStatus",
  final_campaign_id int,
  title text,
  description text,
  tier "Tier",
  points float8,
  source "RevisionSource",
  campaign_id int,
  adjudication_id int,
  verdict_id int,
  author_id text,
  reason text)
LANGUAGE sql STABLE AS $$
-- Per criterion, index lookups (LATERAL ... LIMIT 1): one verdict's refresh reads a handful of rows.
SELECT ids.id,
       CASE d.final_decision WHEN 'ACCEPT' THEN 'VERIFIED' WHEN 'REJECT' THEN 'REJECTED'
            WHEN 'REVISE_MINOR' THEN 'REVISED' WHEN 'REVISE_MAJOR' THEN 'REVISED'
            ELSE CASE WHEN lv.live THEN 'IN_AUDIT' ELSE 'PENDING' END END::"CriterionStatus",
       d.campaign_id,
       coalesce(pa.title, pv.title, b.title),
       coalesce(pa.description, pv.description, b.description),
       coalesce(pa.tier, pv.tier, b.tier),
       coalesce(pa.points, pv.points, b.points),
       CASE WHEN pa.id IS NOT NULL THEN 'ADJUDICATION' WHEN pv.id IS NOT NULL THEN 'EXPERT_PROPOSAL'
            ELSE 'REVERTED' END::"RevisionSource",
       coalesce(d.campaign_id, la.campaign_id),
       pa.id,
       pv.id,
       coalesce(pa.reviewer_id, pv.expert_id),
       CASE WHEN pa.id IS NOT NULL THEN pa.rationale
            WHEN pv.id IS NOT NULL THEN pv.comment
            ELSE format('The text campaign %s audited (revision %s) is current again: no final decision of that campaign revises it.',
                        coalesce(d.campaign_id, la.campaign_id), b.revision) END
  FROM (SELECT DISTINCT unnest(p_criteria) AS id) ids
  LEFT JOIN LATERAL (
    SELECT o.campaign_id, o.final_decision, o.provenance FROM criterion_outcomes o
     WHERE o.criterion_id = ids.id AND o.final_decision IS NOT NULL
     ORDER BY o.campaign_id DESC LIMIT 1) d ON TRUE
  LEFT JOIN LATERAL (
    SELECT TRUE AS live FROM criterion_outcomes o JOIN audit_campaigns ac ON ac.id = o.campaign_id
     WHERE o.criterion_id = ids.id AND o.final_decision IS NULL AND (ac.status = 'OPEN' OR o.verdicts > 0) LIMIT 1) lv ON TRUE
  LEFT JOIN LATERAL (
    SELECT cc.campaign_id FROM campaign_criteria cc WHERE cc.criterion_id = ids.id
     ORDER BY cc.campaign_id DESC LIMIT 1) la ON TRUE
  LEFT JOIN LATERAL (
    SELECT a.id, a.reviewer_id, a.rationale, a.gold_text ->> 'title' AS title, a.gold_text ->> 'description' AS description,
           (a.gold_text ->> 'tier')::"Tier" AS tier, (a.gold_text ->> 'points')::float8 AS points
      FROM adjudications a
     WHERE a.campaign_id = d.campaign_id AND a.criterion_id = ids.id AND d.provenance = 'ADJUDICATED'
       AND d.final_decision IN ('REVISE_MINOR', 'REVISE_MAJOR') AND a.gold_text IS NOT NULL) pa ON TRUE
  LEFT JOIN LATERAL (
    SELECT v.id, v.expert_id, v.comment, v.proposed_revision ->> 'title' AS title,
           v.proposed_revision ->> 'description' AS description, (v.proposed_revision ->> 'tier')::"Tier" AS tier,
           (v.proposed_revision ->> 'points')::float8 AS points
      FROM verdicts v
     WHERE v.campaign_id = d.campaign_id AND v.criterion_id = ids.id AND d.provenance = 'UNANIMOUS'
       AND d.final_decision IN ('REVISE_MINOR', 'REVISE_MAJOR') AND v.submitted_at IS NOT NULL
       AND v.proposed_revision IS NOT NULL
     ORDER BY v.submitted_at, v.id LIMIT 1) pv ON TRUE
  LEFT JOIN campaign_criteria bc ON bc.campaign_id = coalesce(d.campaign_id, la.campaign_id) AND bc.criterion_id = ids.id
  LEFT JOIN criterion_revisions b ON b.criterion_id = ids.id AND b.revision = bc.revision
$$;

CREATE FUNCTION "manual_apply_criterion_states"(p_criteria int[])
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
    RETURNING c.id, c.revision)
  INSERT INTO criterion_revisions (criterion_id, revision, title, description, tier, points, source, campaign_id,
                                   adjudication_id, verdict_id, author_id, reason)
  SELECT u.id, u.revision, d.title, d.description, d.tier, d.points, d.source, d.campaign_id, d.adjudication_id,
         d.verdict_id, d.author_id, d.reason
    FROM upd u JOIN diff d ON d.criterion_id = u.id
   WHERE d.text_changed;
END
$$;

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
END
$$;

CREATE FUNCTION "manual_outcomes_deleted_states"()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manual_apply_criterion_states(ARRAY(SELECT DISTINCT criterion_id FROM old_rows ORDER BY 1));
  RETURN NULL;
END
$$;

CREATE TRIGGER "manual_criterion_outcomes_state_delete" AFTER DELETE ON "criterion_outcomes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_outcomes_deleted_states();

-- What is already there: revision 0 of every criterion, then every criterion's state from its outcomes.
INSERT INTO criterion_revisions (criterion_id, revision, title, description, tier, points, source, created_at)
SELECT id, 0, title, description, tier, points, 'IMPORTED', created_at FROM criteria;
UPDATE criteria SET revision = 0 WHERE revision <> 0;
SELECT manual_apply_criterion_states(ARRAY(SELECT id FROM criteria ORDER BY id));
