-- The expiry index of audit and grading assignments holds only live reservations. Every statement that read it asks
-- for state = 'RESERVED' (the claim's expiry sweep and live-reservation check, closing a campaign, the live counts).
-- As a full index on (campaign_id, state, expires_at) it took a new entry on every claim and again on every
-- submission, which changes the state; a submitted row now leaves it instead. In the grading claim harness
-- (five alternating runs each) PostgreSQL's CPU per claim and submission went from 2.01 to 1.85 ms.

-- DropIndex
DROP INDEX "assignments_campaign_id_state_expires_at_idx";

-- DropIndex
DROP INDEX "grading_assignments_campaign_id_state_expires_at_idx";

-- CreateIndex
CREATE INDEX "assignments_reserved_expiry_idx" ON "assignments"("campaign_id", "expires_at") WHERE ("state" = 'RESERVED');

-- CreateIndex
CREATE INDEX "grading_assignments_reserved_expiry_idx" ON "grading_assignments"("campaign_id", "expires_at") WHERE ("state" = 'RESERVED');
