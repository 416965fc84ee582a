-- Issue 24: signed outgoing webhooks. Admins register endpoints; every event
-- of a type an endpoint asked for becomes a delivery row in the same
-- transaction as the change that caused it (a trigger on the events table, so
-- no path that records an event can miss it), and the senders in every server
-- process work the rows off with retries for 24 hours.
CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "description" VARCHAR(200),
    "events" TEXT[] NOT NULL,
    -- The signing secret, sealed with ENCRYPTION_KEY (lib/crypto/secret-box.ts).
    "secret_sealed" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "failing_since" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" VARCHAR(300),
    "created_by_user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoints_organization_id_idx" ON "webhook_endpoints"("organization_id");
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "event_type" VARCHAR(50) NOT NULL,
    -- The webhook-id header: the same on every attempt and on a replay (receivers deduplicate by it).
    "message_id" VARCHAR(64) NOT NULL,
    -- One delivery per endpoint per happening (a campaign completes once, however often its progress is told).
    "dedupe_key" VARCHAR(100) NOT NULL,
    "payload" JSONB NOT NULL,
    -- pending, sending, delivered, failed
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" VARCHAR(300),
    "last_latency_ms" INTEGER,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_dedupe_key_key" ON "webhook_deliveries"("endpoint_id", "dedupe_key");
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries"("endpoint_id", "next_attempt_at") WHERE "status" IN ('pending', 'sending');
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The events the service records (lib/events/event-types.ts) as the webhook
-- events endpoints subscribe to. Thin on purpose: ids and outcomes; a
-- receiver reads the full record through the API with an integration key.
CREATE FUNCTION "queue_webhook_deliveries"() RETURNS trigger AS $$
DECLARE
  hook TEXT;
  dedupe TEXT;
BEGIN
  IF NEW.organization_id IS NULL THEN RETURN NULL; END IF;
  hook := CASE
    WHEN NEW.type = 'call.ended' AND NEW.data->>'status' = 'completed' THEN 'call.completed'
    WHEN NEW.type = 'call.ended' AND NEW.data->>'direction' = 'inbound' THEN 'call.missed'
    WHEN NEW.type IN ('message.received', 'message.status', 'contact.created', 'contact.updated', 'contact.merged') THEN NEW.type
    WHEN NEW.type = 'campaign.progress' AND NEW.data->>'status' = 'completed' THEN 'campaign.completed'
    WHEN NEW.type = 'import.progress' AND NEW.data->>'status' = 'completed' THEN 'import.completed'
    ELSE NULL END;
  IF hook IS NULL THEN RETURN NULL; END IF;
  dedupe := CASE hook
    WHEN 'campaign.completed' THEN hook || ':' || (NEW.data->>'campaign_id')
    WHEN 'import.completed' THEN hook || ':' || (NEW.data->>'import_id')
    ELSE 'event:' || NEW.id END;
  INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload)
  SELECT e.id, NEW.organization_id, hook, 'msg_' || NEW.id, dedupe,
         jsonb_build_object('type', hook, 'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', NEW.data)
  FROM webhook_endpoints e
  WHERE e.organization_id = NEW.organization_id AND e.enabled AND hook = ANY(e.events)
  ON CONFLICT (endpoint_id, dedupe_key) DO NOTHING;
  IF FOUND THEN PERFORM pg_notify('webhook_deliveries', NEW.organization_id::text); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER "events_queue_webhook_deliveries" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"();
