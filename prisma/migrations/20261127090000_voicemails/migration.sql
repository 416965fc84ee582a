-- Issue 23: messages callers leave (outside hours, from the menu, or with
-- nobody on duty), in the queue view of the department they were for,
-- claimed by one agent and marked done.
CREATE TABLE "voicemails" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "call_sid" VARCHAR(64) NOT NULL,
    "from_number" VARCHAR(32) NOT NULL,
    "to_number" VARCHAR(32) NOT NULL,
    "contact_id" BIGINT,
    "reason" VARCHAR(16) NOT NULL,
    "recording_url" TEXT,
    "duration_seconds" INTEGER NOT NULL DEFAULT 0,
    "transcription" TEXT,
    "status" VARCHAR(16) NOT NULL DEFAULT 'new',
    "claimed_by_user_id" INTEGER,
    "claimed_at" TIMESTAMPTZ(3),
    "done_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "voicemails_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "voicemails_call_sid_key" ON "voicemails"("call_sid");
CREATE INDEX "voicemails_organization_id_status_created_at_idx" ON "voicemails"("organization_id", "status", "created_at");
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_claimed_by_user_id_fkey" FOREIGN KEY ("claimed_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
