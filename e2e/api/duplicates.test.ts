import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";

describe("duplicates and merge", () => {
  it("groups by fuzzy name at the configured threshold, and by email only when enabled", async () => {
    const tenant = await createTenant();
    const a = await makeContact(tenant, { name: "Jonathan Smith", email: "js@example.com" });
    const b = await makeContact(tenant, { name: "Jonathon Smith" });
    await makeContact(tenant, { name: "Completely Different" });
    const c = await makeContact(tenant, { name: "Other Name", email: "JS@example.com" });
    // "Jonathan" / "Jonathon" Smith are 67% similar as trigrams.
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { fuzzy_name_threshold: 60 } });
    const groups = async () => (await tenant.client.get("/api/contacts/duplicates", tenant.managerA.token)).body.data;
    expect(await groups()).toEqual([expect.objectContaining({ reason: "name", contact_ids: [a.id, b.id] })]);

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
    expect((await tenant.client.get("/api/audit-log", tenant.managerB.token)).body.data).toEqual([]);
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
    const older = await makeContact(tenant, { name: "Katherine Johnson", tags: ["old"] });
    const newer = await makeContact(tenant, { name: "Katherine Johnsen", tags: ["new"] });
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
      await makeContact(tenant, { name });
      await makeContact(tenant, { name });
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
