-- ───────────── Hand-written (manual_*) ─────────────
-- A submission that leaves its unit open syncs only its own assignment (issue 21). The progress triggers
-- (migrations expert_progress_counters and grading_progress_counters) ran the whole sync on every submission: a
-- statement comparing every submitted assignment of the unit with its mark, grouped by expert. Only a change of
-- the unit's open state (it filled, or opened again) can change another assignment's mark, and the unit's own
-- trigger syncs the whole unit then. So when the unit is still open after the submission, the assignment's
-- trigger compares that one assignment with its mark and counts the difference for its own expert. With the
-- bench's 20 concurrent grading claimers, each submitting after its claim, PostgreSQL's CPU went from 2.12 to
-- 2.03 ms per claim and submission and the claims' p95 from 23.4 to 21.4 ms (medians of six runs each,
-- alternating; docs/performance.md).
--
-- Locks stay in the order the migrations above explain: the unit's row first, then expert_progress rows. When the
-- unit is full the whole sync runs as before (it locks its graders' counters in expert order); an assignment's
-- own counter alone, followed by its graders' in the same statement, is the order that can deadlock. The two
-- functions repeat each other over other tables on purpose (migration grading_progress_counters says why).

CREATE OR REPLACE FUNCTION manual_expert_progress_assignment_changed() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_want smallint;
  v_cur smallint;
BEGIN
  IF NEW.state <> 'SUBMITTED' THEN
    PERFORM manual_expert_progress_uncount(ARRAY[NEW.id]);
    RETURN NULL;
  END IF;
  SELECT CASE WHEN submitted_count < overlap_k THEN 1 ELSE 2 END INTO v_want FROM campaign_queries
   WHERE campaign_id = NEW.campaign_id AND query_id = NEW.query_id FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_want = 2 THEN
    PERFORM manual_expert_progress_sync(NEW.campaign_id, NEW.query_id);
    RETURN NULL;
  END IF;
  v_cur := COALESCE((SELECT mark FROM expert_progress_marks WHERE assignment_id = NEW.id), 0);
  IF v_cur = v_want THEN RETURN NULL; END IF;
  INSERT INTO expert_progress_marks AS m (assignment_id, campaign_id, expert_id, mark)
  VALUES (NEW.id, NEW.campaign_id, NEW.expert_id, v_want)
      ON CONFLICT (assignment_id) DO UPDATE SET mark = EXCLUDED.mark;
  INSERT INTO expert_progress AS e (campaign_id, expert_id, submitted, submitted_open)
  VALUES (NEW.campaign_id, NEW.expert_id, (v_cur = 0)::int, 1 - (v_cur = 1)::int)
      ON CONFLICT (campaign_id, expert_id) DO UPDATE
     SET submitted = e.submitted + EXCLUDED.submitted, submitted_open = e.submitted_open + EXCLUDED.submitted_open;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION manual_grading_progress_assignment_changed() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_want smallint;
  v_cur smallint;
BEGIN
  IF NEW.state <> 'SUBMITTED' THEN
    PERFORM manual_grading_progress_uncount(ARRAY[NEW.id]);
    RETURN NULL;
  END IF;
  SELECT CASE WHEN submitted_count < overlap_k THEN 1 ELSE 2 END INTO v_want FROM grading_units
   WHERE campaign_id = NEW.campaign_id AND response_id = NEW.response_id FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_want = 2 THEN
    PERFORM manual_grading_progress_sync(NEW.campaign_id, NEW.response_id);
    RETURN NULL;
  END IF;
  v_cur := COALESCE((SELECT mark FROM grading_progress_marks WHERE assignment_id = NEW.id), 0);
  IF v_cur = v_want THEN RETURN NULL; END IF;
  INSERT INTO grading_progress_marks AS m (assignment_id, campaign_id, expert_id, mark)
  VALUES (NEW.id, NEW.campaign_id, NEW.expert_id, v_want)
      ON CONFLICT (assignment_id) DO UPDATE SET mark = EXCLUDED.mark;
  INSERT INTO expert_progress AS e (campaign_id, expert_id, submitted, submitted_open)
  VALUES (NEW.campaign_id, NEW.expert_id, (v_cur = 0)::int, 1 - (v_cur = 1)::int)
      ON CONFLICT (campaign_id, expert_id) DO UPDATE
     SET submitted = e.submitted + EXCLUDED.submitted, submitted_open = e.submitted_open + EXCLUDED.submitted_open;
  RETURN NULL;
END $$;
