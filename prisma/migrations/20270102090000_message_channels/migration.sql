-- Issue 48: conversations of more than one channel in the same inbox. A
-- conversation is one person on one channel: the same number texting by SMS
-- and on WhatsApp is two conversations (each channel has its own consent, its
-- own rules: WhatsApp's 24-hour window), linked to the same contact.
ALTER TABLE "conversations" ADD COLUMN "channel" VARCHAR(10) NOT NULL DEFAULT 'sms' CHECK ("channel" IN ('sms', 'whatsapp', 'web'));
-- The newest message the person sent: WhatsApp allows free-form replies for 24 hours after it.
ALTER TABLE "conversations" ADD COLUMN "last_inbound_at" TIMESTAMPTZ(3);
UPDATE "conversations" c SET "last_inbound_at" = (SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id" AND m."direction" = 'inbound');
DROP INDEX "conversations_organization_id_phone_key";
CREATE UNIQUE INDEX "conversations_organization_id_channel_phone_key" ON "conversations"("organization_id", "channel", "phone");

-- A WhatsApp template sent outside the window: the provider's content template and its variables.
ALTER TABLE "messages" ADD COLUMN "content_sid" VARCHAR(34);
ALTER TABLE "messages" ADD COLUMN "content_variables" JSONB;

-- Consent is per channel: STOP on WhatsApp does not stop texts, and the reverse.
ALTER TABLE "sms_opt_outs" ADD COLUMN "channel" VARCHAR(10) NOT NULL DEFAULT 'sms' CHECK ("channel" IN ('sms', 'whatsapp', 'web'));
ALTER TABLE "sms_opt_outs" DROP CONSTRAINT "sms_opt_outs_pkey";
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_pkey" PRIMARY KEY ("organization_id", "channel", "phone");

-- A picture, document or voice note someone sent (WhatsApp, MMS): fetched from
-- the provider with the account's credentials and kept here, so the inbox never
-- hands a browser the provider's address and the file outlives it there.
CREATE TABLE "message_media" (
  "id" BIGSERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "message_id" BIGINT NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
  "position" INTEGER NOT NULL,
  "content_type" VARCHAR(100),
  "size" INTEGER,
  "bytes" BYTEA,
  -- pending (to fetch), stored, failed (the provider would not give it, or it was too large)
  "status" VARCHAR(10) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'stored', 'failed')),
  "error" VARCHAR(200),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE ("message_id", "position")
);
CREATE INDEX "message_media_organization_id_idx" ON "message_media"("organization_id");
