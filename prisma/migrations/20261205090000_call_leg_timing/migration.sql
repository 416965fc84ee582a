-- Issue 40: calls as the real provider times them.
-- A callback about a leg whose dial the provider has not answered yet (the
-- leg's CallSid is not ours yet) is kept until the answer names it, then
-- applied; rows older than a few minutes are leftovers and are dropped.
CREATE TABLE "early_leg_callbacks" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "leg_sid" VARCHAR(64) NOT NULL,
    "source" VARCHAR(16) NOT NULL,
    "data" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "early_leg_callbacks_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "early_leg_callbacks_organization_id_leg_sid_idx" ON "early_leg_callbacks"("organization_id", "leg_sid");
ALTER TABLE "early_leg_callbacks" ADD CONSTRAINT "early_leg_callbacks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Which legs the conference has reported: the agent's leg in it (coaching
-- needs it there: the provider refuses 16028 otherwise), the caller's leg gone
-- (it is not hung up again: the provider refuses 21220).
ALTER TABLE "live_calls" ADD COLUMN "agent_joined_at" TIMESTAMPTZ(3);
ALTER TABLE "live_calls" ADD COLUMN "customer_left_at" TIMESTAMPTZ(3);
