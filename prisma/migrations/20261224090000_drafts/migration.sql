-- Issue 45, point 1: nothing typed is lost. What an agent types into a call's
-- notes or a conversation's reply is kept here as they type (debounced), so it
-- comes back after a reload, in a second tab and after a server restart; it
-- goes when the notes are saved or the reply is sent. One per user, kind and
-- thing (a call's CallSid, a conversation's id).
CREATE TABLE "drafts" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" VARCHAR(16) NOT NULL CHECK ("kind" IN ('call_notes', 'reply')),
  "ref" VARCHAR(64) NOT NULL,
  "body" TEXT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "drafts_user_kind_ref_key" ON "drafts" ("user_id", "kind", "ref");
CREATE INDEX "drafts_updated_at_idx" ON "drafts" ("updated_at");
