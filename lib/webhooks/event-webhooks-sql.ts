import { EVENT_WEBHOOKS } from "./event-webhooks";

// The trigger function that writes webhook rows as events are inserted,
// rendered from EVENT_WEBHOOKS (event-webhooks.ts): a migration holds this
// text, and event-webhooks.test.ts holds the two to each other.

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function condition(event: string, when: Record<string, string> = {}): string {
  return [`NEW.type = ${literal(event)}`, ...Object.entries(when).map(([field, value]) => `NEW.data->>${literal(field)} = ${literal(value)}`)].join(" AND ");
}

export function queueWebhookDeliveriesSql(): string {
  const hooks = EVENT_WEBHOOKS.map((rule) => `    WHEN ${condition(rule.event, rule.when)} THEN ${literal(rule.webhook)}`).join("\n");
  const once = EVENT_WEBHOOKS.filter((rule) => rule.oncePer);
  const onceFields = once.map((rule) => `WHEN ${literal(rule.webhook)} THEN ${literal(rule.oncePer!)}`).join(" ");
  return `CREATE OR REPLACE FUNCTION "queue_webhook_deliveries"() RETURNS trigger AS $$
DECLARE
  hook TEXT;
  body JSONB;
BEGIN
  IF NEW.organization_id IS NULL THEN RETURN NULL; END IF;
  hook := CASE
${hooks}
    ELSE NULL END;
  IF hook IS NULL THEN RETURN NULL; END IF;
  body := jsonb_build_object('type', hook, 'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', NEW.data);
  IF hook IN (${once.map((rule) => literal(rule.webhook)).join(", ")}) THEN
    -- Once per record however often its completion is told: the dedupe key
    -- decides before anything is sent, so these stay delivery rows.
    INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload)
    SELECT e.id, NEW.organization_id, hook, 'msg_' || NEW.id, hook || ':' || (NEW.data->>CASE hook ${onceFields} END), body
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
$$ LANGUAGE plpgsql;`;
}
