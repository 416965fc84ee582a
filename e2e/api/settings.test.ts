import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";

describe("settings", () => {
  it("account admins read defaults and change import, duplicate and retention settings; others get 403", async () => {
    const tenant = await createTenant();
    const get = (key: string, token = tenant.admin.token) => tenant.client.get(`/api/settings/${key}`, token);
    expect((await get("import")).body).toEqual({ max_import_size: 10000, duplicate_handling: "skip", auto_tag: null, strictness: "lenient", phone_formatting: true, default_country: "US" });
    expect((await get("duplicates")).body).toMatchObject({ fuzzy_name_threshold: 70, email_matching: false, merge_behavior: "manual" });
    expect((await get("retention")).body).toEqual({ inactive_contact_days: null, keep_opted_out: true });
    const put = await tenant.client.request("PUT", "/api/settings/import", { token: tenant.admin.token, body: { duplicate_handling: "ask", auto_tag: "imported" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ duplicate_handling: "ask", auto_tag: "imported", max_import_size: 10000 });
    expect((await get("import")).body.duplicate_handling).toBe("ask");
    const bad = await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { fuzzy_name_threshold: 101 } });
    expect(bad.status).toBe(422);
    for (const token of [tenant.managerA.token, tenant.agentA.token]) {
      expect((await get("import", token)).status).toBe(403);
      expect((await tenant.client.request("PUT", "/api/settings/retention", { token, body: { inactive_contact_days: 1 } })).status).toBe(403);
    }
  });

  it("take settings under the spec's names and values as people write them, and refuse keys no one knows", async () => {
    const tenant = await createTenant();
    const put = (key: string, body: object) => tenant.client.request("PUT", `/api/settings/${key}`, { token: tenant.admin.token, body });
    const duplicates = await put("duplicates", { fuzzy_name_matching_threshold: 85, merge_behavior: "Automatic", conflict_rule: "Keep oldest" });
    expect(duplicates.status).toBe(200);
    expect(duplicates.body).toMatchObject({ fuzzy_name_threshold: 85, merge_behavior: "automatic", conflict_rule: "keep_oldest" });
    const imports = await put("import", { auto_tagging: "fair", validation_strictness: "Strict", duplicate_handling: "Update" });
    expect(imports.body).toMatchObject({ auto_tag: "fair", strictness: "strict", duplicate_handling: "update" });
    // A key nobody knows is refused, and nothing of the request is saved.
    const unknown = await put("duplicates", { fuzzy_name_threshold: 60, fuzzy_level: 3 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ fuzzy_level: ["is not a known field."] });
    expect((await put("duplicates", { merge_behavior: "sometimes" })).status).toBe(422);
    expect((await tenant.client.get("/api/settings/duplicates", tenant.admin.token)).body.fuzzy_name_threshold).toBe(85);
  });

  it("keeps both of two changes saved at once", async () => {
    const tenant = await createTenant();
    const saves = await Promise.all([
      tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { fuzzy_name_threshold: 90 } }),
      tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { email_matching: true } }),
      tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { conflict_rule: "keep_oldest" } }),
    ]);
    expect(saves.map((save) => save.status)).toEqual([200, 200, 200]);
    expect((await tenant.client.get("/api/settings/duplicates", tenant.admin.token)).body).toEqual({
      fuzzy_name_threshold: 90,
      email_matching: true,
      merge_behavior: "manual",
      conflict_rule: "keep_oldest",
      similar_name_alone: false,
    });
  });

  it("runs retention on demand and reports what it removed", async () => {
    const tenant = await createTenant();
    await makeContact(tenant);
    const disabled = await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.admin.token);
    expect(disabled.body).toMatchObject({ enabled: false, removed: 0 });
    await tenant.client.request("PUT", "/api/settings/retention", { token: tenant.admin.token, body: { inactive_contact_days: 30 } });
    const run = await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.admin.token);
    expect(run.body).toMatchObject({ enabled: true, removed: 0, contacts: [] });
    expect((await tenant.client.get("/api/audit-log?action=retention.run", tenant.admin.token)).body.data).toHaveLength(1);
    // A dry run reports the same way, is not a run, and so leaves no audit entry.
    const dry = await tenant.client.post("/api/settings/retention/run", { dry_run: true }, tenant.admin.token);
    expect(dry.body).toEqual({ enabled: true, dry_run: true, inactive_contact_days: 30, keep_opted_out: true, removed: 0, contacts: [], contacts_truncated: false });
    expect((await tenant.client.get("/api/audit-log?action=retention.run", tenant.admin.token)).body.data).toHaveLength(1);
    expect((await tenant.client.post("/api/settings/retention/run", { dry_run: "yes" }, tenant.admin.token)).status).toBe(422);
    expect((await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.managerA.token)).status).toBe(403);
  });

  it("a retention run deletes only on an explicit dry_run false: a misspelled or missing key is 422 and nothing runs", async () => {
    const tenant = await createTenant();
    await makeContact(tenant);
    await tenant.client.request("PUT", "/api/settings/retention", { token: tenant.admin.token, body: { inactive_contact_days: 30 } });
    const misspelled = await tenant.client.post("/api/settings/retention/run", { dryRun: true }, tenant.admin.token);
    expect([misspelled.status, misspelled.body.errors]).toEqual([422, { dryRun: ["is not a known field."], dry_run: [expect.any(String)] }]);
    for (const body of [undefined, {}, { dry_run: false, dryrun: true }]) {
      const refused = await tenant.client.post("/api/settings/retention/run", body, tenant.admin.token);
      expect(refused.status).toBe(422);
    }
    // No run happened: a run (not a dry run) is written to the audit log.
    expect((await tenant.client.get("/api/audit-log?action=retention.run", tenant.admin.token)).body.data).toEqual([]);
    expect((await tenant.client.post("/api/settings/retention/run", { dry_run: true }, tenant.admin.token)).body).toMatchObject({ dry_run: true, removed: 0 });
    expect((await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.admin.token)).body).toMatchObject({ dry_run: false, removed: 0 });
    expect((await tenant.client.get("/api/audit-log?action=retention.run", tenant.admin.token)).body.data).toHaveLength(1);
  });

  it("destructive and settings routes refuse a body with a key they do not know (422 naming it) and change nothing", async () => {
    const tenant = await createTenant();
    const token = tenant.admin.token;
    const [a, b] = [await makeContact(tenant, { name: "Ada Lovelace", company: "Engines", tags: ["keep"] }), await makeContact(tenant, { name: "Ada Lovelace", company: "Engines", tags: ["other"] })];
    const field = await tenant.client.post("/api/custom-fields", { name: "shoe_size", label: "Shoe size", field_type: "integer" }, token);
    await tenant.client.request("PUT", "/api/settings/duplicates", { token, body: { merge_behavior: "automatic" } });
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ["POST", "/api/contacts/bulk-actions", { action: "archive", ids: [a.id], dryRun: true }, "dryRun"],
      ["POST", "/api/contacts/merge", { primary_id: a.id, duplicate_ids: [b.id], mergeNotes: false }, "mergeNotes"],
      ["POST", "/api/contacts/duplicates/auto-merge", { dryRun: true }, "dryRun"],
      ["POST", "/api/contacts/duplicates/dismiss", { contact_ids: [a.id, b.id], reason: "not the same" }, "reason"],
      ["PATCH", "/api/tags/keep", { name: "kept", merge: false }, "merge"],
      ["POST", "/api/tags/keep/merge", { into: "other", keepSource: true }, "keepSource"],
      ["POST", `/api/imports/${crypto.randomUUID()}/confirm`, { duplicateHandling: "skip" }, "duplicateHandling"],
      ["DELETE", "/api/campaigns/999999/contacts", { contact_ids: [a.id], all: true }, "all"],
      ["DELETE", `/api/custom-fields/${field.body.id}`, { confirm: true, keepValues: true }, "keepValues"],
      ["PUT", "/api/settings/telephony", { recording: true }, "recording"],
      ["PUT", "/api/settings/import", { maxImportSize: 5 }, "maxImportSize"],
      ["PATCH", "/api/organization", { nmae: "Renamed" }, "nmae"],
    ];
    for (const [method, path, body, unknown] of refusals) {
      const answer = await tenant.client.request(method, path, { token, body });
      expect([method, path, answer.status, answer.body.errors?.[unknown]]).toEqual([method, path, 422, ["is not a known field."]]);
    }
    const contacts = (await tenant.client.get("/api/contacts?status=all", token)).body.data;
    expect(contacts.map((c: { id: number; status: string; tags: string[] }) => [c.id, c.status, c.tags]).sort()).toEqual(
      [
        [a.id, "active", ["keep"]],
        [b.id, "active", ["other"]],
      ].sort(),
    );
    expect((await tenant.client.get("/api/custom-fields", token)).body.data.map((f: { name: string }) => f.name)).toContain("shoe_size");
    expect((await tenant.client.get("/api/settings/telephony", token)).body.recording_enabled).toBe(false);
    expect((await tenant.client.get("/api/contacts/duplicates", token)).body.data).toHaveLength(1);
  });
});

describe("saved filters", () => {
  it("belong to the user who saved them and hold valid list filters", async () => {
    const tenant = await createTenant();
    const created = await tenant.client.post("/api/saved-filters", { name: "VIPs", filters: { tags: "vip", sort: "name" } }, tenant.managerA.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "VIPs", filters: { tags: "vip", sort: "name" } });
    expect((await tenant.client.get("/api/saved-filters", tenant.managerA.token)).body.data).toHaveLength(1);
    expect((await tenant.client.get("/api/saved-filters", tenant.managerB.token)).body.data).toEqual([]);
    expect((await tenant.client.patch(`/api/saved-filters/${created.body.id}`, { name: "Mine" }, tenant.managerB.token)).status).toBe(404);
    expect((await tenant.client.post("/api/saved-filters", { name: "Bad", filters: { sort: "bogus" } }, tenant.managerA.token)).status).toBe(422);
    const unknownFilter = await tenant.client.post("/api/saved-filters", { name: "Bad", filters: { nope: "1" } }, tenant.managerA.token);
    expect(unknownFilter.status).toBe(422);
    expect(unknownFilter.body.errors).toEqual({ "filters.nope": ["is not a known filter."] });
    expect((await tenant.client.post("/api/saved-filters", { name: "VIPs", filters: {} }, tenant.managerA.token)).status).toBe(409);
    const renamed = await tenant.client.patch(`/api/saved-filters/${created.body.id}`, { name: "Top" }, tenant.managerA.token);
    const untouched = await tenant.client.patch(`/api/saved-filters/${created.body.id}`, {}, tenant.managerA.token);
    expect(untouched.status).toBe(200);
    expect(untouched.body).toMatchObject({ name: "Top", filters: { tags: "vip", sort: "name" } });
    expect((await tenant.client.patch(`/api/saved-filters/${created.body.id}`, {}, tenant.managerB.token)).status).toBe(404);
    expect(renamed.body.name).toBe("Top");
    expect((await tenant.client.delete(`/api/saved-filters/${created.body.id}`, tenant.managerA.token)).status).toBe(204);
    expect((await tenant.client.get("/api/saved-filters", tenant.agentA.token)).status).toBe(403);
  });

  it("take values written as JSON and store them as the list's query string spells them", async () => {
    const tenant = await createTenant();
    const created = await tenant.client.post(
      "/api/saved-filters",
      { name: "Typed", filters: { tags: ["vip", "gold"], department_id: tenant.departments.a.id, opted_out: false } },
      tenant.managerA.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.filters).toEqual({ tags: "vip,gold", department_id: String(tenant.departments.a.id), opted_out: "false" });
    const bad = await tenant.client.post("/api/saved-filters", { name: "Bad", filters: { tags: [1, 2], q: { x: 1 } } }, tenant.managerA.token);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["filters.q", "filters.tags"]);
  });
});
