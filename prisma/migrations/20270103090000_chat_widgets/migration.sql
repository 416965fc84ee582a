-- Issue 48, point 2: a chat widget for the organization's websites. A widget
-- names the sites allowed to embed it and the department its conversations
-- belong to; each visitor gets a conversation of the channel `web` and a
-- token (kept hashed) that reads and writes only that conversation.
CREATE TABLE "chat_widgets" (
  "id" SERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "department_id" INTEGER REFERENCES "departments"("id") ON DELETE SET NULL,
  "name" VARCHAR(100) NOT NULL,
  -- What the script tag names (data-inbox): public, unguessable, not the id.
  "public_key" VARCHAR(32) NOT NULL UNIQUE,
  "allowed_origins" TEXT[] NOT NULL DEFAULT '{}',
  "greeting" VARCHAR(300),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "chat_widgets_organization_id_idx" ON "chat_widgets"("organization_id");

CREATE TABLE "chat_visitors" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "widget_id" INTEGER NOT NULL REFERENCES "chat_widgets"("id") ON DELETE CASCADE,
  "conversation_id" BIGINT REFERENCES "conversations"("id") ON DELETE SET NULL,
  "token_hash" CHAR(64) NOT NULL UNIQUE,
  "origin" VARCHAR(200) NOT NULL,
  "email" VARCHAR(254),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "chat_visitors_widget_id_idx" ON "chat_visitors"("widget_id");
CREATE INDEX "chat_visitors_conversation_id_idx" ON "chat_visitors"("conversation_id");
