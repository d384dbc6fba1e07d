-- AlterTable
ALTER TABLE "meta_rubric_versions" ADD COLUMN     "scoring_profile" JSONB NOT NULL DEFAULT '{"tierWeights":{"ESSENTIAL":2,"IMPORTANT":1,"HIGHLIGHT":1,"PITFALL":2},"pitfalls":"subtract","redLineVeto":true,"pairwise":{"weights":{"CORE":5,"IMPORTANT":2,"HIGHLIGHT":1},"tieBand":0.25,"veto":"byWeightClass"}}';

-- ───────────── Hand-written (manual_*) ─────────────
-- The scoring profile is part of a version's content: immutable once the version is active, like its
-- principles and generation rules (issue 20 §4).
CREATE OR REPLACE FUNCTION "manual_refuse_active_version_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'DRAFT' AND (
       NEW."principles" IS DISTINCT FROM OLD."principles"
    OR NEW."generation_rules" IS DISTINCT FROM OLD."generation_rules"
    OR NEW."scoring_profile" IS DISTINCT FROM OLD."scoring_profile"
    OR NEW."number" IS DISTINCT FROM OLD."number"
    OR NEW."meta_rubric_id" IS DISTINCT FROM OLD."meta_rubric_id"
    OR NEW."parent_version_id" IS DISTINCT FROM OLD."parent_version_id"
    OR NEW."change_note" IS DISTINCT FROM OLD."change_note"
    OR (OLD."status" = 'RETIRED' AND NEW."status" <> 'RETIRED')
    OR (OLD."status" = 'ACTIVE' AND NEW."status" = 'DRAFT')) THEN
    RAISE EXCEPTION 'meta-rubric version % is % and cannot be changed', OLD."id", OLD."status"
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
