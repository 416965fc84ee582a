-- Issue 23, the rest of routing.
-- Agents serve more queues than their department's: a member of a department's
-- queue takes its calls and voicemails too (Settings → Routing names them).
CREATE TABLE "queue_members" (
    "department_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "queue_members_pkey" PRIMARY KEY ("department_id", "user_id")
);
CREATE INDEX "queue_members_user_id_idx" ON "queue_members"("user_id");
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A caller who asked to be called back left the line but keeps their place
-- (callback_requested_at); the agent's call back is callback_call_sid.
ALTER TABLE "queue_entries" ADD COLUMN "callback_requested_at" TIMESTAMPTZ(3);
ALTER TABLE "queue_entries" ADD COLUMN "callback_call_sid" VARCHAR(64);
CREATE UNIQUE INDEX "queue_entries_callback_call_sid_key" ON "queue_entries"("callback_call_sid");
-- An abandoned caller (or a callback nobody reached) is followed up once: called back or dismissed.
ALTER TABLE "queue_entries" ADD COLUMN "followed_up_at" TIMESTAMPTZ(3);
ALTER TABLE "queue_entries" ADD COLUMN "followed_up_by_user_id" INTEGER;
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_followed_up_by_user_id_fkey" FOREIGN KEY ("followed_up_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "queue_entries_follow_up_idx" ON "queue_entries"("organization_id", "dequeued_at") WHERE "status" = 'abandoned' AND "followed_up_at" IS NULL;
