import { describe, expect, it } from "vitest";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { textingTenant } from "../support/messages";
import { provider } from "../support/provider";
import { ALL_DAY } from "../support/campaigns";

async function importCsv(tenant: Tenant, csv: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([csv]), "timeline.csv");
  const response = await fetch(`${tenant.client.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${tenant.managerA.token}` }, body: form });
  expect(response.status).toBe(202);
  const { import_id } = await response.json();
  for (let i = 0; i < 150; i++) {
    const job = await tenant.client.get(`/api/imports/${import_id}`, tenant.managerA.token);
    if (job.body.status === "completed") return import_id as string;
    if (["failed", "awaiting_review"].includes(job.body.status)) throw new Error(`import ${job.body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("import did not settle");
}

interface Entry {
  id: string;
  type: string;
  at: string;
  details: Record<string, any>;
}

describe("a contact's timeline", () => {
  it("tells the whole story newest first: created by an import, updated by another, merged, called, texted, opted out, left out of a campaign", async () => {
    const tenant = await createTenant();
    const { incoming } = await textingTenant(tenant);
    const phone = uniquePhone();
    const created = await importCsv(tenant, `name,phone\nTina Timeline,${phone}\n`);
    const updated = await importCsv(tenant, `name,phone,company\nTina T. Timeline,${phone},Acme Ltd\n`, { duplicate_handling: "update" });
    const contact = (await tenant.client.get(`/api/contacts?q=${encodeURIComponent(phone.slice(1))}`, tenant.managerA.token)).body.data[0];
    expect(contact).toMatchObject({ name: "Tina T. Timeline", company: "Acme Ltd" });

    const duplicate = await makeContact(tenant, { name: "Tina Timeline (old)", phone: uniquePhone() });
    expect((await tenant.client.post("/api/contacts/merge", { primary_id: contact.id, duplicate_ids: [duplicate.id] }, tenant.managerA.token)).status).toBe(200);

    const sim = provider();
    const call = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: phone });
    expect((await sim.manualStatus({ callSid: call.callSid, identity: `user_${tenant.agentA.id}`, to: phone, status: "completed", duration: 42 })).status).toBe(200);
    await tenant.client.request("PATCH", `/api/voice/call-logs/${(await tenant.client.get(`/api/voice/call-logs?call_sid=${call.callSid}`, tenant.admin.token)).body.data[0].id}`, {
      token: tenant.agentA.token,
      body: { notes: "Wants a quote" },
    });

    await incoming(phone, "Hello there");
    await incoming(phone, "STOP");
    expect((await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body: { opted_out: true } })).status).toBe(200);
    const campaign = await tenant.client.post("/api/campaigns", { name: "Timeline outreach", calling_window: ALL_DAY, selection: { contact_ids: [contact.id] } }, tenant.managerA.token);
    expect(campaign.status).toBe(201);
    expect((await tenant.client.post(`/api/campaigns/${campaign.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);

    const timeline = await tenant.client.get(`/api/contacts/${contact.id}/timeline?per_page=100`, tenant.managerA.token);
    expect(timeline.status).toBe(200);
    const entries: Entry[] = timeline.body.data;
    expect(timeline.body.meta).toMatchObject({ current_page: 1, per_page: 100, total: entries.length });
    const times = entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byType = (type: string) => entries.filter((e) => e.type === type);

    expect(byType("created")).toEqual([expect.objectContaining({ details: expect.objectContaining({ import_id: created, import_file: "timeline.csv" }) })]);
    expect(byType("import")).toEqual([expect.objectContaining({ details: expect.objectContaining({ import_id: updated, action: "updated", row: 2 }) })]);
    expect(byType("merge")).toEqual([expect.objectContaining({ details: expect.objectContaining({ merged_names: ["Tina Timeline (old)"], mode: "manual", undone_at: null }) })]);
    expect(byType("call")).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ call_sid: call.callSid, status: "completed", duration: 42, notes: "Wants a quote", direction: "outbound-manual" }) }),
    ]);
    const texts = byType("message").map((e) => [e.details.direction, e.details.body]);
    expect(texts).toEqual(
      expect.arrayContaining([
        ["inbound", "Hello there"],
        ["inbound", "STOP"],
      ]),
    );
    expect(byType("opt_out").map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { channel: "calls", opted_out: true },
        { channel: "texts", opted_out: true, keyword: "STOP" },
      ]),
    );
    expect(byType("campaign")).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ campaign_id: campaign.body.id, campaign_name: "Timeline outreach", state: "excluded", exclusion_reason: expect.stringContaining("opt") }),
      }),
    ]);
    // The newest is the campaign that left the contact out; the oldest its creation.
    expect(entries.at(-1)!.type).toBe("created");

    // Paged: the pages together are the whole timeline, in the same order.
    const first = await tenant.client.get(`/api/contacts/${contact.id}/timeline?per_page=4`, tenant.managerA.token);
    const second = await tenant.client.get(`/api/contacts/${contact.id}/timeline?per_page=4&page=2`, tenant.managerA.token);
    expect([...first.body.data, ...second.body.data].map((e: Entry) => e.id)).toEqual(entries.slice(0, 8).map((e) => e.id));
    expect(first.body.meta.last_page).toBe(Math.ceil(entries.length / 4));

    // Narrowed by kind.
    const calls = await tenant.client.get(`/api/contacts/${contact.id}/timeline?types=call,merge`, tenant.managerA.token);
    expect(calls.body.data.map((e: Entry) => e.type).sort()).toEqual(["call", "merge"]);
    const bad = await tenant.client.get(`/api/contacts/${contact.id}/timeline?types=call,gossip`, tenant.managerA.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.types[0]).toContain("gossip");
  });

  it("is the contact's: another department is refused, another organization finds nothing, agents may not read contacts", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const contact = await makeContact(tenant);
    const mine = await tenant.client.get(`/api/contacts/${contact.id}/timeline`, tenant.managerA.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ type: "created", details: expect.objectContaining({ import_id: null, user_name: expect.stringContaining("manager-a") }) })]);
    expect((await tenant.client.get(`/api/contacts/${contact.id}/timeline`, tenant.admin.token)).status).toBe(200);
    expect((await tenant.client.get(`/api/contacts/${contact.id}/timeline`, tenant.managerB.token)).status).toBe(403);
    expect((await tenant.client.get(`/api/contacts/${contact.id}/timeline`, tenant.agentA.token)).status).toBe(403);
    expect((await other.client.get(`/api/contacts/${contact.id}/timeline`, other.admin.token)).status).toBe(404);
    expect((await tenant.client.get(`/api/contacts/99999999999/timeline`, tenant.admin.token)).status).toBe(404);
  });
});
