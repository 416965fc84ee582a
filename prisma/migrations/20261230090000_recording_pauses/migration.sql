-- Issue 47, point 2: a call's recording paused (a card number read out) and
-- resumed, by its agent or through the API. The live call says whether its
-- recording runs now; each pause is kept with its times, for the call's
-- details (a pause still open when the call ended lasted to its end).
ALTER TABLE "live_calls" ADD COLUMN "recording_state" VARCHAR(10) CHECK ("recording_state" IN ('recording', 'paused'));

CREATE TABLE "recording_pauses" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "call_sid" VARCHAR(64) NOT NULL,
  "paused_at" TIMESTAMPTZ(3) NOT NULL,
  "resumed_at" TIMESTAMPTZ(3),
  "paused_by_user_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "resumed_by_user_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL
);
CREATE INDEX "recording_pauses_organization_id_call_sid_idx" ON "recording_pauses"("organization_id", "call_sid");
