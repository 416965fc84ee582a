-- Issue 47, point 3: recordings kept only as long as the organization's
-- policy says (calls settings: recording_retention_days), unless a legal hold
-- on the call or on its contact keeps them. A recording deleted by the policy
-- leaves its call log with the time it went.
ALTER TABLE "call_logs" ADD COLUMN "legal_hold_at" TIMESTAMPTZ(3);
ALTER TABLE "call_logs" ADD COLUMN "recording_deleted_at" TIMESTAMPTZ(3);
ALTER TABLE "contacts" ADD COLUMN "legal_hold_at" TIMESTAMPTZ(3);
ALTER TABLE "voicemails" ADD COLUMN "recording_deleted_at" TIMESTAMPTZ(3);
-- The daily run looks for recorded calls older than the cut-off.
CREATE INDEX "call_logs_recorded_created_at_idx" ON "call_logs"("organization_id", "created_at") WHERE "recording_url" IS NOT NULL;
