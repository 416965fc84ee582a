import { describe, expect, inject, it } from "vitest";
import { api, suiteUrl } from "../support/api";
import { ALL_DAY } from "../support/campaigns";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, holdAtProvider, provider } from "../support/provider";

// Issue 40, tenancy and authorization: a phone number belongs to one
// organization; a manager's import, bulk create and merge stay in their
// department; the caller card shows another department's contact only as far
// as answering the call needs.

/** A number nobody has used yet, in a range of its own (giveNumber's are +1800…). */
let freshCounter = 0;
const FRESH_BASE = (process.pid * 7907 + Math.floor(Math.random() * 10_000_000)) % 10_000_000;
function freshNumber(): string {
  freshCounter += 1;
  return `+1888${String((FRESH_BASE + freshCounter) % 10_000_000).padStart(7, "0")}`;
}

const putTelephony = (tenant: Tenant, body: Record<string, unknown>, client = tenant.client) => client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body });
const telephonyOf = async (tenant: Tenant) => (await tenant.client.get("/api/settings/telephony", tenant.admin.token)).body;
const newCampaign = (tenant: Tenant, body: Record<string, unknown>) =>
  tenant.client.post("/api/campaigns", { name: "Caller ID check", selection: { tags: ["nobody"] }, calling_window: ALL_DAY, ...body }, tenant.managerA.token);

describe("a phone number belongs to one organization", () => {
  it("refuses another organization's number as a telephony number, a caller ID or a texting number (409 naming it), and changes nothing", async () => {
    const [owner, other] = await Promise.all([createTenant(), createTenant()]);
    const number = await giveNumber(owner);
    const ownNumber = await giveNumber(other);
    const before = await telephonyOf(other);

    const asNumber = await putTelephony(other, { phone_numbers: [ownNumber, number], recording_enabled: true });
    expect(asNumber.status).toBe(409);
    expect(asNumber.body.message).toContain(number);
    expect(asNumber.body.errors).toEqual({ phone_numbers: [`${number} is another organization's number.`] });
    const asCallerId = await putTelephony(other, { caller_id: number });
    expect(asCallerId.status).toBe(409);
    expect(asCallerId.body.errors).toEqual({ caller_id: [`${number} is another organization's number.`] });
    expect(await telephonyOf(other)).toEqual(before);

    const texting = await other.client.request("PUT", "/api/settings/sms", { token: other.managerA.token, body: { sms_numbers: [number] } });
    expect(texting.status).toBe(409);
    expect(texting.body.errors).toEqual({ sms_numbers: [`${number} is another organization's number.`] });
    // A number the organization does not hold at all is not one to text from either; its own is.
    const nobodys = freshNumber();
    const unheld = await other.client.request("PUT", "/api/settings/sms", { token: other.managerA.token, body: { sms_numbers: [nobodys] } });
    expect(unheld.status).toBe(422);
    expect(unheld.body.errors.sms_numbers[0]).toContain(nobodys);
    expect((await other.client.get("/api/settings/sms", other.managerA.token)).body.sms_numbers).toEqual([]);
    const own = await other.client.request("PUT", "/api/settings/sms", { token: other.managerA.token, body: { sms_numbers: [ownNumber] } });
    expect(own.status).toBe(200);
    expect(own.body.sms_numbers).toEqual([ownNumber]);

    // The owner keeps it: its calls to it still land with it, and it may give it up for another to take.
    expect((await provider().inboundCall({ from: uniquePhone(), to: number })).status).toBe(200);
    expect((await telephonyOf(owner)).phone_numbers).toEqual([number]);
    expect((await putTelephony(owner, { phone_numbers: [] })).status).toBe(200);
    expect((await putTelephony(other, { phone_numbers: [ownNumber, number] })).status).toBe(200);
    expect((await putTelephony(owner, { phone_numbers: [number] })).status).toBe(409);
  });

  it("lets only one of two organizations saving the same number at once have it, across servers", async () => {
    const second = api(inject("secondBaseUrl") || suiteUrl());
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    // Each round both ask for a new number at the same moment (giving up the last one): one wins, the other hears 409.
    for (let round = 0; round < 5; round++) {
      const number = freshNumber();
      await holdAtProvider(number);
      const answers = await Promise.all([putTelephony(a, { phone_numbers: [number] }), putTelephony(b, { phone_numbers: [number] }, second)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const holders = [(await telephonyOf(a)).phone_numbers, (await telephonyOf(b)).phone_numbers].filter((numbers) => numbers.includes(number));
      expect(holders).toHaveLength(1);
    }
  });

  it("accepts a number only when the provider account lists it (IncomingPhoneNumbers), and nothing is saved otherwise", async () => {
    const tenant = await createTenant();
    const number = freshNumber();
    const refused = await putTelephony(tenant, { phone_numbers: [number], recording_enabled: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.phone_numbers).toEqual([expect.stringContaining(number)]);
    expect(await telephonyOf(tenant)).toMatchObject({ phone_numbers: [], recording_enabled: false });
    const callerId = freshNumber();
    expect((await putTelephony(tenant, { caller_id: callerId })).body.errors.caller_id).toEqual([expect.stringContaining(callerId)]);

    await holdAtProvider(number, callerId);
    const accepted = await putTelephony(tenant, { phone_numbers: [number], caller_id: callerId });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ phone_numbers: [number], caller_id: callerId });
  });

  it("takes as a campaign's caller ID only one of the organization's numbers (422 naming the field), on create and on update", async () => {
    const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    const [number, othersNumber] = await Promise.all([giveNumber(tenant), giveNumber(other)]);
    for (const callerId of [othersNumber, freshNumber()]) {
      const refused = await newCampaign(tenant, { caller_id: callerId });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(["caller_id"]);
    }
    const created = await newCampaign(tenant, { caller_id: number });
    expect(created.status).toBe(201);
    const moved = await tenant.client.patch(`/api/campaigns/${created.body.id}`, { caller_id: othersNumber }, tenant.managerA.token);
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors)).toEqual(["caller_id"]);
    expect((await tenant.client.get(`/api/campaigns/${created.body.id}`, tenant.managerA.token)).body.caller_id).toBe(number);
    // No caller ID of its own: the organization's (the environment's here) is used, as before.
    expect((await newCampaign(tenant, {})).status).toBe(201);
  });
});

async function upload(tenant: Tenant, csv: string, fields: Record<string, string>, token: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([csv]), "contacts.csv");
  const response = await fetch(`${tenant.client.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(202);
  const { import_id } = await response.json();
  for (let i = 0; i < 150; i++) {
    const job = await tenant.client.get(`/api/imports/${import_id}`, token);
    if (["completed", "failed", "awaiting_review"].includes(job.body.status)) return job.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("import did not settle");
}

describe("a manager's import, bulk create and merge stay in their department", () => {
  it("never matches, previews or overwrites a contact of another department", async () => {
    const tenant = await createTenant();
    const support = await makeContact(tenant, { name: "Support Sam", email: "sam@support.example", tags: ["support"], company: "Support Co" }, tenant.managerB.token);
    const sales = await makeContact(tenant, { name: "Sales Sue", email: "sue@sales.example" }, tenant.managerA.token);
    const csv = `name,phone,email,tags\nHijacked,${support.phone},evil@example.com,hijacked\nSue Updated,${sales.phone},sue@new.example,updated\n`;
    // The manager cannot edit the Support contact directly…
    expect((await tenant.client.request("PUT", `/api/contacts/${support.id}`, { token: tenant.managerA.token, body: { name: "Hijacked" } })).status).toBe(403);

    // …so the preview does not point at it as a duplicate (only at the manager's own).
    const preview = await upload(tenant, csv, { duplicate_handling: "update", dry_run: "true" }, tenant.managerA.token);
    expect(preview.status).toBe("awaiting_review");
    const byRow = new Map(preview.duplicates.map((d: { row: number; duplicate_id: number | null }) => [d.row, d.duplicate_id]));
    expect(byRow.get(2)).toBeNull();
    expect(byRow.get(3)).toBe(sales.id);

    // …and "update existing contacts" updates the manager's own and reports the other row.
    const job = await upload(tenant, csv, { duplicate_handling: "update" }, tenant.managerA.token);
    expect(job.status).toBe("completed");
    expect(job.totals).toMatchObject({ rows: 2, duplicate: 2, created: 0, updated: 1, skipped: 1 });
    expect(job.duplicates).toContainEqual(expect.objectContaining({ row: 2, duplicate_id: null, errors: { phone: [expect.stringContaining("department you cannot edit")] } }));
    const untouched = (await tenant.client.get(`/api/contacts/${support.id}`, tenant.admin.token)).body;
    expect(untouched).toMatchObject({ name: "Support Sam", email: "sam@support.example", tags: ["support"], department_id: tenant.departments.b.id });
    expect((await tenant.client.get(`/api/contacts/${sales.id}`, tenant.admin.token)).body).toMatchObject({ name: "Sue Updated", email: "sue@new.example", tags: ["updated"] });

    // An admin's import may update any department's contact.
    const admins = await upload(tenant, `name,phone\nSam Renamed,${support.phone}\n`, { duplicate_handling: "update", department_id: String(tenant.departments.b.id) }, tenant.admin.token);
    expect(admins.totals).toMatchObject({ updated: 1 });
    expect((await tenant.client.get(`/api/contacts/${support.id}`, tenant.admin.token)).body.name).toBe("Sam Renamed");
  });

  it("bulk create reports another department's contact without pointing at it; a merge with it is refused", async () => {
    const tenant = await createTenant();
    const support = await makeContact(tenant, { name: "Support Sam" }, tenant.managerB.token);
    const sales = await makeContact(tenant, { name: "Sales Sue" }, tenant.managerA.token);
    const bulk = await tenant.client.post(
      "/api/contacts/bulk",
      [
        { name: "Hijacked", phone: support.phone },
        { name: "Sue Again", phone: sales.phone },
      ],
      tenant.managerA.token,
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ created: 0, failed: 2 });
    expect(bulk.body.errors[0]).toEqual({ index: 0, errors: { phone: [expect.stringContaining("department you cannot edit")] } });
    expect(bulk.body.errors[1]).toMatchObject({ index: 1, duplicate_id: sales.id });
    expect((await tenant.client.post("/api/contacts/merge", { primary_id: sales.id, duplicate_ids: [support.id] }, tenant.managerA.token)).status).toBe(403);
    expect((await tenant.client.get(`/api/contacts/${support.id}`, tenant.admin.token)).body.name).toBe("Support Sam");
  });
});

describe("the caller card by phone", () => {
  it("shows a contact of another department only by name, company and phone; one's own in full", async () => {
    const tenant = await createTenant();
    const field = await tenant.client.post("/api/custom-fields", { name: "account_tier", label: "Account tier", field_type: "text_short" }, tenant.admin.token);
    expect(field.status).toBe(201);
    const secretive = { email: "sam@support.example", company: "Support Co", tags: ["vip"], notes: "Owes us 4,000; legal is involved.", custom_fields: { account_tier: "gold" } };
    const support = await makeContact(tenant, { name: "Support Sam", ...secretive }, tenant.managerB.token);
    const sales = await makeContact(tenant, { name: "Sales Sue", ...secretive, phone: uniquePhone() }, tenant.managerA.token);

    const card = await tenant.client.get(`/api/contacts/lookup?phone=${encodeURIComponent(support.phone)}`, tenant.agentA.token);
    expect(card.status).toBe(200);
    expect(card.body.data).toEqual([{ id: support.id, name: "Support Sam", company: "Support Co", phone: support.phone, opted_out: false, restricted: true }]);
    expect(JSON.stringify(card.body)).not.toMatch(/legal|gold|vip|sam@/);

    const own = await tenant.client.get(`/api/contacts/lookup?phone=${encodeURIComponent(sales.phone)}`, tenant.agentA.token);
    expect(own.body.data).toEqual([expect.objectContaining({ id: sales.id, notes: secretive.notes, email: secretive.email, tags: ["vip"], restricted: false })]);
    const admins = await tenant.client.get(`/api/contacts/lookup?phone=${encodeURIComponent(support.phone)}`, tenant.admin.token);
    expect(admins.body.data).toEqual([expect.objectContaining({ id: support.id, notes: secretive.notes, restricted: false })]);
  });
});
