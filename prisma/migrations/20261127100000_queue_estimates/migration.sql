-- Issue 23: the hold loop announces a caller's position and expected wait at
-- the plan's interval (announced_at), and keeps the estimate the caller heard
-- first (expected_wait_seconds) so the estimate's error can be measured
-- against the wait they had. The queue's pace is read from its recent answers.
ALTER TABLE "queue_entries" ADD COLUMN "announced_at" TIMESTAMPTZ(3);
ALTER TABLE "queue_entries" ADD COLUMN "expected_wait_seconds" INTEGER;
CREATE INDEX "queue_entries_organization_id_accepted_at_idx" ON "queue_entries"("organization_id", "accepted_at");
