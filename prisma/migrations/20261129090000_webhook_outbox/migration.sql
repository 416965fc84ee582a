-- Issue 24: deliveries are sent first and recorded once. The trigger no longer
-- writes a delivery row per endpoint for every event (a row written, claimed
-- and settled: three writes and a dozen index entries per delivery, 30,000
-- row versions a second at 1,000 events a second to 10 endpoints). It writes
-- one outbox row per event that some endpoint wants; a sender claims a batch
-- of them, fans each out to its endpoints in memory, sends, and records every
-- delivery with its outcome in one INSERT. Delivery rows still hold every
-- retry, backlog, replay and once-only happening (a campaign completing).

CREATE TABLE "webhook_outbox" (
    -- The event's id: its deliveries' message id and dedupe key derive from it.
    "id" BIGINT NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "event_type" VARCHAR(50) NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- Claimed by a sender until then (renewed while its sends are out); NULL: not claimed yet.
    "locked_until" TIMESTAMPTZ(3),
    -- How often it was claimed: past the first, deliveries already recorded are not sent again.
    "claims" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "webhook_outbox_pkey" PRIMARY KEY ("id")
);
-- Fresh rows (IS NULL) and lapsed claims (< now()) are both ranges of this one index.
CREATE INDEX "webhook_outbox_locked_until_idx" ON "webhook_outbox"("locked_until");

CREATE OR REPLACE FUNCTION "queue_webhook_deliveries"() RETURNS trigger AS $$
DECLARE
  hook TEXT;
  body JSONB;
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
  body := jsonb_build_object('type', hook, 'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', NEW.data);
  IF hook IN ('campaign.completed', 'import.completed') THEN
    -- Once per campaign or import however often its completion is told: the
    -- dedupe key decides before anything is sent, so these stay delivery rows.
    INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload)
    SELECT e.id, NEW.organization_id, hook, 'msg_' || NEW.id, hook || ':' || (NEW.data->>CASE hook WHEN 'campaign.completed' THEN 'campaign_id' ELSE 'import_id' END), body
    FROM webhook_endpoints e
    WHERE e.organization_id = NEW.organization_id AND e.enabled AND hook = ANY(e.events)
    ON CONFLICT (endpoint_id, dedupe_key) DO NOTHING;
    IF FOUND THEN PERFORM pg_notify('webhook_deliveries', 'rows'); END IF;
  ELSE
    INSERT INTO webhook_outbox (id, organization_id, event_type, payload, created_at)
    SELECT NEW.id, NEW.organization_id, hook, body, NEW.created_at
    WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.organization_id = NEW.organization_id AND e.enabled AND hook = ANY(e.events));
    IF FOUND THEN PERFORM pg_notify('webhook_deliveries', 'outbox'); END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
