-- Issue 40, point 15: one recording per call, from answer to end. It is started
-- on the customer's leg with the provider's Recordings resource (it survives the
-- leg's moves into the call's conference) and reported by its status callback.
-- The call log keeps what that report says; the live call keeps the recording's
-- sid from the moment it starts, and the report when it comes before the call's
-- end (endCall carries both into the log).
ALTER TABLE "call_logs" ADD COLUMN "recording_sid" VARCHAR(64);
ALTER TABLE "call_logs" ADD COLUMN "recording_duration" INTEGER;

ALTER TABLE "live_calls" ADD COLUMN "recording_sid" VARCHAR(64);
ALTER TABLE "live_calls" ADD COLUMN "recording_url" TEXT;
ALTER TABLE "live_calls" ADD COLUMN "recording_duration" INTEGER;
