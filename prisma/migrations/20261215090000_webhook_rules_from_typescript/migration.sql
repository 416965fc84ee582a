-- The trigger function rendered from lib/webhooks/event-webhooks.ts (EVENT_WEBHOOKS):
-- the same rules as before, now read from the TypeScript table (issue 43).
CREATE OR REPLACE FUNCTION "queue_webhook_deliveries"() RETURNS trigger AS $$
DECLARE
  hook TEXT;
  body JSONB;
BEGIN
  IF NEW.organization_id IS NULL THEN RETURN NULL; END IF;
  hook := CASE
    WHEN NEW.type = 'call.ended' AND NEW.data->>'status' = 'completed' THEN 'call.completed'
    WHEN NEW.type = 'call.ended' AND NEW.data->>'direction' = 'inbound' THEN 'call.missed'
    WHEN NEW.type = 'message.received' THEN 'message.received'
    WHEN NEW.type = 'message.status' THEN 'message.status'
    WHEN NEW.type = 'contact.created' THEN 'contact.created'
    WHEN NEW.type = 'contact.updated' THEN 'contact.updated'
    WHEN NEW.type = 'contact.merged' THEN 'contact.merged'
    WHEN NEW.type = 'campaign.progress' AND NEW.data->>'status' = 'completed' THEN 'campaign.completed'
    WHEN NEW.type = 'import.progress' AND NEW.data->>'status' = 'completed' THEN 'import.completed'
    ELSE NULL END;
  IF hook IS NULL THEN RETURN NULL; END IF;
  body := jsonb_build_object('type', hook, 'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', NEW.data);
  IF hook IN ('campaign.completed', 'import.completed') THEN
    -- Once per record however often its completion is told: the dedupe key
    -- decides before anything is sent, so these stay delivery rows.
    INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload)
    SELECT e.id, NEW.organization_id, hook, 'msg_' || NEW.id, hook || ':' || (NEW.data->>CASE hook WHEN 'campaign.completed' THEN 'campaign_id' WHEN 'import.completed' THEN 'import_id' END), body
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
