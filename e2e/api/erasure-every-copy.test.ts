import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { suiteUrl } from "../support/api";
import { newCallSid, newMessageSid } from "@/lib/twilio/simulator/simulator";
import { controlRequests, twimlAttribute } from "../support/call-control";
import { playCallback } from "../support/campaigns";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";
import { startServer, TEST_PROVIDER } from "../support/server.mjs";
import { receiver, until } from "../support/webhook-receiver";

// Issue 59, point 8: an erasure reaches every copy. One person gets every kind
// of record the service keeps (a recorded call with notes, texts, a WhatsApp
// picture, a web chat where they left their email, a transcribed voicemail, an
// import whose raw file holds their row, webhook deliveries both sent and
// still queued for a failing endpoint, live events, audit entries); after the
// erasure the test reads the database itself, every table of every schema
// (bytea columns as bytes), and every file the service keeps in its data
// folder, for their name, number (E.164 and national digits), email and the
// words they said. Both databases: on the embedded one the test runs a server
// of its own on a data folder it can open once that server has stopped.

const postgres = Boolean(inject("databaseUrl"));
const stamp = `q${process.pid}z${Date.now() % 1_000_000}`;
const PHONE = uniquePhone();
const NATIONAL = PHONE.slice(2); // +1 and ten digits: the number as a person in the US writes it
const NAME = `Wren Erasable ${stamp}`;
const EMAIL = `wren.${stamp}@example.com`;
const SECRETS = [NAME, EMAIL, PHONE, NATIONAL, stamp];
// Another person in the same import file: their row, and the import's record, stay.
const KEPT = { name: `Kept Importee ${process.pid}`, phone: uniquePhone() };
const SITE = "https://shop.example.com";

let baseUrl = "";
let dataDir = "";
let server: Awaited<ReturnType<typeof startServer>> | null = null;

beforeAll(async () => {
  if (postgres) {
    baseUrl = suiteUrl();
    return;
  }
  // A server of the test's own: PGlite lets one process open a data folder, so the test reads it once the server has stopped.
  dataDir = mkdtempSync(path.join(tmpdir(), "cc-erasure-"));
  const template = process.env.TEST_EMBEDDED_TEMPLATE && path.join(process.env.TEST_EMBEDDED_TEMPLATE, "demo", "pglite");
  if (template && existsSync(template)) cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  server = await startServer({ dataDir, label: "erasure" });
  baseUrl = server.baseUrl;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The provider posts a signed callback to this file's server. */
const sim = () => provider(baseUrl);

/** A person with a record of every kind the service keeps. */
async function personWithEverything(tenant: Tenant) {
  const client = tenant.client;
  const admin = tenant.admin.token;
  const healthy = await receiver();
  const failing = await receiver(() => 500);
  const events = ["contact.created", "contact.updated", "call.completed", "message.received"];
  expect((await client.post("/api/webhooks", { url: healthy.url, events }, admin)).status).toBe(201);
  const failingEndpoint = await client.post("/api/webhooks", { url: failing.url, events }, admin);
  expect(failingEndpoint.status).toBe(201);
  expect((await client.request("PUT", "/api/settings/telephony", { token: admin, body: { recording_enabled: true } })).status).toBe(200);

  const contact = await makeContact(tenant, { name: NAME, phone: PHONE, email: EMAIL, company: "Erasable Ltd", notes: `Met at ${stamp}` });

  // A recorded call an agent took, with notes.
  const number = await giveNumber(tenant);
  const inbound = await sim().inboundCall({ from: PHONE, to: number });
  expect((await client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
  const [waiting] = (await client.get("/api/queue/calls", tenant.agentA.token)).body.data;
  expect((await client.post(`/api/queue/calls/${waiting.id}/accept`, {}, tenant.agentA.token)).status).toBe(200);
  const joined = await sim().agentConnects({ identity: `user_${tenant.agentA.id}`, to: number, queueEntryId: String(waiting.id), callSid: newCallSid() });
  expect(joined.body).toContain("<Queue>");
  const callSid = inbound.callSid;
  const [started] = (await controlRequests(callSid)).filter((c) => c.kind === "recording.create");
  // The call ends as the provider ends a bridged queue call: the caller's Enqueue action, then the final status.
  expect((await sim().dequeue({ callSid, to: number, result: "bridged", queueTime: 2 })).status).toBe(200);
  expect((await sim().callStatus({ callSid, to: number, status: "completed", duration: 30 })).status).toBe(200);
  expect(
    (
      await playCallback(
        started.body.RecordingStatusCallback,
        {
          CallSid: callSid,
          RecordingSid: started.recording!,
          RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/${started.recording}`,
          RecordingStatus: "completed",
          RecordingDuration: "30",
          RecordingChannels: "2",
          RecordingSource: "StartCallRecordingAPI",
          RecordingTrack: "both",
        },
        baseUrl,
      )
    ).status,
  ).toBe(200);
  const [log] = (await client.get(`/api/voice/call-logs?call_sid=${callSid}`, admin)).body.data;
  expect(log.contact_id).toBe(contact.id);
  expect((await client.request("PATCH", `/api/voice/call-logs/${log.id}`, { token: admin, body: { notes: `Called about ${stamp}` } })).status).toBe(200);

  // Texts both ways.
  expect((await sim().incomingSms({ from: PHONE, to: number, body: `Hello, Wren here ${stamp}`, messageSid: newMessageSid() })).status).toBe(200);
  expect((await client.post("/api/messages", { to: PHONE, body: `Hi Wren, about ${stamp}` }, admin)).status).toBe(201);

  // A picture on WhatsApp, fetched from the provider and kept here.
  const sender = `+1888${String((process.pid * 131 + Date.now()) % 10_000_000).padStart(7, "0")}`;
  expect((await client.request("PUT", "/api/settings/sms", { token: admin, body: { whatsapp: { sender, templates: [] } } })).status).toBe(200);
  const mediaMessage = `MM${Date.now().toString(16).padStart(32, "0")}`;
  const picture = `https://api.twilio.com/2010-04-01/Accounts/${TEST_PROVIDER.TWILIO_ACCOUNT_SID}/Messages/${mediaMessage}/Media/ME${"0".repeat(31)}1`;
  expect(
    (await sim().incomingSms({ messageSid: mediaMessage, from: PHONE, to: sender, body: `My receipt ${stamp}`, whatsapp: true, media: [{ url: picture, contentType: "image/jpeg" }] })).status,
  ).toBe(200);
  const whatsapp = (await client.get("/api/conversations?channel=whatsapp&per_page=100", admin)).body.data.find((c: { phone: string }) => c.phone === PHONE);
  expect(whatsapp).toBeDefined();
  const thread = await until(
    async () => (await client.get(`/api/conversations/${whatsapp.id}/messages`, admin)).body.data,
    (data) => data[0]?.media?.[0]?.stored === "stored",
    20_000,
  );
  expect(thread[0].media[0].stored).toBe("stored");
  const mediaMessageId = thread[0].id as number;

  // A web chat where they left their email (the visitor has no number: the email is what names them).
  const widget = await client.post("/api/settings/chat-widgets", { name: "Shop", allowed_origins: [SITE] }, admin);
  expect(widget.status).toBe(201);
  const visit = (token?: string) => (method: string, route: string, body?: unknown) =>
    fetch(`${baseUrl}/api/chat/${widget.body.public_key}${route}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: SITE, ...(token && { "X-Visitor-Token": token }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const visitor = await (await visit()("POST", "/visitors")).json();
  const asVisitor = visit(visitor.visitor_token);
  expect((await asVisitor("POST", "/messages", { body: `This is Wren, ${stamp}` })).status).toBe(201);
  expect((await asVisitor("POST", "/email", { email: EMAIL })).status).toBe(204);

  // An import whose raw file holds their row, beside another person's.
  const form = new FormData();
  form.append("file", new Blob([`name,phone,email\n${KEPT.name},${KEPT.phone},\n${NAME},${PHONE},${EMAIL}\n`]), "people.csv");
  const upload = await fetch(`${baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${admin}` }, body: form });
  expect(upload.status).toBe(202);
  const { import_id } = await upload.json();
  const job = await until(
    async () => (await client.get(`/api/imports/${import_id}`, admin)).body,
    (j) => ["completed", "failed", "awaiting_review"].includes(j.status),
    30_000,
  );
  expect(job.status).not.toBe("failed");

  // A voicemail, transcribed (the office is closed on Sundays). Last: from here on, calls go to voicemail.
  const saved = await client.request("PUT", "/api/settings/routing", {
    token: admin,
    body: { plans: [{ name: "Office", hours: { mon: [{ start: "09:00", end: "17:00" }] }, closed_action: "voicemail", queue: { type: "queue", department_id: tenant.departments.a.id } }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const voicemailCall = await sim().inboundCall({ from: PHONE, to: number, clock: "2026-11-29T15:00:00Z" });
  const recording = { CallSid: voicemailCall.callSid, From: PHONE, To: number, RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE${"f".repeat(32)}`, RecordingDuration: "12" };
  expect((await playCallback(twimlAttribute(voicemailCall.body, "Record", "action")!, recording, baseUrl)).status).toBe(200);
  expect(
    (
      await playCallback(
        twimlAttribute(voicemailCall.body, "Record", "transcribeCallback")!,
        { CallSid: voicemailCall.callSid, TranscriptionStatus: "completed", TranscriptionText: `Wren here, call me ${stamp}` },
        baseUrl,
      )
    ).status,
  ).toBe(200);

  // Webhooks went out naming them; the failing endpoint's wait as rows (pending, to be retried).
  const sent = await until(
    () => healthy.received.map((r) => r.body),
    (b) => b.some((body) => body.includes(NAME)) && b.some((body) => body.includes(callSid)),
    20_000,
  );
  expect(sent.filter((body) => body.includes(callSid)).map((body) => JSON.parse(body).type)).toEqual(["call.completed"]);
  const queued = await until(
    async () => (await client.get(`/api/webhooks/${failingEndpoint.body.id}/deliveries`, admin)).body.data,
    (rows: { status: string }[]) => rows.length >= 2 && rows.every((r) => r.status !== "sending"),
    20_000,
  );
  expect(queued.some((d: { status: string }) => d.status === "pending")).toBe(true);
  healthy.close();
  failing.close();
  return { contact, importId: import_id as string, importRows: job.totals.rows as number, mediaMessageId, whatsappConversationId: whatsapp.id as number };
}

describe("an erasure reaches every copy (issue 59, point 8)", () => {
  it("erases a person who has every kind of data, then no table and no stored file holds their name, number, email or words", async () => {
    const tenant = await createTenant(baseUrl);
    const person = await personWithEverything(tenant);
    // Before: the scan finds them (a scan that cannot find them proves nothing).
    if (postgres) expect((await findInDatabase(postgresQuery(inject("databaseUrl")))).length).toBeGreaterThan(0);

    // The erasure, as an admin asks for it; `dry_run: false` says it is meant.
    const erase = await tenant.client.post(`/api/contacts/${person.contact.id}/erase`, { dry_run: false }, tenant.admin.token);
    expect(erase.status, JSON.stringify(erase.body)).toBe(202);
    const operation = await until(
      async () => (await tenant.client.get(`/api/operations/${erase.body.operation.id}`, tenant.admin.token)).body,
      (o) => o.status === "completed" || o.status === "failed",
      30_000,
    );
    expect(operation, JSON.stringify(operation)).toMatchObject({ status: "completed", result: { erased: true, contact: 1, import_uploads: 1, chat_visitors: 1, voicemails: 1, conversations: 3 } });

    // The import keeps its record (what it counted, who ran it) without the person.
    const imported = await tenant.client.get(`/api/imports/${person.importId}`, tenant.admin.token);
    expect(imported.status).toBe(200);
    expect(imported.body.totals.rows).toBe(person.importRows);
    // The picture they sent is not served any more.
    expect((await fetch(`${baseUrl}/api/messages/${person.mediaMessageId}/media/0`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } })).status).toBe(404);

    const query = postgres ? postgresQuery(inject("databaseUrl")) : await embeddedQuery();
    try {
      expect(await findInDatabase(query)).toEqual([]);
      // Their picture's bytes say nothing of them: found by its message instead.
      expect(await query("SELECT id FROM message_media WHERE message_id = $1", [person.mediaMessageId])).toEqual([]);
    } finally {
      await query.end();
    }
    expect(findInFiles(postgres ? path.resolve(process.env.DATA_DIR || ".data") : dataDir)).toEqual([]);
  }, 240_000);
});

type Query = ((sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) & { end(): Promise<void> };

function postgresQuery(url: string): Query {
  const db = new pg.Client({ connectionString: url });
  const connected = db.connect();
  return Object.assign(
    async (sql: string, params?: unknown[]) => {
      await connected;
      return (await db.query(sql, params)).rows;
    },
    { end: () => connected.then(() => db.end()) },
  );
}

/** The embedded database, opened by the test once the server that owned it has stopped. */
async function embeddedQuery(): Promise<Query> {
  await server!.stop();
  server = null;
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  return Object.assign(async (sql: string, params?: unknown[]) => (await db.query<Record<string, unknown>>(sql, params)).rows, { end: () => db.close() });
}

/**
 * Every row of every table, in every schema (the job queue's too), that holds
 * one of the person's strings: as text (any case), and in bytea columns as
 * bytes (a raw upload, a stored file).
 */
async function findInDatabase(query: Query): Promise<string[]> {
  const tables = await query(`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`);
  const byteaColumns = await query(`SELECT table_schema AS schema, table_name AS name, column_name AS col FROM information_schema.columns
    WHERE data_type = 'bytea' AND table_schema NOT IN ('pg_catalog', 'information_schema')`);
  const ident = (s: unknown) => `"${String(s).replace(/"/g, '""')}"`;
  const found: string[] = [];
  for (const table of tables) {
    const bytes = byteaColumns
      .filter((c) => c.schema === table.schema && c.name === table.name)
      .map((c) => `EXISTS (SELECT 1 FROM unnest($1::text[]) s WHERE position(convert_to(s, 'UTF8') IN t.${ident(c.col)}) > 0)`);
    const rows = await query(
      `SELECT left(t::text, 400) AS row FROM ${ident(table.schema)}.${ident(table.name)} t WHERE t::text ILIKE ANY (ARRAY(SELECT ` +
        `'%' || s || '%' FROM unnest($1::text[]) s))${bytes.map((b) => ` OR ${b}`).join("")}`,
      [SECRETS],
    );
    for (const row of rows) found.push(`${table.schema}.${table.name}: ${row.row}`);
  }
  return found;
}

/** Every file in the service's data folder that holds one of the person's strings (the database's own files are read above, through it). */
function findInFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      const file = path.join(at, entry);
      if (file === path.join(dir, "pglite")) continue;
      if (statSync(file).isDirectory()) walk(file);
      else {
        const content = readFileSync(file);
        for (const secret of SECRETS) if (content.includes(Buffer.from(secret))) found.push(`${path.relative(dir, file)}: ${secret}`);
      }
    }
  };
  walk(dir);
  return found;
}
