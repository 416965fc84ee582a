import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

describe("duplicates and merge", () => {
  it("groups by fuzzy name at the configured threshold only with more evidence than the name, and by email only when enabled", async () => {
    const tenant = await createTenant();
    const a = await makeContact(tenant, { name: "Jonathan Smith", email: "js@example.com", company: "Smith & Co" });
    const b = await makeContact(tenant, { name: "Jonathon Smith", company: "smith & co" });
    await makeContact(tenant, { name: "Completely Different" });
    const c = await makeContact(tenant, { name: "Other Name", email: "JS@example.com" });
    // Two different people who only share a similar name.
    const d = await makeContact(tenant, { name: "Maria Garcia", company: "Bakery" });
    const e = await makeContact(tenant, { name: "Mario Garcia", company: "Garage" });
    // "Jonathan" / "Jonathon" Smith are 67% similar as trigrams.
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { fuzzy_name_threshold: 60 } });
    const groups = async () => (await tenant.client.get("/api/contacts/duplicates", tenant.managerA.token)).body.data;
    const first = await groups();
    expect(first).toEqual([expect.objectContaining({ reason: "name", contact_ids: [a.id, b.id] })]);
    // The group says why: the company matches and how alike the names are.
    expect(first[0].signals).toEqual([{ contact_ids: [a.id, b.id], same_email: false, same_company: true, same_phone_digits: false, name_similarity: expect.any(Number) }]);
    expect(first[0].signals[0].name_similarity).toBeGreaterThanOrEqual(0.6);

    // The admin may lower the rule: then a similar name alone is offered too.
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { similar_name_alone: true } });
    expect((await groups()).map((g: { contact_ids: number[] }) => g.contact_ids)).toContainEqual([d.id, e.id]);
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { similar_name_alone: false } });

    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { email_matching: true } });
    const withEmail = await groups();
    expect(withEmail).toContainEqual(expect.objectContaining({ reason: "email", key: "js@example.com", contact_ids: [a.id, c.id] }));
    expect(withEmail[0].contacts[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), phone: expect.any(String) });

    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { fuzzy_name_threshold: 100, email_matching: false } });
    expect(await groups()).toEqual([]);
  });

  it("merges into the chosen primary, carrying tags, notes and filling empty fields, and audits it", async () => {
    const tenant = await createTenant();
    const primary = await makeContact(tenant, { name: "Ada L", tags: ["vip"], notes: "Primary note" });
    const dup = await makeContact(tenant, { name: "Ada Lovelace", email: "ada@example.com", company: "Engines", tags: ["london", "vip"], notes: "Dup note" });
    const merged = await tenant.client.post("/api/contacts/merge", { primary_id: primary.id, duplicate_ids: [dup.id] }, tenant.managerA.token);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: primary.id, name: "Ada L", email: "ada@example.com", company: "Engines", tags: ["vip", "london"], merged_ids: [dup.id] });
    expect(merged.body.notes).toContain("Primary note");
    expect(merged.body.notes).toContain("Dup note");
    expect((await tenant.client.get(`/api/contacts/${dup.id}`, tenant.managerA.token)).status).toBe(404);

    const audit = await tenant.client.get("/api/audit-log?action=contact.merge", tenant.admin.token);
    expect(audit.status).toBe(200);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      user_id: tenant.managerA.id,
      subject_id: String(primary.id),
      details: { primary_id: primary.id, merged_ids: [dup.id], mode: "manual", values_won: { name: { kept: "Ada L", discarded: ["Ada Lovelace"] } } },
    });
    expect(audit.body.data[0].details.removed[0]).toMatchObject({ id: dup.id, phone: dup.phone });

    // The manager reads the merges of their own department; the other
    // department's manager does not see them, agents may not read the log.
    const own = await tenant.client.get("/api/audit-log?action=contact.merge", tenant.managerA.token);
    expect(own.status).toBe(200);
    expect(own.body.data.map((entry: { subject_id: string }) => entry.subject_id)).toEqual([String(primary.id)]);
    expect(own.body.data[0].department_id).toBe(tenant.departments.a.id);
    expect((await tenant.client.get("/api/audit-log?action=contact.merge", tenant.managerB.token)).body.data).toEqual([]);
    expect((await tenant.client.get("/api/audit-log", tenant.agentA.token)).status).toBe(403);
  });

  it("keeps the primary's own tags and notes when told not to merge them", async () => {
    const tenant = await createTenant();
    const primary = await makeContact(tenant, { tags: ["a"], notes: "mine" });
    const dup = await makeContact(tenant, { tags: ["b"], notes: "theirs" });
    const merged = await tenant.client.post("/api/contacts/merge", { primary_id: primary.id, duplicate_ids: [dup.id], merge_tags: false, merge_notes: false }, tenant.managerA.token);
    expect(merged.body).toMatchObject({ tags: ["a"], notes: "mine" });
  });

  it("refuses merges across departments (403), organizations (404) and bad input (422)", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const mine = await makeContact(tenant);
    const theirs = await makeContact(tenant, {}, tenant.managerB.token);
    const foreign = await makeContact(other);
    const merge = (body: object) => tenant.client.post("/api/contacts/merge", body, tenant.managerA.token);
    expect((await merge({ primary_id: mine.id, duplicate_ids: [theirs.id] })).status).toBe(403);
    expect((await merge({ primary_id: mine.id, duplicate_ids: [foreign.id] })).status).toBe(404);
    expect((await merge({ primary_id: mine.id, duplicate_ids: [mine.id] })).status).toBe(422);
    expect((await merge({ primary_id: mine.id, duplicate_ids: [] })).status).toBe(422);
    expect((await tenant.client.get(`/api/contacts/${theirs.id}`, tenant.managerB.token)).status).toBe(200);
  });

  it("keeps an active contact: an archived one may be merged away, not kept", async () => {
    const tenant = await createTenant();
    const active = await makeContact(tenant, { tags: ["live"] });
    const archived = await makeContact(tenant, { tags: ["old"] });
    await tenant.client.delete(`/api/contacts/${archived.id}`, tenant.managerA.token);
    const merge = (body: object) => tenant.client.post("/api/contacts/merge", body, tenant.managerA.token);
    const refused = await merge({ primary_id: archived.id, duplicate_ids: [active.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.primary_id[0]).toContain("archived");
    expect((await tenant.client.get(`/api/contacts/${active.id}`, tenant.managerA.token)).status).toBe(200);
    const merged = await merge({ primary_id: active.id, duplicate_ids: [archived.id] });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ status: "active", tags: ["live", "old"] });
  });

  it("merges automatically by the conflict rule only when the settings say so", async () => {
    const tenant = await createTenant();
    const older = await makeContact(tenant, { name: "Katherine Johnson", company: "NASA", tags: ["old"] });
    const newer = await makeContact(tenant, { name: "Katherine Johnsen", company: "NASA", tags: ["new"] });
    const off = await tenant.client.post("/api/contacts/duplicates/auto-merge", undefined, tenant.managerA.token);
    expect(off.status).toBe(409);
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { merge_behavior: "automatic", conflict_rule: "keep_oldest" } });
    // A dry run answers what the run will do, and leaves both contacts and the audit log as they were.
    const dry = await tenant.client.post("/api/contacts/duplicates/auto-merge", { dry_run: true }, tenant.managerA.token);
    expect(dry.body).toMatchObject({ dry_run: true, conflict_rule: "keep_oldest", groups_merged: 1, contacts_removed: 1, merged: [{ primary_id: older.id, merged_ids: [newer.id] }], skipped: [] });
    expect((await tenant.client.get(`/api/contacts/${newer.id}`, tenant.managerA.token)).body.tags).toEqual(["new"]);
    expect((await tenant.client.get(`/api/contacts/${older.id}`, tenant.managerA.token)).body.tags).toEqual(["old"]);
    expect((await tenant.client.get("/api/audit-log?action=contact.merge", tenant.admin.token)).body.data).toEqual([]);
    expect((await tenant.client.post("/api/contacts/duplicates/auto-merge", { dry_run: 1 }, tenant.managerA.token)).status).toBe(422);
    const run = await tenant.client.post("/api/contacts/duplicates/auto-merge", undefined, tenant.managerA.token);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ dry_run: false, groups_merged: 1, contacts_removed: 1, merged: [{ primary_id: older.id, merged_ids: [newer.id] }] });
    expect((await tenant.client.get(`/api/contacts/${older.id}`, tenant.managerA.token)).body.tags).toEqual(["old", "new"]);
    const audit = await tenant.client.get("/api/audit-log?action=contact.merge", tenant.admin.token);
    expect(audit.body.data[0].details).toMatchObject({ mode: "automatic", rule: "keep_oldest" });
  });

  it("merges the same contacts once when asked several times at once, and merges in opposite directions without deadlock", async () => {
    const tenant = await createTenant();
    const primary = await makeContact(tenant, { name: "Grace H", notes: "Kept" });
    const dup = await makeContact(tenant, { name: "Grace Hopper", notes: "Folded in" });
    // A double click, or two managers on the same group.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => tenant.client.post("/api/contacts/merge", { primary_id: primary.id, duplicate_ids: [dup.id], merge_notes: true }, tenant.managerA.token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404]);
    const kept = (await tenant.client.get(`/api/contacts/${primary.id}`, tenant.managerA.token)).body;
    expect(kept.notes.match(/Merged from/g)).toHaveLength(1);
    expect((await tenant.client.get("/api/audit-log?action=contact.merge", tenant.admin.token)).body.data).toHaveLength(1);

    const a = await makeContact(tenant, { name: "Alan T" });
    const b = await makeContact(tenant, { name: "Alan Turing" });
    const crossed = await Promise.all([
      tenant.client.post("/api/contacts/merge", { primary_id: a.id, duplicate_ids: [b.id] }, tenant.managerA.token),
      tenant.client.post("/api/contacts/merge", { primary_id: b.id, duplicate_ids: [a.id] }, tenant.managerA.token),
    ]);
    expect(crossed.map((c) => c.status).sort()).toEqual([200, 404]);
  });

  it("two automatic merges at once merge each group once between them", async () => {
    const tenant = await createTenant();
    for (const name of ["Mary Jackson", "Dorothy Vaughan", "Annie Easley", "Christine Darden"]) {
      await makeContact(tenant, { name, company: "NASA" });
      await makeContact(tenant, { name, company: "nasa " });
    }
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { merge_behavior: "automatic" } });
    const runs = await Promise.all([
      tenant.client.post("/api/contacts/duplicates/auto-merge", undefined, tenant.managerA.token),
      tenant.client.post("/api/contacts/duplicates/auto-merge", undefined, tenant.admin.token),
    ]);
    expect(runs.map((run) => run.status)).toEqual([200, 200]);
    // A group the other run took is neither merged again nor reported as a failure.
    expect(runs.flatMap((run) => run.body.skipped)).toEqual([]);
    expect(runs.reduce((sum, run) => sum + run.body.groups_merged, 0)).toBe(4);
    expect(runs.reduce((sum, run) => sum + run.body.contacts_removed, 0)).toBe(4);
    expect((await tenant.client.get("/api/audit-log?action=contact.merge", tenant.admin.token)).body.data).toHaveLength(4);
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.meta.total).toBe(4);
  });
});

describe("not a duplicate", () => {
  it("keeps a dismissed pair apart for good: not offered again, not merged automatically; audited; scoped", async () => {
    const tenant = await createTenant();
    const a = await makeContact(tenant, { name: "Alex Morgan", company: "Acme Tools" });
    const b = await makeContact(tenant, { name: "Alex Morgan", company: "Acme Tools" });
    const other = await makeContact(tenant, { name: "Other Dept" }, tenant.managerB.token);
    const groups = async () => (await tenant.client.get("/api/contacts/duplicates", tenant.managerA.token)).body.data;
    expect((await groups()).map((g: { contact_ids: number[] }) => g.contact_ids)).toEqual([[a.id, b.id]]);

    expect((await tenant.client.post("/api/contacts/duplicates/dismiss", { contact_ids: [a.id, other.id] }, tenant.managerA.token)).status).toBe(404);
    expect((await tenant.client.post("/api/contacts/duplicates/dismiss", { contact_ids: [a.id] }, tenant.managerA.token)).status).toBe(422);
    const dismissed = await tenant.client.post("/api/contacts/duplicates/dismiss", { contact_ids: [b.id, a.id] }, tenant.managerA.token);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ dismissed_pairs: 1, contact_ids: [a.id, b.id] });
    expect(await groups()).toEqual([]);

    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { merge_behavior: "automatic" } });
    const run = await tenant.client.post("/api/contacts/duplicates/auto-merge", undefined, tenant.managerA.token);
    expect(run.body).toMatchObject({ groups_merged: 0, contacts_removed: 0 });
    expect((await tenant.client.get("/api/audit-log?action=contact.duplicate_dismiss", tenant.admin.token)).body.data[0]).toMatchObject({ details: { contact_ids: [a.id, b.id], pairs: 1 } });
  });
});

describe("undoing a merge", () => {
  it("brings the removed contacts back exactly (tags, notes, custom fields, calls) and the kept one as it was", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.post("/api/custom-fields", { name: "tier", label: "Tier", field_type: "text_short" }, tenant.admin.token)).status).toBe(201);
    const primary = await makeContact(tenant, { name: "Grace H", tags: ["navy"], notes: "Kept note" });
    const dup = await makeContact(tenant, { name: "Grace Hopper", email: "grace@example.com", company: "Navy", tags: ["cobol", "navy"], notes: "Removed note", custom_fields: { tier: "gold" } });
    // A call of the duplicate, which the merge moves to the kept contact.
    const sim = provider();
    await giveNumber(tenant);
    const call = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: dup.phone, contactId: dup.id });
    await sim.manualStatus({ callSid: call.callSid, identity: `user_${tenant.agentA.id}`, to: dup.phone, status: "completed", duration: 30, contactId: dup.id });
    const before = {
      primary: (await tenant.client.get(`/api/contacts/${primary.id}`, tenant.managerA.token)).body,
      dup: (await tenant.client.get(`/api/contacts/${dup.id}`, tenant.managerA.token)).body,
    };
    expect(before.dup.call_history_total).toBe(1);

    const merged = await tenant.client.post("/api/contacts/merge", { primary_id: primary.id, duplicate_ids: [dup.id] }, tenant.managerA.token);
    expect(merged.status).toBe(200);
    expect(merged.body.merge_id).toEqual(expect.any(Number));
    const listed = await tenant.client.get("/api/contacts/merges", tenant.managerA.token);
    expect(listed.body.data[0]).toMatchObject({ id: merged.body.merge_id, primary: { id: primary.id }, removed: [{ id: dup.id, name: "Grace Hopper" }], undone_at: null });
    expect((await tenant.client.get("/api/contacts/merges", tenant.managerB.token)).body.data).toEqual([]);

    // Another department's manager and another organization cannot undo it.
    expect((await tenant.client.post(`/api/contacts/merges/${merged.body.merge_id}/undo`, undefined, tenant.managerB.token)).status).toBe(404);
    const undo = await tenant.client.post(`/api/contacts/merges/${merged.body.merge_id}/undo`, undefined, tenant.managerA.token);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ merge_id: merged.body.merge_id, primary_id: primary.id, restored_ids: [dup.id] });

    const after = {
      primary: (await tenant.client.get(`/api/contacts/${primary.id}`, tenant.managerA.token)).body,
      dup: (await tenant.client.get(`/api/contacts/${dup.id}`, tenant.managerA.token)).body,
    };
    expect({ ...after.primary, updated_at: null }).toEqual({ ...before.primary, updated_at: null });
    expect(after.dup).toEqual(before.dup);
    expect((await tenant.client.post(`/api/contacts/merges/${merged.body.merge_id}/undo`, undefined, tenant.managerA.token)).status).toBe(409);
    const audit = await tenant.client.get("/api/audit-log?action=contact.merge_undo", tenant.admin.token);
    expect(audit.body.data[0]).toMatchObject({ details: { merge_id: merged.body.merge_id, restored_ids: [dup.id] } });
  });

  it("undoes automatic merges the same way, and refuses when a removed contact's phone is taken again", async () => {
    const tenant = await createTenant();
    const first = await makeContact(tenant, { name: "Twin Person", email: "twin@example.com", company: "Same Co" });
    const second = await makeContact(tenant, { name: "Twin Person", email: "twin@example.com", company: "Same Co", tags: ["b"] });
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { merge_behavior: "automatic", email_matching: true } });
    const run = await tenant.client.post("/api/contacts/duplicates/auto-merge", {}, tenant.managerA.token);
    expect(run.body.groups_merged).toBe(1);
    const mergeId = run.body.merged[0].merge_id;
    const removed = run.body.merged[0].merged_ids[0];
    const removedPhone = removed === first.id ? first.phone : second.phone;
    // Someone takes the removed contact's phone meanwhile: the undo says so and changes nothing.
    const squatter = await makeContact(tenant, { name: "New Owner", phone: removedPhone });
    const refused = await tenant.client.post(`/api/contacts/merges/${mergeId}/undo`, undefined, tenant.managerA.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(removedPhone);
    await tenant.client.request("DELETE", `/api/contacts/${squatter.id}?permanent=true`, { token: tenant.managerA.token });
    expect((await tenant.client.post(`/api/contacts/merges/${mergeId}/undo`, undefined, tenant.managerA.token)).status).toBe(200);
    expect((await tenant.client.get(`/api/contacts/${removed}`, tenant.managerA.token)).status).toBe(200);
  });
});
