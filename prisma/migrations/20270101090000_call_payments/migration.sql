-- Issue 47, point 2: a card payment taken on a call through the provider's
-- payments API (the caller keys the card on their phone; the agent never hears
-- it). While it runs the call's recording is paused, and it resumes when the
-- payment ends: recording_pauses says why each pause was made.
CREATE TABLE "call_payments" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "call_sid" VARCHAR(64) NOT NULL,
  -- The provider's id of the payment session (PK…), once it has one.
  "payment_sid" VARCHAR(64),
  "started_by_user_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "amount" NUMERIC(12, 2) NOT NULL CHECK ("amount" > 0),
  "currency" VARCHAR(3) NOT NULL,
  "description" VARCHAR(255),
  -- capturing (the caller keys a field), processing (sent to the processor), succeeded, failed, canceled
  "status" VARCHAR(12) NOT NULL DEFAULT 'capturing' CHECK ("status" IN ('capturing', 'processing', 'succeeded', 'failed', 'canceled')),
  -- The field the caller is asked for now, and those the provider still requires (as it last said).
  "capturing" VARCHAR(24),
  "required" VARCHAR(120),
  -- What the provider shows of the card: masked, never the number.
  "card_number" VARCHAR(24),
  "card_type" VARCHAR(24),
  "confirmation_code" VARCHAR(128),
  "error" VARCHAR(64),
  -- The payment paused the recording (it was running): its end resumes it.
  "paused_recording" BOOLEAN NOT NULL DEFAULT false,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "ended_at" TIMESTAMPTZ(3)
);
CREATE INDEX "call_payments_organization_id_call_sid_idx" ON "call_payments"("organization_id", "call_sid");
-- One payment at a time on a call.
CREATE UNIQUE INDEX "call_payments_one_open_per_call" ON "call_payments"("organization_id", "call_sid") WHERE "ended_at" IS NULL;

ALTER TABLE "recording_pauses" ADD COLUMN "reason" VARCHAR(8) NOT NULL DEFAULT 'agent' CHECK ("reason" IN ('agent', 'payment'));
