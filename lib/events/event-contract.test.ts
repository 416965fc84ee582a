import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_CONTRACT, EVENT_TYPE_NAMES, streamedEventSchema } from "./event-contract";
import { eventRows, insertEvents } from "./events-sql";
import { EVENT_PERMISSIONS } from "@/lib/auth/event-permissions";

// Every event is written through the contract: TypeScript through
// publishEvent, SQL through events-sql.ts, both typed by its payloads. What
// this file holds is the rest: no statement elsewhere writes the events table
// by hand or names an event type in SQL, and the renderer writes exactly the
// contract's fields. The suites hold every frame the stream sends to it
// (e2e/support/event-stream.ts).

const ROOT = process.cwd();
/** The only files that spell the INSERT. */
const WRITERS = new Set(["lib/events/publish-event.ts", "lib/events/events-sql.ts"]);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe("the event contract", () => {
  const files = [...sourceFiles("lib"), ...sourceFiles("app")].filter((file) => !file.startsWith("lib/generated/") && !file.startsWith("lib/client/api/"));

  it("is the only way to write the events table", () => {
    const writers = files.filter((file) => /insert\s+into\s+"?events"?\s*\(/i.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(writers.filter((file) => !WRITERS.has(file))).toEqual([]);
  });

  it("is the only place SQL names an event type (a type in quotes is rendered from the contract)", () => {
    const literal = new RegExp(`'(${EVENT_TYPE_NAMES.map((type) => type.replaceAll(".", "\\.")).join("|")})'`);
    const naming = files.filter((file) => !file.startsWith("lib/events/") && literal.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(naming).toEqual([]);
  });

  it("gives every type a permission to receive it, and its stream shape when it happened", () => {
    expect(Object.keys(EVENT_PERMISSIONS).sort()).toEqual([...EVENT_TYPE_NAMES].sort());
    expect(streamedEventSchema("voicemail.created").safeParse({ id: 1, from: "+14155550100", department_id: null, at: "2026-11-30T12:00:00.000Z" }).success).toBe(true);
    expect(streamedEventSchema("voicemail.created").safeParse({ id: 1, from: "+14155550100", department_id: null, caller: "x", at: "2026-11-30T12:00:00.000Z" }).success).toBe(false);
  });

  it("renders an event's rows with its visibility, its type and exactly its fields, in order", () => {
    const sql = insertEvents(
      eventRows({
        type: "voicemail.updated",
        record: { organization_id: "v.organization_id", department_id: "v.department_id" },
        data: { id: "v.id", status: "v.status", claimed_by: "v.claimed_by_user_id" },
        from: "FROM v",
      }),
    );
    expect(sql).toBe(
      "INSERT INTO events (organization_id, department_id, user_id, assigned_user_id, visibility, type, data) " +
        "SELECT v.organization_id, v.department_id, NULL::int, NULL::int, 'queue', 'voicemail.updated', jsonb_build_object('id', " +
        "v.id, 'status', v.status, 'claimed_by', v.claimed_by_user_id) FROM v " +
        "RETURNING id, organization_id, department_id, user_id, assigned_user_id, visibility, type, data, created_at",
    );
    expect(EVENT_CONTRACT["voicemail.updated"].visibility).toBe("queue");
  });

  it("refuses rows missing a field or carrying one the contract does not describe", () => {
    const record = { organization_id: "1" };
    expect(() => eventRows({ type: "voicemail.updated", record, data: { id: "1", status: "'new'" } as never, from: "" })).toThrow(/claimed_by/);
    expect(() => eventRows({ type: "voicemail.updated", record, data: { id: "1", status: "'new'", claimed_by: "NULL", phone: "'+1'" } as never, from: "" })).toThrow(/fields are/);
  });

  it("unites rows of several types in one statement", () => {
    const record = { organization_id: "$1::int" };
    const sql = insertEvents(
      eventRows({ type: "queue.entry.accepted", record, data: { id: "c.id", call_sid: "c.call_sid", user_id: "$2::int" }, from: "FROM c" }),
      eventRows({ type: "campaign.progress", record, data: { campaign_id: "k.id", status: "k.status" }, from: "FROM k ORDER BY k.id" }),
    );
    expect(sql).toContain("(SELECT $1::int, NULL::int, NULL::int, NULL::int, 'organization', 'queue.entry.accepted'");
    expect(sql).toContain(" UNION ALL (SELECT $1::int, NULL::int, NULL::int, NULL::int, 'department', 'campaign.progress'");
    expect(sql).toContain("FROM k ORDER BY k.id) RETURNING");
  });
});

describe("the README's table of events", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const rows = new Map([...readme.matchAll(/^\| `([a-z_.]+)` \| (`[^|]*) \| [^|]+ \|$/gm)].map(([, type, data]) => [type, [...data.split(" — ")[0].matchAll(/`([a-z_]+)`/g)].map((m) => m[1])]));

  it("lists every event with exactly its fields", () => {
    for (const type of EVENT_TYPE_NAMES) expect(rows.get(type), type).toEqual(Object.keys(EVENT_CONTRACT[type].payload.shape));
  });
});
