-- CreateTable
CREATE TABLE "expert_progress" (
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "submitted" INTEGER NOT NULL DEFAULT 0,
    "submitted_open" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "expert_progress_pkey" PRIMARY KEY ("campaign_id","expert_id")
);

-- CreateTable
CREATE TABLE "expert_progress_marks" (
    "assignment_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "mark" SMALLINT NOT NULL,

    CONSTRAINT "expert_progress_marks_pkey" PRIMARY KEY ("assignment_id")
);

-- AddForeignKey
ALTER TABLE "expert_progress" ADD CONSTRAINT "expert_progress_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expert_progress" ADD CONSTRAINT "expert_progress_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────────── Hand-written (manual_*) ─────────────
-- An expert's progress in a campaign, kept on write (issue 21). "My audits" and the audit screen showed "mine done"
-- and "left for me" by counting the expert's submitted assignments on every render: O(submissions), 27–32 ms at the
-- bench's 4,000. expert_progress holds both figures per (campaign, expert); "left for me" is the campaign's open
-- queries (campaign_counters) less the expert's submitted queries that are still open (submitted_open).
--
-- Why marks: a submission updates the assignment and its query's submitted_count in one statement, and the
-- triggers of both tables see the statement's final state. Counting "submitted while open" from either trigger
-- alone would count a submission that fills its query twice or not at all. So one function, the sync below,
-- makes the counters follow the truth for a query: it compares each submitted assignment with what it has counted
-- of it (expert_progress_marks) and applies the difference. It runs holding the query's campaign_queries row, so
-- two syncs of one query run one after the other, and a second sync in the same statement changes nothing. It
-- never updates another expert's assignment row (the marks are a table of their own), and it upserts the counters
-- in expert order, so two submissions cannot deadlock over them. A mark exists only while its assignment is
-- submitted: leaving SUBMITTED or being deleted takes the mark and what it counted away.
--
-- The claim path pays nothing: a claim inserts a reserved assignment, which no trigger below fires for and the
-- partial index below does not hold.

CREATE INDEX "manual_assignments_submitted_by_query" ON "assignments" ("campaign_id", "query_id") WHERE state = 'SUBMITTED';

CREATE FUNCTION manual_expert_progress_sync(p_campaign int, p_query int) RETURNS void LANGUAGE plpgsql
-- Plans made once per session: re-planning these statements on every call cost more than running them.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_open boolean;
BEGIN
  -- The lock first, in its own statement: the next statement's snapshot then sees every earlier sync's marks.
  SELECT submitted_count < overlap_k INTO v_open FROM campaign_queries WHERE campaign_id = p_campaign AND query_id = p_query
     FOR UPDATE;
  -- No query row: it is being deleted, and its assignments with it (their trigger takes their marks away).
  IF NOT FOUND THEN RETURN; END IF;
  WITH diff AS (
    SELECT a.id, a.expert_id, COALESCE(m.mark, 0) AS cur, CASE WHEN v_open THEN 1 ELSE 2 END AS want
      FROM assignments a LEFT JOIN expert_progress_marks m ON m.assignment_id = a.id
     WHERE a.campaign_id = p_campaign AND a.query_id = p_query AND a.state = 'SUBMITTED'
       AND COALESCE(m.mark, 0) <> CASE WHEN v_open THEN 1 ELSE 2 END
  ), marked AS (
    INSERT INTO expert_progress_marks AS m (assignment_id, campaign_id, expert_id, mark)
    SELECT id, p_campaign, expert_id, want FROM diff ORDER BY id
        ON CONFLICT (assignment_id) DO UPDATE SET mark = EXCLUDED.mark
  )
  INSERT INTO expert_progress AS e (campaign_id, expert_id, submitted, submitted_open)
  SELECT p_campaign, expert_id, sum((cur = 0)::int)::int, sum((want = 1)::int - (cur = 1)::int)::int
    FROM diff GROUP BY expert_id ORDER BY expert_id
      ON CONFLICT (campaign_id, expert_id) DO UPDATE
     SET submitted = e.submitted + EXCLUDED.submitted, submitted_open = e.submitted_open + EXCLUDED.submitted_open;
END $$;

-- Assignments no longer submitted (deleted, or moved out of SUBMITTED by a path the app does not take): their
-- marks go, and what they counted with them.
CREATE FUNCTION manual_expert_progress_uncount(p_assignments int[]) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM expert_progress_marks m WHERE m.assignment_id = ANY (p_assignments)
    RETURNING m.campaign_id, m.expert_id, m.mark
  )
  UPDATE expert_progress e SET submitted = e.submitted - d.submitted, submitted_open = e.submitted_open - d.submitted_open
    FROM (SELECT campaign_id, expert_id, count(*)::int AS submitted, count(*) FILTER (WHERE mark = 1)::int AS submitted_open
            FROM gone GROUP BY 1, 2) d
   WHERE e.campaign_id = d.campaign_id AND e.expert_id = d.expert_id;
$$;

-- A query filled, or open again (its submissions or k changed): its submitters' "still open" changed. Only such a
-- change: a submission that leaves its query open is counted by the assignment's own trigger below, so a
-- submission syncs once, and twice only when it fills its query (the second sync then finds nothing to change).
CREATE FUNCTION manual_expert_progress_query_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manual_expert_progress_sync(NEW.campaign_id, NEW.query_id);
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_expert_progress_query_update" AFTER UPDATE OF submitted_count, overlap_k ON "campaign_queries"
  FOR EACH ROW WHEN ((OLD.submitted_count < OLD.overlap_k) IS DISTINCT FROM (NEW.submitted_count < NEW.overlap_k))
  EXECUTE FUNCTION manual_expert_progress_query_changed();

-- An assignment submitted (by the app's submission, or written already submitted), or no longer submitted.
CREATE FUNCTION manual_expert_progress_assignment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'SUBMITTED' THEN
    PERFORM manual_expert_progress_sync(NEW.campaign_id, NEW.query_id);
  ELSE
    PERFORM manual_expert_progress_uncount(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_expert_progress_assignment_update" AFTER UPDATE OF state ON "assignments"
  FOR EACH ROW WHEN ((OLD.state = 'SUBMITTED') IS DISTINCT FROM (NEW.state = 'SUBMITTED'))
  EXECUTE FUNCTION manual_expert_progress_assignment_changed();
CREATE TRIGGER "manual_expert_progress_assignment_insert" AFTER INSERT ON "assignments"
  FOR EACH ROW WHEN (NEW.state = 'SUBMITTED')
  EXECUTE FUNCTION manual_expert_progress_assignment_changed();

CREATE FUNCTION manual_expert_progress_assignments_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manual_expert_progress_uncount(ARRAY(SELECT id FROM old_rows WHERE state = 'SUBMITTED'));
  RETURN NULL;
END $$;
CREATE TRIGGER "manual_expert_progress_assignments_delete" AFTER DELETE ON "assignments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manual_expert_progress_assignments_deleted();

-- Every campaign's progress so far, counted once.
SELECT count(manual_expert_progress_sync(campaign_id, query_id))
  FROM (SELECT DISTINCT campaign_id, query_id FROM assignments WHERE state = 'SUBMITTED' ORDER BY 1, 2) submitted;
