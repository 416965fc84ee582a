-- Issue 44, point 7: a call back to a contact at a time. When it is due it
-- becomes a callback queue entry (as a caller who asked to be called back is,
-- issue 23), offered to its owner first, then to its queue's agents; the
-- entry's fate (reached, or not and so in the follow-ups) is the callback's.
CREATE TABLE "scheduled_callbacks" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "contact_id" BIGINT NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
  "owner_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "queue_id" INTEGER NOT NULL REFERENCES "queues"("id") ON DELETE CASCADE,
  "due_at" TIMESTAMPTZ(3) NOT NULL,
  "status" VARCHAR(12) NOT NULL DEFAULT 'scheduled' CHECK ("status" IN ('scheduled', 'due', 'cancelled')),
  "note" VARCHAR(500),
  "queue_entry_id" BIGINT REFERENCES "queue_entries"("id") ON DELETE SET NULL,
  "created_by_user_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "scheduled_callbacks_due_idx" ON "scheduled_callbacks" ("due_at") WHERE "status" = 'scheduled';
CREATE INDEX "scheduled_callbacks_organization_idx" ON "scheduled_callbacks" ("organization_id", "due_at");

-- Whom a callback entry is offered to first (its scheduled callback's owner).
ALTER TABLE "queue_entries" ADD COLUMN "owner_user_id" INTEGER REFERENCES "users"("id") ON DELETE SET NULL;
