-- Every claim first looks for the expert's own live reservation in the campaign (campaign_id, expert_id, RESERVED,
-- not expired). No index held both keys: PL/pgSQL cached whichever wider plan the statistics of the moment favoured
-- (every assignment of the expert in the campaign by the unique index, the campaign's live reservations, or the
-- expert's reservations in every campaign with the dead entries submissions leave), 30 to 125 buffers a claim and
-- different from run to run. The index of live reservations now carries the expert between campaign and expiry: the
-- check reads the expert's own entries (about 11 buffers in the claim harness), and the expiry sweep, close's release
-- and the live counts still find a campaign's live reservations by its first key.

-- DropIndex
DROP INDEX "assignments_reserved_expiry_idx";

-- DropIndex
DROP INDEX "grading_assignments_reserved_expiry_idx";

-- CreateIndex
CREATE INDEX "assignments_reserved_idx" ON "assignments"("campaign_id", "expert_id", "expires_at") WHERE ("state" = 'RESERVED');

-- CreateIndex
CREATE INDEX "grading_assignments_reserved_idx" ON "grading_assignments"("campaign_id", "expert_id", "expires_at") WHERE ("state" = 'RESERVED');
