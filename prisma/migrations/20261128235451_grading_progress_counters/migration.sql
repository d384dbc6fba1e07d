-- CreateTable
CREATE TABLE "grading_counters" (
    "campaign_id" INTEGER NOT NULL,
    "stripe" SMALLINT NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,
    "open_units" INTEGER NOT NULL DEFAULT 0,
    "submitted" INTEGER NOT NULL DEFAULT 0,
    "wanted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "grading_counters_pkey" PRIMARY KEY ("campaign_id","stripe")
);

-- CreateTable
CREATE TABLE "grading_progress_marks" (
    "assignment_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "mark" SMALLINT NOT NULL,

    CONSTRAINT "grading_progress_marks_pkey" PRIMARY KEY ("assignment_id")
);

-- AddForeignKey
ALTER TABLE "grading_counters" ADD CONSTRAINT "grading_counters_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────────── Hand-written (manual_*) ─────────────
-- A grading campaign's progress kept on write, as an audit campaign's is (issue 21): "My audits" summed every unit
-- of each grading campaign the clinician is on and checked each open one against the clinician's submissions, on
-- every render. grading_counters holds the campaign's figures in 16 stripes by response (insert and delete by
-- statement, a row trigger for a changed count or k); expert_progress holds each clinician's, synced exactly as
-- manual_expert_progress_sync does for audits (migration expert_progress_counters explains the marks), with
-- grading_progress_marks as the marks (assignment ids of their own sequence). The functions repeat the audit's
-- over other tables on purpose: one function taking table names would run dynamic SQL, planned on every call, and
-- re-planning is what made the first version of the audit's sync cost 0.35 ms a call instead of 0.05–0.1 ms.

INSERT INTO "grading_counters" (campaign_id, stripe, units, open_units, submitted, wanted)
SELECT campaign_id, (response_id % 16)::smallint, count(*)::int, count(*) FILTER (WHERE submitted_count < overlap_k)::int,
       sum(submitted_count)::int, sum(overlap_k)::int
  FROM grading_units GROUP BY 1, 2;

CREATE FUNCTION manual_grading_units_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO grading_counters AS c (campaign_id, stripe, units, open_units, submitted, wanted)
    SELECT campaign_id, (response_id % 16)::smallint, count(*)::int, count(*) FILTER (WHERE submitted_count < overlap_k)::int,
           sum(submitted_count)::int, sum(overlap_k)::int
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (campaign_id, stripe) DO UPDATE SET units = c.units + EXCLUDED.units,
           open_units = c.open_units + EXCLUDED.open_units, submitted = c.submitted + EXCLUDED.submitted,
           wanted = c.wanted + EXCLUDED.wanted;
  ELSE
    UPDATE grading_counters c SET units = c.units - d.units, open_units = c.open_units - d.open_units,
           submitted = c.submitted - d.submitted, wanted = c.wanted - d.wanted
      FROM (SELECT campaign_id, (response_id % 16)::smallint AS stripe, count(*)::int AS units,
                   count(*) FILTER (WHERE submitted_count < overlap_k)::int AS open_units,
                   sum(submitted_count)::int AS submitted, sum(overlap_k)::int AS wanted
              FROM old_rows GROUP BY 1, 2) d
     WHERE c.campaign_id = d.campaign_id AND c.stripe = d.stripe;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_grading_counters_units_insert" AFTER INSERT ON "grading_units"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_grading_units_counted();
CREATE TRIGGER "manual_grading_counters_units_delete" AFTER DELETE ON "grading_units"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_grading_units_counted();

-- A unit's submissions or k changed: its stripe moves, and when it filled (or opened again) its graders' marks too.
CREATE FUNCTION manual_grading_unit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grading_counters SET
    open_units = open_units + (NEW.submitted_count < NEW.overlap_k)::int - (OLD.submitted_count < OLD.overlap_k)::int,
    submitted = submitted + NEW.submitted_count - OLD.submitted_count, wanted = wanted + NEW.overlap_k - OLD.overlap_k
   WHERE campaign_id = NEW.campaign_id AND stripe = (NEW.response_id % 16)::smallint;
  IF (OLD.submitted_count < OLD.overlap_k) IS DISTINCT FROM (NEW.submitted_count < NEW.overlap_k) THEN
    PERFORM manual_grading_progress_sync(NEW.campaign_id, NEW.response_id);
  END IF;
  RETURN NULL;
END $$;

CREATE INDEX "manual_grading_assignments_submitted_by_response" ON "grading_assignments" ("campaign_id", "response_id")
  WHERE state = 'SUBMITTED';

CREATE FUNCTION manual_grading_progress_sync(p_campaign int, p_response int) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_open boolean;
BEGIN
  SELECT submitted_count < overlap_k INTO v_open FROM grading_units WHERE campaign_id = p_campaign AND response_id = p_response
     FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  WITH diff AS (
    SELECT a.id, a.expert_id, COALESCE(m.mark, 0) AS cur, CASE WHEN v_open THEN 1 ELSE 2 END AS want
      FROM grading_assignments a LEFT JOIN grading_progress_marks m ON m.assignment_id = a.id
     WHERE a.campaign_id = p_campaign AND a.response_id = p_response AND a.state = 'SUBMITTED'
       AND COALESCE(m.mark, 0) <> CASE WHEN v_open THEN 1 ELSE 2 END
  ), marked AS (
    INSERT INTO grading_progress_marks AS m (assignment_id, campaign_id, expert_id, mark)
    SELECT id, p_campaign, expert_id, want FROM diff ORDER BY id
        ON CONFLICT (assignment_id) DO UPDATE SET mark = EXCLUDED.mark
  )
  INSERT INTO expert_progress AS e (campaign_id, expert_id, submitted, submitted_open)
  SELECT p_campaign, expert_id, sum((cur = 0)::int)::int, sum((want = 1)::int - (cur = 1)::int)::int
    FROM diff GROUP BY expert_id ORDER BY expert_id
      ON CONFLICT (campaign_id, expert_id) DO UPDATE
     SET submitted = e.submitted + EXCLUDED.submitted, submitted_open = e.submitted_open + EXCLUDED.submitted_open;
END $$;

CREATE FUNCTION manual_grading_progress_uncount(p_assignments int[]) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM grading_progress_marks m WHERE m.assignment_id = ANY (p_assignments)
    RETURNING m.campaign_id, m.expert_id, m.mark
  )
  UPDATE expert_progress e SET submitted = e.submitted - d.submitted, submitted_open = e.submitted_open - d.submitted_open
    FROM (SELECT campaign_id, expert_id, count(*)::int AS submitted, count(*) FILTER (WHERE mark = 1)::int AS submitted_open
            FROM gone GROUP BY 1, 2) d
   WHERE e.campaign_id = d.campaign_id AND e.expert_id = d.expert_id;
$$;

CREATE TRIGGER "manual_grading_counters_unit_update" AFTER UPDATE OF submitted_count, overlap_k ON "grading_units"
  FOR EACH ROW WHEN (OLD.submitted_count IS DISTINCT FROM NEW.submitted_count OR OLD.overlap_k IS DISTINCT FROM NEW.overlap_k)
  EXECUTE FUNCTION manual_grading_unit_changed();

CREATE FUNCTION manual_grading_progress_assignment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'SUBMITTED' THEN
    PERFORM manual_grading_progress_sync(NEW.campaign_id, NEW.response_id);
  ELSE
    PERFORM manual_grading_progress_uncount(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_grading_progress_assignment_update" AFTER UPDATE OF state ON "grading_assignments"
  FOR EACH ROW WHEN ((OLD.state = 'SUBMITTED') IS DISTINCT FROM (NEW.state = 'SUBMITTED'))
  EXECUTE FUNCTION manual_grading_progress_assignment_changed();
CREATE TRIGGER "manual_grading_progress_assignment_insert" AFTER INSERT ON "grading_assignments"
  FOR EACH ROW WHEN (NEW.state = 'SUBMITTED')
  EXECUTE FUNCTION manual_grading_progress_assignment_changed();

CREATE FUNCTION manual_grading_progress_assignments_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manual_grading_progress_uncount(ARRAY(SELECT id FROM old_rows WHERE state = 'SUBMITTED'));
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_grading_progress_assignments_delete" AFTER DELETE ON "grading_assignments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_grading_progress_assignments_deleted();

-- Every grading campaign's progress so far, counted once.
SELECT count(manual_grading_progress_sync(campaign_id, response_id))
  FROM (SELECT DISTINCT campaign_id, response_id FROM grading_assignments WHERE state = 'SUBMITTED' ORDER BY 1, 2) submitted;
