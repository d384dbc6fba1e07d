-- ───────────── Hand-written (manual_*) ─────────────
-- The claim functions plan their statements once per session (issue 21). Without a setting, PL/pgSQL's plan cache
-- tried custom plans and kept choosing them for the pick (the generic plan's estimate, made without the campaign
-- and expert, looked dearer): every claim planned its pick again, about 11% of the claims' PostgreSQL CPU in a profile of
-- the bench's 20 concurrent claimers. The generic plan reads the same open-units index and, measured, half the
-- buffers (51 a pick against 107). Every statement of these functions is keyed by the campaign and the expert, so no
-- custom plan can do better by knowing their values. In the claim harness with a second, closed campaign of 74,022
-- submissions by the same experts (a whole `npm run bench` run's state), this and the claim's call sent as a named
-- statement (lib/audit/claim-next.ts: parsed and planned once per connection) took the claims' own backends from
-- 1.41 to 0.76 ms of CPU per claim, and PostgreSQL's CPU per claim and untimed submission from 2.71 to 1.75 ms (one
-- run each; docs/performance.md has the bench's figures).
--
-- CREATE OR REPLACE FUNCTION drops a function's settings: a test (lib/audit/claim-plan-settings.test.ts) checks them.
ALTER FUNCTION "manual_claim_next"(int, text) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION "manual_grading_claim_next"(int, text) SET plan_cache_mode = force_generic_plan;
