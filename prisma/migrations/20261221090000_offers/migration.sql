-- Issue 44, point 3: a waiting call offered to one agent at a time. The two
-- promises of point 8 are the database's, whichever server makes the offer:
-- never two open offers for one call, never one agent offered two calls.
CREATE TABLE "offers" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "queue_id" INTEGER NOT NULL REFERENCES "queues"("id") ON DELETE CASCADE,
  "queue_entry_id" BIGINT NOT NULL REFERENCES "queue_entries"("id") ON DELETE CASCADE,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "status" VARCHAR(12) NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'accepted', 'declined', 'missed', 'withdrawn')),
  -- Why an offer was withdrawn: caller_left, taken (by someone else), agent_unavailable.
  "reason" VARCHAR(20),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "answered_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "offers_one_open_per_call" ON "offers" ("queue_entry_id") WHERE "status" = 'open';
CREATE UNIQUE INDEX "offers_one_open_per_agent" ON "offers" ("user_id") WHERE "status" = 'open';
-- The sweeper's question, every second on every server: which open offers are due.
CREATE INDEX "offers_open_expiry_idx" ON "offers" ("expires_at") WHERE "status" = 'open';
CREATE INDEX "offers_organization_created_idx" ON "offers" ("organization_id", "created_at");
CREATE INDEX "offers_user_created_idx" ON "offers" ("user_id", "created_at");

-- "The caller's last agent first": the newest call with an agent of a number.
CREATE INDEX "call_logs_caller_agent_idx" ON "call_logs" ("organization_id", "phone_number", "created_at") WHERE "user_id" IS NOT NULL;

-- `missed`: the not-ready state an agent is put in when an offer went unanswered.
ALTER TABLE "agent_statuses" DROP CONSTRAINT "agent_statuses_status_check";
ALTER TABLE "agent_statuses" ADD CONSTRAINT "agent_statuses_status_check" CHECK ("status" IN ('available', 'busy', 'wrap_up', 'offline', 'missed'));

-- "Has this agent declined this call?", asked of every agent considered.
CREATE INDEX "offers_declined_idx" ON "offers" ("queue_entry_id", "user_id") WHERE "status" = 'declined';
-- The engine walks available agents in idle order to the first who qualifies.
CREATE INDEX "agent_statuses_available_idx" ON "agent_statuses" ("organization_id", "changed_at", "user_id") WHERE "status" = 'available';
-- Every pass settles the organization's open offers, and the tick asks which
-- open offers no longer hold: both read the open ones only, however many
-- offers the history holds.
CREATE INDEX "offers_open_by_organization_idx" ON "offers" ("organization_id") WHERE "status" = 'open';
