import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webhookFor } from "./event-webhooks";
import { queueWebhookDeliveriesSql } from "./event-webhooks-sql";

const MIGRATIONS = path.join(process.cwd(), "prisma", "migrations");

/** The newest migration's definition of the trigger function that writes webhook rows. */
function installedDefinition(): { migration: string; sql: string } {
  const defining = readdirSync(MIGRATIONS)
    .filter((name) => /^\d{14}_/.test(name))
    .sort()
    .map((name) => ({ migration: name, text: readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8") }))
    .filter(({ text }) => text.includes('FUNCTION "queue_webhook_deliveries"'));
  const { migration, text } = defining.at(-1)!;
  const start = text.lastIndexOf('CREATE OR REPLACE FUNCTION "queue_webhook_deliveries"');
  const end = text.indexOf("$$ LANGUAGE plpgsql;", start) + "$$ LANGUAGE plpgsql;".length;
  return { migration, sql: text.slice(start, end) };
}

describe("the events that send webhooks", () => {
  it("are what the database's trigger does: its newest migration holds the function rendered from the table", () => {
    const { migration, sql } = installedDefinition();
    expect(migration).toMatch(/_webhook_rules_from_typescript$/);
    expect(sql).toBe(queueWebhookDeliveriesSql());
  });

  it("map an event to the first rule it matches", () => {
    expect(webhookFor("call.ended", { status: "completed", direction: "inbound" })?.webhook).toBe("call.completed");
    expect(webhookFor("call.ended", { status: "no-answer", direction: "inbound" })?.webhook).toBe("call.missed");
    expect(webhookFor("call.ended", { status: "busy", direction: "outbound" })).toBeNull();
    expect(webhookFor("contact.merged", {})?.webhook).toBe("contact.merged");
    expect(webhookFor("campaign.progress", { status: "running" })).toBeNull();
    expect(webhookFor("campaign.progress", { status: "completed", campaign_id: 4 })).toMatchObject({ webhook: "campaign.completed", oncePer: "campaign_id" });
    expect(webhookFor("queue.entry.added", {})).toBeNull();
  });
});
