-- Issue 22: a caller transferred to a queue waits in their call's conference
-- (on hold), not in a provider queue: their queue entry names the live call
-- that holds them, and the department the call was sent to.
ALTER TABLE "queue_entries" ADD COLUMN "live_call_id" BIGINT;
ALTER TABLE "queue_entries" ADD COLUMN "department_id" INTEGER;
CREATE INDEX "queue_entries_live_call_id_idx" ON "queue_entries"("live_call_id");
-- The calls a caller's leg is on (a transferred caller's next part is found by their leg).
CREATE INDEX "live_calls_customer_leg_sid_idx" ON "live_calls"("customer_leg_sid");
CREATE INDEX "live_calls_conference_name_idx" ON "live_calls"("conference_name");
CREATE INDEX "live_calls_parent_call_sid_idx" ON "live_calls"("parent_call_sid");
-- One open transfer per call: the claim two servers (or a double click) race for.
CREATE UNIQUE INDEX "call_participants_one_open_transfer" ON "call_participants"("live_call_id") WHERE "role" IN ('transfer', 'consult') AND "left_at" IS NULL AND "state" <> 'failed';
