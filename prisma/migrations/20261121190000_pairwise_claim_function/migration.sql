-- ───────────── Hand-written (manual_*) ─────────────
-- The pairwise reviewer queue's "Next", one statement per claim like manual_claim_next (lib/pairwise/
-- claim-next.ts calls it). The queue unit is a pair of responses as the judge compared it in one run: the
-- comparison in presented order AB (its BA twin is the same pair, never queued on its own). In order:
--  1. an advisory lock per (run, reviewer): first 8 bytes of SHA-256("pairwise:<run>:<reviewer>"), so one
--     reviewer's parallel clicks are serialised and never hold two reservations in a run;
--  2. the run must exist and be a PAIRWISE run (P0002 otherwise);
--  3. a live reservation of the reviewer in the run (RESERVED or PREFERENCE_GIVEN, not expired) is resumed;
--  4. expired reservations of the run are marked EXPIRED and their slots given back (review_holders);
--  5. the pick: an AB comparison with fewer than review_overlap holders that the reviewer does not hold and
--     has not submitted, fullest first then oldest, locked FOR UPDATE SKIP LOCKED; when every eligible row is
--     locked by concurrent claims it looks again shortly (2-10 ms, up to 3 s);
--  6. the judgment (or the reviewer's expired one on that pair, taken back with its preference and display
--     order) with a display order drawn at random and recorded, the holders counter (a CHECK keeps it
--     <= review_overlap) and the audit event.
-- Times are UTC "timestamp without time zone", as Prisma stores them.
CREATE FUNCTION "manual_pairwise_claim_next"(p_run int, p_reviewer text, p_minutes int, OUT kind text, OUT judgment_id int, OUT reason text)
LANGUAGE plpgsql AS $$
DECLARE
  v_comparison int;
  v_eligible int;
  v_reclaimed boolean;
  v_expires timestamp(3);
  v_give_up timestamptz := clock_timestamp() + interval '3 seconds';
BEGIN
  PERFORM pg_advisory_xact_lock(('x' || left(encode(sha256(convert_to('pairwise:' || p_run || ':' || p_reviewer, 'UTF8')), 'hex'), 16))::bit(64)::bigint);
  PERFORM 1 FROM judge_runs r WHERE r.id = p_run AND r.kind = 'PAIRWISE';
  IF NOT FOUND THEN RAISE EXCEPTION 'The pairwise run was not found.' USING ERRCODE = 'P0002'; END IF;

  SELECT j.id INTO judgment_id FROM reviewer_judgments j JOIN pairwise_comparisons c ON c.id = j.comparison_id
   WHERE c.run_id = p_run AND j.reviewer_id = p_reviewer AND j.state IN ('RESERVED', 'PREFERENCE_GIVEN')
     AND j.expires_at > timezone('UTC', now())
   ORDER BY j.id LIMIT 1;
  IF judgment_id IS NOT NULL THEN kind := 'resumed'; RETURN; END IF;

  WITH gone AS (
    UPDATE reviewer_judgments j SET state = 'EXPIRED', updated_at = timezone('UTC', now()), row_version = j.row_version + 1
      FROM pairwise_comparisons c
     WHERE c.id = j.comparison_id AND c.run_id = p_run AND j.state IN ('RESERVED', 'PREFERENCE_GIVEN')
       AND j.expires_at <= timezone('UTC', now())
     RETURNING j.comparison_id),
  counted AS (SELECT comparison_id, count(*)::int AS n FROM gone GROUP BY comparison_id)
  UPDATE pairwise_comparisons c SET review_holders = c.review_holders - counted.n
    FROM counted WHERE c.id = counted.comparison_id;

  LOOP
    SELECT c.id INTO v_comparison FROM pairwise_comparisons c
     WHERE c.run_id = p_run AND c.presented_order = 'AB' AND c.review_holders < c.review_overlap
       AND NOT EXISTS (SELECT 1 FROM reviewer_judgments j WHERE j.comparison_id = c.id AND j.reviewer_id = p_reviewer
                         AND j.state IN ('RESERVED', 'PREFERENCE_GIVEN', 'SUBMITTED'))
     ORDER BY c.review_holders DESC, c.id LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
    EXIT WHEN v_comparison IS NOT NULL;
    SELECT count(*)::int INTO v_eligible FROM pairwise_comparisons c
     WHERE c.run_id = p_run AND c.presented_order = 'AB' AND c.review_holders < c.review_overlap
       AND NOT EXISTS (SELECT 1 FROM reviewer_judgments j WHERE j.comparison_id = c.id AND j.reviewer_id = p_reviewer
                         AND j.state IN ('RESERVED', 'PREFERENCE_GIVEN', 'SUBMITTED'));
    EXIT WHEN v_eligible = 0 OR clock_timestamp() > v_give_up;
    PERFORM pg_sleep(0.002 + random() * 0.008);
  END LOOP;
  IF v_comparison IS NULL THEN
    kind := 'none';
    reason := CASE WHEN EXISTS (
      SELECT 1 FROM pairwise_comparisons c
       WHERE c.run_id = p_run AND c.presented_order = 'AB'
         AND (SELECT count(*) FROM reviewer_judgments j WHERE j.comparison_id = c.id AND j.state = 'SUBMITTED') < c.review_overlap
         AND NOT EXISTS (SELECT 1 FROM reviewer_judgments j WHERE j.comparison_id = c.id AND j.reviewer_id = p_reviewer
                           AND j.state = 'SUBMITTED')) THEN 'waiting' ELSE 'done' END;
    RETURN;
  END IF;

  v_expires := timezone('UTC', now()) + make_interval(mins => p_minutes);
  INSERT INTO reviewer_judgments AS j (comparison_id, reviewer_id, display_order, expires_at, updated_at)
  VALUES (v_comparison, p_reviewer, CASE WHEN random() < 0.5 THEN 'AB' ELSE 'BA' END::"PresentedOrder", v_expires, timezone('UTC', now()))
  ON CONFLICT (comparison_id, reviewer_id) DO UPDATE
    SET state = CASE WHEN j.preference IS NULL THEN 'RESERVED' ELSE 'PREFERENCE_GIVEN' END::"ReviewState",
        reserved_at = EXCLUDED.reserved_at, expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at,
        row_version = j.row_version + 1
  RETURNING j.id, j.xmax <> 0 INTO judgment_id, v_reclaimed;
  UPDATE pairwise_comparisons SET review_holders = review_holders + 1 WHERE id = v_comparison;
  INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after)
  VALUES (p_reviewer, CASE WHEN v_reclaimed THEN 'pairwise.reclaim' ELSE 'pairwise.claim' END, 'reviewer_judgment', judgment_id::text,
          jsonb_build_object('runId', p_run, 'comparisonId', v_comparison, 'expiresAt', to_char(v_expires, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  kind := 'claimed';
END;
$$;
