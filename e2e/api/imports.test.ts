import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";

const FIXTURE = readFileSync(path.join(process.cwd(), "..", "shared", "fixtures", "contacts-messy.csv"));

async function upload(tenant: Tenant, file: Buffer | string, fields: Record<string, string> = {}, name = "contacts.csv", token = tenant.managerA.token) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)]), name);
  const response = await fetch(`${tenant.client.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

async function settle(tenant: Tenant, id: string, token = tenant.managerA.token) {
  for (let i = 0; i < 150; i++) {
    const job = await tenant.client.get(`/api/imports/${id}`, token);
    if (["completed", "failed", "awaiting_review"].includes(job.body.status)) return job.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("import did not settle");
}

describe("CSV import", () => {
  it("imports the messy fixture: valid rows stored, each invalid and duplicate row reported with its reasons", async () => {
    const tenant = await createTenant();
    const accepted = await upload(tenant, FIXTURE, { auto_tag: "imported" });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ import_id: expect.any(String), status: "queued" });
    const job = await settle(tenant, accepted.body.import_id);
    expect(job.status).toBe("completed");
    expect(job.progress).toBe(100);
    const { totals } = job;
    expect(totals.rows).toBe(totals.valid + totals.duplicate + totals.invalid);
    expect(totals.created).toBe(totals.valid);
    const reasons = new Map(job.errors.map((e: { row: number; errors: object }) => [e.row, Object.keys(e.errors)]));
    expect(reasons.get(7)).toEqual(["phone"]); // No Phone
    expect(reasons.get(8)).toEqual(["phone"]); // 12345
    expect(reasons.get(9)).toEqual(["phone"]); // too long
    expect(reasons.get(11)).toEqual(["name"]); // no name
    expect(reasons.get(14)).toEqual(["phone"]); // national UK number, default country US
    // Nothing else is refused: internationalized addresses (harper.müller15@…) are addresses.
    expect([...reasons.keys()]).toEqual([7, 8, 9, 11, 14]);
    // The wizard's column mapping and the rejected rows' own values (for download).
    expect(job.mapping).toEqual(expect.arrayContaining([expect.objectContaining({ field: "name" }), expect.objectContaining({ field: "phone" })]));
    expect(job.errors.find((e: { row: number }) => e.row === 8).values).toMatchObject({ phone: "12345" });
    expect(job.duplicates).toContainEqual(expect.objectContaining({ row: 10, phone: "+14155552671" })); // repeats Ada (row 2)

    const list = async (q: string) => (await tenant.client.get(`/api/contacts?${q}&per_page=100`, tenant.managerA.token)).body.data;
    expect((await list("status=active")).length).toBe(totals.created);
    const [quoted] = await list(`q=${encodeURIComponent("quoted person")}`);
    expect(quoted).toMatchObject({ name: '"The" Quoted Person', company: 'Quote "Co"', notes: "Line one\nline two" });
    const [ada] = await list("q=lovelace");
    expect(ada.tags).toEqual(["vip", "london", "imported"]);
    expect((await list(`q=${encodeURIComponent("李雷")}`))[0].phone).toBe("+861065529988");
    expect((await list("q=trailing"))[0]).toMatchObject({ name: "Trailing Spaces", phone: "+14155552678", email: "spaces@example.com" });
    expect((await list("tags=dnc")).map((c: { name: string }) => c.name)).toEqual(["Zoë O'Brien"]);
    expect((await list("q=harper"))[0]).toMatchObject({ name: "Harper Müller", email: "harper.müller15@example.com" });
  });

  it("reports a row holding a NUL character as invalid and imports the rest", async () => {
    const tenant = await createTenant();
    const csv = 'na\u0000me,phone,notes\nNul Notes,+14155558801,"a\u0000b"\nOk Person,+14155558803,fine\n';
    const accepted = await upload(tenant, csv, { mapping: JSON.stringify({ "na\uFFFDme": "name" }) });
    expect(accepted.status).toBe(202);
    const job = await settle(tenant, accepted.body.import_id);
    expect(job.status).toBe("completed");
    expect(job.totals).toMatchObject({ rows: 2, valid: 1, invalid: 1, created: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ row: 2, errors: { notes: ["may not contain the NUL character."] }, values: expect.objectContaining({ notes: "a\uFFFDb" }) })]);
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.data.map((c: { name: string }) => c.name)).toEqual(["Ok Person"]);
  });

  it("merges the duplicates an import brings in when the organization merges automatically", async () => {
    const tenant = await createTenant();
    const existing = await makeContact(tenant, { name: "Grace Hopper", email: "grace@navy.example", tags: ["before"] });
    await tenant.client.request("PUT", "/api/settings/duplicates", { token: tenant.admin.token, body: { merge_behavior: "automatic", conflict_rule: "keep_newest", email_matching: true } });
    const accepted = await upload(tenant, "name,phone,email,tags\nG. Hopper,+14155550931,grace@navy.example,imported\nAlan Turing,+14155550932,alan@example.com,\n");
    const job = await settle(tenant, accepted.body.import_id);
    expect(job.status).toBe("completed");
    expect(job.totals).toMatchObject({ rows: 2, created: 2, auto_merged: 1 });

    const list = (await tenant.client.get("/api/contacts", tenant.managerA.token)).body.data;
    expect(list.map((c: { name: string }) => c.name).sort()).toEqual(["Alan Turing", "G. Hopper"]);
    const kept = list.find((c: { name: string }) => c.name === "G. Hopper");
    expect(kept.tags.sort()).toEqual(["before", "imported"]);
    expect((await tenant.client.get(`/api/contacts/${existing.id}`, tenant.managerA.token)).status).toBe(404);
    const audit = await tenant.client.get("/api/audit-log?action=contact.merge", tenant.managerA.token);
    expect(audit.body.data).toEqual([
      expect.objectContaining({ user_id: tenant.managerA.id, details: expect.objectContaining({ mode: "automatic", rule: "keep_newest", merged_ids: [existing.id] }) }),
    ]);
  });

  it("strict mode rejects the whole file when any row is invalid, writing nothing", async () => {
    const tenant = await createTenant();
    const job = await settle(tenant, (await upload(tenant, FIXTURE, { strictness: "strict" })).body.import_id);
    expect(job.status).toBe("failed");
    expect(job.message).toMatch(/Strict/);
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.meta.total).toBe(0);
  });

  it("dry run stops after classification; confirm then imports", async () => {
    const tenant = await createTenant();
    const csv = "Name,Phone\nOne,+14155550001\nTwo,+14155550002\nBad,123\n";
    const job = await settle(tenant, (await upload(tenant, csv, { dry_run: "true" })).body.import_id);
    expect(job).toMatchObject({ status: "awaiting_review", totals: { rows: 3, valid: 2, invalid: 1, created: 0 } });
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.meta.total).toBe(0);
    const confirmed = await tenant.client.post(`/api/imports/${job.id}/confirm`, {}, tenant.managerA.token);
    expect(confirmed.status).toBe(200);
    expect((await settle(tenant, job.id)).totals.created).toBe(2);
    expect((await tenant.client.post(`/api/imports/${job.id}/confirm`, {}, tenant.managerA.token)).status).toBe(409);
  });

  it("duplicate handling: skip keeps existing contacts, update changes them, ask waits for the choice", async () => {
    const tenant = await createTenant();
    const existing = await makeContact(tenant, { name: "Old Name", tags: ["old"] });
    const csv = `Name,Phone,Company,Tags\nNew Name,${existing.phone},New Co,fresh\nOther,+14155550123,,\n`;
    const skipped = await settle(tenant, (await upload(tenant, csv, { duplicate_handling: "skip" })).body.import_id);
    expect(skipped.totals).toMatchObject({ duplicate: 1, created: 1, skipped: 1, updated: 0 });
    expect((await tenant.client.get(`/api/contacts/${existing.id}`, tenant.managerA.token)).body.name).toBe("Old Name");

    const asked = await settle(tenant, (await upload(tenant, csv, { duplicate_handling: "ask" })).body.import_id);
    expect(asked.status).toBe("awaiting_review");
    expect(asked.duplicates.map((d: { duplicate_id: number }) => d.duplicate_id)).toContain(existing.id);
    expect((await tenant.client.post(`/api/imports/${asked.id}/confirm`, {}, tenant.managerA.token)).status).toBe(422);
    await tenant.client.post(`/api/imports/${asked.id}/confirm`, { duplicate_handling: "update" }, tenant.managerA.token);
    expect((await settle(tenant, asked.id)).totals.updated).toBe(2);
    const updated = (await tenant.client.get(`/api/contacts/${existing.id}`, tenant.managerA.token)).body;
    expect(updated).toMatchObject({ name: "New Name", company: "New Co" });
    expect(updated.tags.sort()).toEqual(["fresh", "old"]);
  });

  it("reads an opt-out column: records opt-outs, refuses unreadable values by row, never lifts an existing opt-out", async () => {
    const tenant = await createTenant();
    const optedOut = await makeContact(tenant, { opted_out: true });
    const reachable = await makeContact(tenant);
    const base = tenant.organization.id % 1000;
    const csv = [
      "Name,Phone,Do Not Call",
      `Says yes,+1415666${String(base).padStart(3, "0")}1,Yes`,
      `Says no,+1415666${String(base).padStart(3, "0")}2,no`,
      `Says maybe,+1415666${String(base).padStart(3, "0")}3,maybe`,
      `Was opted out,${optedOut.phone},no`,
      `Opts out now,${reachable.phone},x`,
    ].join("\n");
    const job = await settle(tenant, (await upload(tenant, csv, { duplicate_handling: "update" })).body.import_id);
    expect(job.totals).toMatchObject({ created: 2, updated: 2, invalid: 1 });
    expect(job.errors).toEqual([{ row: 4, errors: { opted_out: ["The opted out field must be true or false (yes or no in a file)."] }, values: expect.objectContaining({ opted_out: "maybe" }) }]);
    const byName = async (q: string) => (await tenant.client.get(`/api/contacts?q=${encodeURIComponent(q)}`, tenant.managerA.token)).body.data[0];
    expect(await byName("Says yes")).toMatchObject({ opted_out: true });
    expect(await byName("Says no")).toMatchObject({ opted_out: false });
    const kept = (await tenant.client.get(`/api/contacts/${optedOut.id}`, tenant.managerA.token)).body;
    expect(kept).toMatchObject({ name: "Was opted out", opted_out: true, opted_out_at: optedOut.opted_out_at });
    expect((await tenant.client.get(`/api/contacts/${reachable.id}`, tenant.managerA.token)).body).toMatchObject({ opted_out: true });
  });

  it("honours an explicit column mapping and the organization's row limit", async () => {
    const tenant = await createTenant();
    const mapped = await settle(tenant, (await upload(tenant, "Who,Digits\nMapped Person,+14155550777\n", { mapping: JSON.stringify({ Who: "name", Digits: "phone" }) })).body.import_id);
    expect(mapped.totals.created).toBe(1);
    await tenant.client.request("PUT", "/api/settings/import", { token: tenant.admin.token, body: { max_import_size: 2 } });
    const big = await settle(tenant, (await upload(tenant, "Name,Phone\nA,+14155550901\nB,+14155550902\nC,+14155550903\n")).body.import_id);
    expect(big.status).toBe("failed");
    expect(big.message).toMatch(/more than 2 rows/);
    const noPhone = await settle(tenant, (await upload(tenant, "Name,Email\nA,a@example.com\n")).body.import_id);
    expect(noPhone.status).toBe("failed");
    expect(noPhone.message).toMatch(/phone column/);
  });

  it("refuses wrong file types, bad options and non-multipart bodies with 422, agents with 403, and hides other organizations' imports", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    expect((await upload(tenant, "x", {}, "contacts.xlsx")).status).toBe(422);
    expect((await upload(tenant, "Name,Phone\n", { strictness: "sloppy" })).status).toBe(422);
    expect((await tenant.client.post("/api/contacts/import/csv", { file: "x" }, tenant.managerA.token)).status).toBe(422);
    expect((await upload(tenant, "Name,Phone\n", {}, "c.csv", tenant.agentA.token)).status).toBe(403);
    const mine = (await upload(tenant, "Name,Phone\nA,+14155550950\n")).body.import_id;
    expect((await other.client.get(`/api/imports/${mine}`, other.admin.token)).status).toBe(404);
    expect((await tenant.client.get("/api/imports/not-a-uuid", tenant.managerA.token)).status).toBe(404);
    const imports = await tenant.client.get("/api/imports", tenant.managerA.token);
    expect(imports.body.data.map((j: { id: string }) => j.id)).toContain(mine);
  });

  it("refuses a file over 50 MB with 413 before reading it", async () => {
    const tenant = await createTenant();
    const response = await upload(tenant, Buffer.alloc(51 * 1024 * 1024, 65));
    expect(response.status).toBe(413);
    expect((await tenant.client.get("/api/imports", tenant.managerA.token)).body.meta.total).toBe(0);
  });
});

describe("spreadsheet import", () => {
  it("refuses links outside the provider and addresses inside the network with 422, before any request", async () => {
    const tenant = await createTenant();
    for (const url of [
      "http://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit",
      "https://127.0.0.1/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit",
      "https://localhost/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit",
      "https://10.0.0.5/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit",
      "https://docs.google.com.attacker.test/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit",
      "file:///etc/passwd",
      "not a url",
    ]) {
      const response = await tenant.client.post("/api/contacts/import/spreadsheet", { url }, tenant.managerA.token);
      expect(response.status, url).toBe(422);
      expect(response.body.errors.url).toBeDefined();
    }
    expect((await tenant.client.post("/api/contacts/import/spreadsheet", {}, tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.post("/api/contacts/import/spreadsheet", { url: "https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQr/edit" }, tenant.agentA.token)).status).toBe(403);
    expect((await tenant.client.get("/api/imports", tenant.managerA.token)).body.meta.total).toBe(0);
  });

  it("counts imports started against the 10 per hour, never links refused before any job", async () => {
    const tenant = await createTenant();
    const url = "https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUv/edit#gid=0";
    const refused = "https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUv/edit#gid=0&x=";
    // Malformed links and (without network access here) links whose host does not resolve are
    // refused before any job exists: twelve of them leave the hourly allowance untouched.
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await tenant.client.post("/api/contacts/import/spreadsheet", { url: i % 2 ? `${refused}${i}` : "https://docs.google.com/not-a-sheet" }, tenant.managerA.token)).status);
    expect(statuses.every((s) => s === 422 || s === 202)).toBe(true);
    const next = await tenant.client.post("/api/contacts/import/spreadsheet", { url }, tenant.managerA.token);
    expect(next.status).not.toBe(429);
  });
});

describe("text encodings people have", () => {
  const csv = "name,phone,company\nChloé Müller,+14155558811,Café Zoë\nJosé Núñez,+14155558812,Peña & Hijos\n";
  const latin1 = Buffer.from(csv, "latin1"); // what Excel on Windows saves as "CSV"
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]); // Excel's "Unicode text"

  async function imported(tenant: Tenant, file: Buffer, fields: Record<string, string> = {}) {
    const accepted = await upload(tenant, file, fields);
    expect(accepted.status).toBe(202);
    return settle(tenant, accepted.body.import_id);
  }

  it("decodes Windows-1252 and UTF-16 with a BOM, says which it read, and stores no replacement characters", async () => {
    for (const [file, encoding] of [
      [latin1, "windows-1252"],
      [utf16, "utf-16le"],
    ] as const) {
      const tenant = await createTenant();
      const job = await imported(tenant, file);
      expect(job.status).toBe("completed");
      expect(job.encoding).toBe(encoding);
      const { body } = await tenant.client.get("/api/contacts?sort=name", tenant.managerA.token);
      expect(body.data.map((c: { name: string; company: string }) => [c.name, c.company])).toEqual([
        ["Chloé Müller", "Café Zoë"],
        ["José Núñez", "Peña & Hijos"],
      ]);
    }
  });

  it("takes the encoding chosen in the wizard, and refuses a file that is not the UTF-8 it was said to be", async () => {
    const tenant = await createTenant();
    const chosen = await imported(tenant, latin1, { encoding: "iso-8859-1" });
    expect(chosen.status).toBe("completed");
    expect(chosen.encoding).toBe("iso-8859-1");
    const refused = await imported(await createTenant(), latin1, { encoding: "utf-8" });
    expect(refused.status).toBe("failed");
    expect(refused.message).toContain("not valid UTF-8");
    expect((await upload(tenant, latin1, { encoding: "ebcdic" })).status).toBe(422);
  });
});

describe("bounded errors for unbounded input", () => {
  it("a 10 MB header line refuses the import with a reason of a few hundred characters", async () => {
    const tenant = await createTenant();
    const accepted = await upload(tenant, `name,phone,${"h".repeat(10 * 1024 * 1024)}\nAna,+14155558821,x\n`);
    const job = await settle(tenant, accepted.body.import_id);
    expect(job.status).toBe("failed");
    expect(job.message).toContain("Column 3's name is 10,485,760 characters long");
    expect(JSON.stringify(job).length).toBeLessThan(4_000);
  });

  it("a row with a million columns and a row with a 20 MB cell are invalid with their reason; the rest is imported", async () => {
    const tenant = await createTenant();
    const wide = `Wide Row,+14155558822${",".repeat(1_000_000)}`;
    const tall = `Long Notes,+14155558823,"${"n".repeat(20 * 1024 * 1024)}"`;
    const accepted = await upload(tenant, ["name,phone,notes", wide, tall, "Fine Row,+14155558824,ok"].join("\n"));
    const job = await settle(tenant, accepted.body.import_id);
    expect(job.status).toBe("completed");
    expect(job.totals).toMatchObject({ rows: 3, valid: 1, invalid: 2, created: 1 });
    expect(job.errors.map((e: { row: number; errors: Record<string, string[]> }) => [e.row, e.errors.row])).toEqual([
      [2, ["The row has 1,000,002 columns; at most 200 are read."]],
      [3, ["Column 3 holds 20,971,520 characters; at most 10,000 are read."]],
    ]);
    // The answer about the job stays small: values are kept clipped for the rejected-rows download.
    expect(JSON.stringify(job).length).toBeLessThan(16_000);
  });
});
