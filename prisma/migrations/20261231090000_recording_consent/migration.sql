-- Issue 47, point 1: what a caller (or a called person) was told before the
-- call was recorded, and what they chose: announced (they heard it and stayed
-- on) or declined (they pressed the opt-out key: the call goes on unrecorded).
-- One row per call, the first decision kept; the call log shows it.
CREATE TABLE "recording_consents" (
  "call_sid" VARCHAR(64) PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "outcome" VARCHAR(10) NOT NULL CHECK ("outcome" IN ('announced', 'declined')),
  "method" VARCHAR(8) NOT NULL CHECK ("method" IN ('text', 'audio')),
  "digit" VARCHAR(1),
  "decided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "recording_consents_organization_id_idx" ON "recording_consents"("organization_id");
