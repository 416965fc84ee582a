-- Issue 22: a call while it lasts. A live call is the one record hold,
-- transfer, three-way calls and monitoring act on (decision 015); when it
-- ends, endCall writes its call log and marks it ended. Its participants are
-- the legs beyond the agent and the customer (a transfer target, a third
-- party, a supervisor), and its events are the story the call log keeps.
CREATE TABLE "live_calls" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "call_sid" VARCHAR(64) NOT NULL,
    "parent_call_sid" VARCHAR(64),
    "direction" VARCHAR(20) NOT NULL,
    "user_id" INTEGER,
    "department_id" INTEGER,
    "contact_id" BIGINT,
    "number" VARCHAR(32) NOT NULL,
    "state" VARCHAR(16) NOT NULL DEFAULT 'ringing',
    "customer_leg_sid" VARCHAR(64),
    "agent_leg_sid" VARCHAR(64),
    "conference_name" VARCHAR(64),
    "conference_sid" VARCHAR(64),
    "status_before" VARCHAR(20),
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMPTZ(3),
    "held_since" TIMESTAMPTZ(3),
    "hold_seconds" INTEGER NOT NULL DEFAULT 0,
    "ended_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_calls_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "live_calls_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "live_calls_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "live_calls_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "live_calls_call_sid_key" ON "live_calls"("call_sid");
CREATE INDEX "live_calls_user_id_ended_at_idx" ON "live_calls"("user_id", "ended_at");
CREATE INDEX "live_calls_organization_id_ended_at_idx" ON "live_calls"("organization_id", "ended_at");

CREATE TABLE "call_participants" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "live_call_id" BIGINT NOT NULL,
    "leg_sid" VARCHAR(64),
    "kind" VARCHAR(16) NOT NULL,
    "role" VARCHAR(16) NOT NULL,
    "user_id" INTEGER,
    "number" VARCHAR(32),
    "monitor_mode" VARCHAR(8),
    "state" VARCHAR(16) NOT NULL DEFAULT 'dialing',
    "added_by_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "joined_at" TIMESTAMPTZ(3),
    "left_at" TIMESTAMPTZ(3),

    CONSTRAINT "call_participants_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "call_participants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "call_participants_live_call_id_fkey" FOREIGN KEY ("live_call_id") REFERENCES "live_calls"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "call_participants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "call_participants_leg_sid_key" ON "call_participants"("leg_sid");
CREATE INDEX "call_participants_live_call_id_idx" ON "call_participants"("live_call_id");

CREATE TABLE "call_events" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "call_sid" VARCHAR(64) NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "actor_user_id" INTEGER,
    "data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "call_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "call_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "call_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "call_events_organization_id_call_sid_created_at_idx" ON "call_events"("organization_id", "call_sid", "created_at");
CREATE INDEX "call_events_organization_id_type_created_at_idx" ON "call_events"("organization_id", "type", "created_at");

-- Hold time and the leg a call came from, kept on its log.
ALTER TABLE "call_logs" ADD COLUMN "hold_seconds" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "call_logs" ADD COLUMN "parent_call_sid" VARCHAR(64);
CREATE INDEX "call_logs_parent_call_sid_idx" ON "call_logs"("parent_call_sid");
