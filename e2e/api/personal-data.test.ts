import JSZip from "jszip";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { connectedInboundCall, controlRequests, twimlAttribute } from "../support/call-control";
import { playCallback } from "../support/campaigns";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { newMessageSid } from "@/lib/twilio/simulator/simulator";
import { giveNumber, provider } from "../support/provider";
import { receiver, until } from "../support/webhook-receiver";

// Issue 47, points 5 and 6: a person's data, exported and erased on request.
// One contact gets every kind of record the service keeps (a recorded call
// with notes, texts both ways, a transcribed voicemail, an import row, a
// merge, webhook deliveries, live events, audit entries); the export holds
// them all, and after the erasure nothing of them can be found: not through
// search, the exports, the call history, the webhook deliveries, the audit
// log, and (on PostgreSQL, where the test can read the database) not in any
// row of any table.

const CALLER = "+14155550177"; // connectedInboundCall's caller
const stamp = `s${process.pid}x${Date.now() % 1_000_000}`;
const OTHER_PHONE = uniquePhone(); // the duplicate merged into the contact
const NAME = `Erin Erasable ${stamp}`;
const EMAIL = `erin.${stamp}@example.com`;
const NOTES = `Card ends 4242 ${stamp}`;

/** A contact with a record of every kind; what names them, and where their records are. */
async function personWithEverything(tenant: Tenant) {
  const hook = await receiver();
  const endpoint = await tenant.client.post("/api/webhooks", { url: hook.url, events: ["contact.created", "contact.updated", "call.completed", "message.received"] }, tenant.admin.token);
  expect(endpoint.status).toBe(201);
  expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { recording_enabled: true } })).status).toBe(200);

  const contact = await makeContact(tenant, { name: NAME, phone: CALLER, email: EMAIL, company: "Erasable Ltd", notes: "Prefers mornings" });
  // A duplicate merged into it: its own number is the person's too.
  const duplicate = await makeContact(tenant, { name: NAME, phone: OTHER_PHONE, email: EMAIL });
  const merged = await tenant.client.post("/api/contacts/merge", { primary_id: contact.id, duplicate_ids: [duplicate.id] }, tenant.admin.token);
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);

  // A recorded call, with notes, its recording reported by the provider.
  const { sim, number, callSid } = await connectedInboundCall(tenant);
  const [started] = (await controlRequests()).filter((c) => c.kind === "recording.create" && c.call === callSid);
  // The call ends as the provider ends a bridged queue call: the caller's Enqueue action, then the final status.
  expect((await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 2 })).status).toBe(200);
  expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 30 })).status).toBe(200);
  expect(
    (
      await playCallback(started.body.RecordingStatusCallback, {
        CallSid: callSid,
        RecordingSid: started.recording!,
        RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/${started.recording}`,
        RecordingStatus: "completed",
        RecordingDuration: "30",
        RecordingChannels: "2",
        RecordingSource: "StartCallRecordingAPI",
        RecordingTrack: "both",
      })
    ).status,
  ).toBe(200);
  const [log] = (await tenant.client.get(`/api/voice/call-logs?call_sid=${callSid}`, tenant.admin.token)).body.data;
  expect(log.contact_id).toBe(contact.id);
  expect((await tenant.client.request("PATCH", `/api/voice/call-logs/${log.id}`, { token: tenant.admin.token, body: { notes: NOTES } })).status).toBe(200);

  // Texts both ways.
  const textNumber = await giveNumber(tenant);
  expect((await provider().incomingSms({ from: CALLER, to: textNumber, body: `Hello, this is Erin ${stamp}`, messageSid: newMessageSid() })).status).toBe(200);
  const conversation = (await tenant.client.get(`/api/conversations?q=${CALLER.slice(1)}`, tenant.admin.token)).body.data.find((c: { phone: string }) => c.phone === CALLER);
  expect(conversation).toBeDefined();
  const reply = await tenant.client.post("/api/messages", { to: CALLER, body: `Hi Erin, about ${stamp}` }, tenant.admin.token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);

  // A voicemail, transcribed (the office is closed on Sundays).
  const saved = await tenant.client.request("PUT", "/api/settings/routing", {
    token: tenant.admin.token,
    body: { plans: [{ name: "Office", hours: { mon: [{ start: "09:00", end: "17:00" }] }, closed_action: "voicemail", queue: { type: "queue", department_id: tenant.departments.a.id } }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const voicemailCall = await provider().inboundCall({ from: CALLER, to: textNumber, clock: "2026-11-29T15:00:00Z" });
  const recording = {
    CallSid: voicemailCall.callSid,
    From: CALLER,
    To: textNumber,
    RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE" + "e".repeat(32),
    RecordingDuration: "12",
  };
  expect((await playCallback(twimlAttribute(voicemailCall.body, "Record", "action")!, recording)).status).toBe(200);
  expect(
    (
      await playCallback(twimlAttribute(voicemailCall.body, "Record", "transcribeCallback")!, {
        CallSid: voicemailCall.callSid,
        TranscriptionStatus: "completed",
        TranscriptionText: `Erin here, call me ${stamp}`,
      })
    ).status,
  ).toBe(200);

  // An import that met the contact again (a duplicate row, kept for review).
  const form = new FormData();
  form.append("file", new Blob([`name,phone,email\n${NAME},${CALLER},${EMAIL}\n`]), "people.csv");
  const upload = await fetch(`${tenant.client.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${tenant.admin.token}` }, body: form });
  expect(upload.status).toBe(202);
  const { import_id } = await upload.json();
  const job = await until(
    async () => (await tenant.client.get(`/api/imports/${import_id}`, tenant.admin.token)).body,
    (j) => ["completed", "failed", "awaiting_review"].includes(j.status),
    20_000,
  );
  expect(job.status).not.toBe("failed");

  // The webhooks went out, naming the person.
  const sent = await until(
    () => hook.received.map((r) => r.body),
    (b) => b.some((body) => body.includes(NAME)) && b.some((body) => body.includes(callSid)),
    20_000,
  );
  expect(sent.filter((body) => body.includes(callSid)).map((body) => JSON.parse(body).type)).toEqual(["call.completed"]);
  return { contact, callSid, recordingSid: started.recording!, voicemailCallSid: voicemailCall.callSid, conversationId: conversation.id, endpointId: endpoint.body.id as number, hook };
}

/** Every place a person could be found again: none may name them. */
function leaks(text: string): string[] {
  return [NAME, EMAIL, CALLER, OTHER_PHONE, NOTES, stamp].filter((secret) => text.includes(secret));
}

describe("a person's data on request (issue 47, points 5 and 6)", () => {
  it("exports everything held about a person as a zip of JSON and recordings, then erases it so that nothing of it can be found", async () => {
    const tenant = await createTenant();
    const person = await personWithEverything(tenant);
    try {
      // Export and erasure are the admins'.
      expect((await fetch(`${tenant.client.baseUrl}/api/contacts/${person.contact.id}/export`, { headers: { Authorization: `Bearer ${tenant.managerA.token}` } })).status).toBe(403);
      expect((await tenant.client.post(`/api/contacts/${person.contact.id}/erase`, { dry_run: false }, tenant.managerA.token)).status).toBe(403);
      const other = await createTenant();
      expect((await tenant.client.post(`/api/contacts/${person.contact.id}/erase`, { dry_run: false }, other.admin.token)).status).toBe(404);

      // The export: every kind of record, and the recordings' audio.
      const exported = await fetch(`${tenant.client.baseUrl}/api/contacts/${person.contact.id}/export`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } });
      expect(exported.status).toBe(200);
      expect(exported.headers.get("content-type")).toBe("application/zip");
      expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
      const zip = await JSZip.loadAsync(await exported.arrayBuffer());
      const read = async (name: string) => JSON.parse(await zip.file(name)!.async("string"));
      const manifest = await read("manifest.json");
      expect(manifest.missing_recordings).toEqual([]);
      expect(
        Object.keys(zip.files)
          .filter((f) => f.startsWith("recordings/") && !zip.files[f].dir)
          .sort(),
      ).toEqual([`recordings/call-${person.callSid}.mp3`, `recordings/voicemail-${person.voicemailCallSid}.mp3`]);
      expect((await zip.file(`recordings/call-${person.callSid}.mp3`)!.async("uint8array")).byteLength).toBe(4096);
      expect(await read("contact.json")).toMatchObject({ name: NAME, phone: CALLER, email: EMAIL, company: "Erasable Ltd", notes: "Prefers mornings" });
      expect(await read("calls.json")).toEqual([expect.objectContaining({ call_sid: person.callSid, phone_number: CALLER, notes: NOTES, recording_file: `recordings/call-${person.callSid}.mp3` })]);
      const [conversation] = await read("conversations.json");
      expect(conversation.messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
        ["inbound", `Hello, this is Erin ${stamp}`],
        ["outbound", `Hi Erin, about ${stamp}`],
      ]);
      expect(await read("voicemails.json")).toEqual([
        expect.objectContaining({ call_sid: person.voicemailCallSid, transcription: `Erin here, call me ${stamp}`, recording_file: `recordings/voicemail-${person.voicemailCallSid}.mp3` }),
      ]);
      expect((await read("merges.json"))[0].merged_contacts[0]).toMatchObject({ phone: OTHER_PHONE });
      expect((await read("import_rows.json")).length).toBe(1);
      const exportAudit = (await tenant.client.get("/api/audit-log?action=contact.exported", tenant.admin.token)).body.data;
      expect(exportAudit).toEqual([expect.objectContaining({ user_id: tenant.admin.id, details: expect.objectContaining({ recordings: 2 }) })]);

      // A legal hold keeps the records: erasure waits for its release.
      expect((await tenant.client.post(`/api/calls/${person.callSid}/legal-hold`, { on: true }, tenant.admin.token)).status).toBe(200);
      const held = await tenant.client.post(`/api/contacts/${person.contact.id}/erase`, { dry_run: false }, tenant.admin.token);
      expect(held.status).toBe(409);
      expect(held.body.legal_hold).toBe(true);
      expect((await tenant.client.post(`/api/calls/${person.callSid}/legal-hold`, { on: false }, tenant.admin.token)).status).toBe(200);

      // The erasure runs as an operation with progress.
      const erase = await tenant.client.post(`/api/contacts/${person.contact.id}/erase`, { dry_run: false }, tenant.admin.token);
      expect(erase.status, JSON.stringify(erase.body)).toBe(202);
      expect(erase.body.operation).toMatchObject({ kind: "contact.erase", total: 3 });
      const operation = await until(
        async () => (await tenant.client.get(`/api/operations/${erase.body.operation.id}`, tenant.admin.token)).body,
        (o) => o.status === "completed" || o.status === "failed",
        20_000,
      );
      expect(operation, JSON.stringify(operation)).toMatchObject({
        status: "completed",
        progress: 100,
        result: { erased: true, recordings: 2, contact: 1, calls: 1, conversations: 1, messages: 2, voicemails: 1, merges: 1, import_rows: 1 },
      });
      expect(operation.result.webhook_deliveries).toBeGreaterThan(0);
      expect(leaks(JSON.stringify(operation))).toEqual([]);

      // Gone at the provider: both recordings deleted with its Recordings resource.
      const deleted = (await controlRequests()).filter((c) => c.kind === "recording.delete").map((c) => c.recording);
      expect(deleted).toContain(person.recordingSid);
      expect(deleted).toContain("RE" + "e".repeat(32));

      // Nothing of the person can be found through the API.
      const admin = (path: string) => tenant.client.get(path, tenant.admin.token);
      expect((await admin(`/api/contacts/${person.contact.id}`)).status).toBe(404);
      for (const q of [NAME, EMAIL, CALLER.slice(1), OTHER_PHONE.slice(2)]) expect((await admin(`/api/contacts?q=${encodeURIComponent(q)}`)).body.data).toEqual([]);
      expect((await admin(`/api/conversations?q=${CALLER.slice(1)}`)).body.data).toEqual([]);
      expect((await admin(`/api/conversations/${person.conversationId}`)).status).toBe(404);
      expect((await admin("/api/voicemails?status=all")).body.data ?? []).toEqual([]);
      const call = (await admin(`/api/voice/call-logs?call_sid=${person.callSid}`)).body.data[0];
      expect(call).toMatchObject({ call_sid: person.callSid, contact_id: null, notes: null, recording_url: null });
      expect(call.direction).toBe("inbound"); // the call stays in the figures
      const everywhere = [
        await (await fetch(`${tenant.client.baseUrl}/api/contacts/export?format=csv`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } })).text(),
        JSON.stringify((await admin("/api/voice/call-logs?per_page=100")).body),
        JSON.stringify((await admin("/api/callbacks?per_page=100")).body),
        JSON.stringify((await admin(`/api/webhooks/${person.endpointId}/deliveries?per_page=100`)).body),
        JSON.stringify((await admin("/api/audit-log?per_page=100")).body),
        JSON.stringify((await admin("/api/contacts/merges?per_page=100")).body),
        JSON.stringify((await admin("/api/imports?per_page=100")).body),
        JSON.stringify((await admin(`/api/reports/agents?from=2020-01-01&to=2030-12-31`)).body),
      ];
      for (const text of everywhere) expect(leaks(text)).toEqual([]);

      // The audit log says what was erased and by whom, without the erased data.
      const [entry] = (await admin("/api/audit-log?action=contact.erased")).body.data;
      expect(entry).toMatchObject({
        user_id: tenant.admin.id,
        subject_type: "contact",
        subject_id: String(person.contact.id),
        details: expect.objectContaining({ recordings: 2, calls: 1, messages: 2 }),
      });

      // Asking again: the contact is gone.
      expect((await tenant.client.post(`/api/contacts/${person.contact.id}/erase`, { dry_run: false }, tenant.admin.token)).status).toBe(404);
    } finally {
      person.hook.close();
    }
    if (inject("databaseUrl")) await nothingInAnyTable(inject("databaseUrl"));
  });
});

/**
 * On PostgreSQL the test reads the database itself: no row of any table holds
 * the person's name, address, second number or anything they said or were
 * noted with (the stamp). The first number is the one every connected test
 * call comes from, so other tenants' rows hold it: the API checks above cover it.
 */
async function nothingInAnyTable(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const tables = (
      await db.query<{ name: string }>(
        `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      )
    ).rows;
    const found: string[] = [];
    for (const { name } of tables) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name} t WHERE t::text LIKE ANY($1::text[])`, [[NAME, EMAIL, OTHER_PHONE, stamp].map((s) => `%${s}%`)]);
      if (rows[0].n > 0) found.push(`${name}: ${rows[0].n}`);
    }
    expect(found).toEqual([]);
  } finally {
    await db.end();
  }
}
