-- CreateEnum
CREATE TYPE "CampaignKind" AS ENUM ('AUDIT', 'GRADING');

-- AlterEnum
ALTER TYPE "ClinicianGradeSource" ADD VALUE 'CAMPAIGN';

-- AlterTable
ALTER TABLE "audit_campaigns" ADD COLUMN     "kind" "CampaignKind" NOT NULL DEFAULT 'AUDIT';

-- AlterTable
ALTER TABLE "clinician_grades" ADD COLUMN     "campaign_id" INTEGER;

-- CreateTable
CREATE TABLE "grading_units" (
    "campaign_id" INTEGER NOT NULL,
    "response_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "overlap_k" INTEGER NOT NULL,
    "holders" INTEGER NOT NULL DEFAULT 0,
    "submitted_count" INTEGER NOT NULL DEFAULT 0,
    "sort_key" INTEGER NOT NULL,

    CONSTRAINT "grading_units_pkey" PRIMARY KEY ("campaign_id","response_id")
);

-- CreateTable
CREATE TABLE "grading_assignments" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "response_id" INTEGER NOT NULL,
    "state" "AssignmentState" NOT NULL DEFAULT 'RESERVED',
    "reserved_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "submitted_at" TIMESTAMP(3),
    "last_activity_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "criterion_order" INTEGER[],
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "grading_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "grading_marks" (
    "assignment_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "criterion_revision" INTEGER NOT NULL,
    "met" BOOLEAN,
    "level" TEXT,
    "cannot_judge" BOOLEAN NOT NULL DEFAULT false,
    "comment" TEXT,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "grading_marks_pkey" PRIMARY KEY ("assignment_id","criterion_id")
);

-- CreateIndex
CREATE INDEX "grading_units_campaign_id_holders_sort_key_idx" ON "grading_units"("campaign_id", "holders", "sort_key");

-- CreateIndex
CREATE INDEX "grading_assignments_campaign_id_state_expires_at_idx" ON "grading_assignments"("campaign_id", "state", "expires_at");

-- CreateIndex
CREATE INDEX "grading_assignments_expert_id_state_idx" ON "grading_assignments"("expert_id", "state");

-- CreateIndex
CREATE UNIQUE INDEX "grading_assignments_campaign_id_expert_id_response_id_key" ON "grading_assignments"("campaign_id", "expert_id", "response_id");

-- CreateIndex
CREATE INDEX "grading_marks_criterion_id_idx" ON "grading_marks"("criterion_id");

-- AddForeignKey
ALTER TABLE "clinician_grades" ADD CONSTRAINT "clinician_grades_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_units" ADD CONSTRAINT "grading_units_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_units" ADD CONSTRAINT "grading_units_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_assignments" ADD CONSTRAINT "grading_assignments_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_assignments" ADD CONSTRAINT "grading_assignments_campaign_id_response_id_fkey" FOREIGN KEY ("campaign_id", "response_id") REFERENCES "grading_units"("campaign_id", "response_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_assignments" ADD CONSTRAINT "grading_assignments_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_marks" ADD CONSTRAINT "grading_marks_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "grading_assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grading_marks" ADD CONSTRAINT "grading_marks_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────────── Hand-written (manual_*) ─────────────
-- A grading unit never has more than k holders, like campaign_queries (lib/grading/claim-grading-response.ts).
ALTER TABLE "grading_units" ADD CONSTRAINT "manual_grading_units_holders_within_k"
  CHECK ("holders" >= 0 AND "holders" <= "overlap_k" AND "submitted_count" <= "holders");

-- "Next" of a grading campaign, one statement per claim: manual_claim_next's algorithm (20261121164000) on the
-- grading unit, a response instead of a query, so the same guarantees hold with the same locks:
--  1. an advisory lock per (campaign, clinician), the same key as the audit claim's ("claim:<campaign>:<expert>";
--     a campaign is one kind, so the two never share a key for different work);
--  2. the campaign must exist, be a GRADING campaign, include the clinician and be OPEN (P0002 / P0001);
--  3. a live reservation is resumed; 4. expired reservations are released (holders given back);
--  5. the pick: a unit with fewer than k holders that the clinician neither holds nor submitted, fullest first
--     then the campaign's seeded order, FOR UPDATE SKIP LOCKED, looking again shortly (2-10 ms, up to 3 s) while
--     every eligible row is locked by concurrent claims;
--  6. the assignment (or the clinician's earlier one on that response, taken again) with the query's criteria
--     (all but rejected ones) in a per-clinician order, the holders counter (CHECK keeps it <= k), the audit event.
CREATE FUNCTION "manual_grading_claim_next"(p_campaign int, p_expert text, OUT kind text, OUT assignment_id int, OUT reason text)
LANGUAGE plpgsql AS $$
DECLARE
  v_campaign record;
  v_response int;
  v_query int;
  v_eligible int;
  v_reclaimed boolean;
  v_expires timestamp(3);
  v_give_up timestamptz := clock_timestamp() + interval '3 seconds';
BEGIN
  PERFORM pg_advisory_xact_lock(('x' || left(encode(sha256(convert_to('claim:' || p_campaign || ':' || p_expert, 'UTF8')), 'hex'), 16))::bit(64)::bigint);
  SELECT c.status, c.overlap_k, c.reservation_minutes INTO v_campaign
    FROM audit_campaigns c
   WHERE c.id = p_campaign AND c.kind = 'GRADING'
     AND EXISTS (SELECT 1 FROM campaign_experts e WHERE e.campaign_id = c.id AND e.user_id = p_expert);
  IF NOT FOUND THEN RAISE EXCEPTION 'The campaign was not found.' USING ERRCODE = 'P0002'; END IF;
  IF v_campaign.status <> 'OPEN' THEN RAISE EXCEPTION 'This campaign is closed.' USING ERRCODE = 'P0001'; END IF;

  SELECT a.id INTO assignment_id FROM grading_assignments a
   WHERE a.campaign_id = p_campaign AND a.expert_id = p_expert AND a.state = 'RESERVED' AND a.expires_at > timezone('UTC', now())
   LIMIT 1;
  IF assignment_id IS NOT NULL THEN kind := 'resumed'; RETURN; END IF;

  WITH gone AS (
    UPDATE grading_assignments SET state = 'EXPIRED', updated_at = timezone('UTC', now())
     WHERE campaign_id = p_campaign AND state = 'RESERVED' AND expires_at < timezone('UTC', now())
     RETURNING response_id),
  counted AS (SELECT response_id, count(*)::int AS n FROM gone GROUP BY response_id)
  UPDATE grading_units gu SET holders = gu.holders - counted.n
    FROM counted WHERE gu.campaign_id = p_campaign AND gu.response_id = counted.response_id;

  LOOP
    SELECT gu.response_id, gu.query_id INTO v_response, v_query FROM grading_units gu
     WHERE gu.campaign_id = p_campaign AND gu.holders < gu.overlap_k
       AND NOT EXISTS (SELECT 1 FROM grading_assignments a WHERE a.campaign_id = p_campaign AND a.response_id = gu.response_id
                         AND a.expert_id = p_expert AND a.state IN ('RESERVED', 'SUBMITTED'))
     ORDER BY gu.holders DESC, gu.sort_key DESC LIMIT 1 FOR UPDATE OF gu SKIP LOCKED;
    EXIT WHEN v_response IS NOT NULL;
    SELECT count(*)::int INTO v_eligible FROM grading_units gu
     WHERE gu.campaign_id = p_campaign AND gu.holders < gu.overlap_k
       AND NOT EXISTS (SELECT 1 FROM grading_assignments a WHERE a.campaign_id = p_campaign AND a.response_id = gu.response_id
                         AND a.expert_id = p_expert AND a.state IN ('RESERVED', 'SUBMITTED'));
    EXIT WHEN v_eligible = 0 OR clock_timestamp() > v_give_up;
    PERFORM pg_sleep(0.002 + random() * 0.008);
  END LOOP;
  IF v_response IS NULL THEN
    kind := 'none';
    reason := CASE WHEN EXISTS (
      SELECT 1 FROM grading_units gu
       WHERE gu.campaign_id = p_campaign AND gu.submitted_count < gu.overlap_k
         AND NOT EXISTS (SELECT 1 FROM grading_assignments a WHERE a.campaign_id = p_campaign AND a.response_id = gu.response_id
                           AND a.expert_id = p_expert AND a.state = 'SUBMITTED')) THEN 'waiting' ELSE 'done' END;
    RETURN;
  END IF;

  v_expires := timezone('UTC', now()) + make_interval(mins => v_campaign.reservation_minutes);
  INSERT INTO grading_assignments AS a (campaign_id, expert_id, response_id, expires_at, criterion_order, updated_at)
  VALUES (p_campaign, p_expert, v_response, v_expires,
          (SELECT coalesce(array_agg(c.id ORDER BY encode(sha256(convert_to(p_campaign || ':' || p_expert || ':' || c.id, 'UTF8')), 'hex')), '{}')
             FROM criteria c WHERE c.query_id = v_query AND c.status <> 'REJECTED'),
          timezone('UTC', now()))
  ON CONFLICT (campaign_id, expert_id, response_id) DO UPDATE
    SET state = 'RESERVED', reserved_at = EXCLUDED.reserved_at, expires_at = EXCLUDED.expires_at,
        last_activity_at = EXCLUDED.last_activity_at, updated_at = EXCLUDED.updated_at, row_version = a.row_version + 1
  RETURNING a.id, a.xmax <> 0 INTO assignment_id, v_reclaimed;
  UPDATE grading_units SET holders = holders + 1 WHERE campaign_id = p_campaign AND response_id = v_response;
  INSERT INTO audit_events (actor_id, action, entity_type, entity_id, after)
  VALUES (p_expert, CASE WHEN v_reclaimed THEN 'grading.reclaim' ELSE 'grading.claim' END, 'grading_assignment', assignment_id::text,
          jsonb_build_object('campaignId', p_campaign, 'responseId', v_response, 'expiresAt', to_char(v_expires, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  kind := 'claimed';
END;
$$;
