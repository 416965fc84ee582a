import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { handMadeZip, minimalWorkbook } from "../support/zip";

async function upload(tenant: Tenant, file: Buffer, fields: Record<string, string> = {}, name = "contacts.xlsx") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${tenant.client.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${tenant.managerA.token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

async function settle(tenant: Tenant, id: string) {
  for (let i = 0; i < 150; i++) {
    const job = await tenant.client.get(`/api/imports/${id}`, tenant.managerA.token);
    if (["completed", "failed", "awaiting_review"].includes(job.body.status)) return job.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("import did not settle");
}

/** A workbook as Excel saves it: a notes sheet first, the contacts on the second, with a date, a decimal and a phone typed as a number. */
async function contactWorkbook(phones: string[]) {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Notes").addRow(["This list came from the spring fair."]);
  const sheet = book.addWorksheet("Fair contacts");
  sheet.addRow(["Name", "Phone", "Email", "Signed up", "Score"]);
  sheet.addRow(["Zoë Ålund", phones[0], "zoe@example.com", new Date(Date.UTC(2026, 2, 14)), 3.5]);
  sheet.addRow(["Ben Numbers", Number(phones[1].slice(1)), "ben@example.com", new Date(Date.UTC(2025, 11, 1)), 12]);
  sheet.addRow(["No Phone", null, "nophone@example.com", null, null]);
  sheet.getColumn(4).numFmt = "dd/mm/yyyy";
  sheet.getColumn(5).numFmt = "0.00";
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(".xlsx import", () => {
  it("imports the sheet the user picks through the same pipeline: dates and numbers as the cells show them, the bad row reported", async () => {
    const tenant = await createTenant();
    for (const field of [
      { name: "signed_up", label: "Signed up", field_type: "date" },
      { name: "score", label: "Score", field_type: "decimal" },
    ]) {
      expect((await tenant.client.post("/api/custom-fields", field, tenant.admin.token)).status).toBe(201);
    }
    // The second is typed as a number, national (read in the organization's country, the US).
    const phones = [uniquePhone(), "+14155550123"];
    const workbook = await contactWorkbook(phones);

    // The first sheet by default: it has no contacts, and the import says why.
    const first = await upload(tenant, workbook);
    expect(first.status).toBe(202);
    const refused = await settle(tenant, first.body.import_id);
    expect(refused).toMatchObject({ status: "failed", source: "xlsx", sheets: ["Notes", "Fair contacts"], sheet: "Notes" });
    expect(refused.message).toContain("needs a name and a phone column");

    const picked = await upload(tenant, workbook, { sheet: "Fair contacts" });
    expect(picked.status).toBe(202);
    const job = await settle(tenant, picked.body.import_id);
    expect(job).toMatchObject({ status: "completed", sheet: "Fair contacts", totals: { rows: 3, valid: 2, invalid: 1, created: 2 } });
    expect(job.columns).toEqual(["Name", "Phone", "Email", "Signed up", "Score"]);
    expect(job.errors).toEqual([expect.objectContaining({ row: 4, errors: { phone: expect.any(Array) } })]);

    const zoe = (await tenant.client.get(`/api/contacts?q=${encodeURIComponent(phones[0].slice(1))}`, tenant.managerA.token)).body.data[0];
    expect(zoe).toMatchObject({ name: "Zoë Ålund", phone: phones[0], email: "zoe@example.com", custom_fields: { signed_up: "2026-03-14", score: 3.5 } });
    const ben = (await tenant.client.get(`/api/contacts?q=${encodeURIComponent(phones[1].slice(1))}`, tenant.managerA.token)).body.data[0];
    expect(ben).toMatchObject({ phone: phones[1], custom_fields: { signed_up: "2025-12-01", score: 12 } });

    // By position too; a sheet that is not there is refused before any job runs.
    expect((await upload(tenant, workbook, { sheet: "2", dry_run: "true" })).status).toBe(202);
    const missing = await upload(tenant, workbook, { sheet: "Autumn" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.sheet[0]).toContain("its sheets: Notes, Fair contacts");
  });

  it("refuses a zip bomb, a part that lies about its size and a sheet past the cell limit before expanding them", async () => {
    const tenant = await createTenant();
    // 200 MB of one letter packs to about 200 KB: a thousand to one.
    const bomb = handMadeZip(minimalWorkbook(Buffer.alloc(200 * 1024 * 1024, "a")));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refusedBomb = await upload(tenant, bomb);
    expect(refusedBomb.status).toBe(413);
    expect(refusedBomb.body.message).toContain("zip bomb");

    // Declares 2 KB, unpacks to 20 MB: stopped as soon as it passes what it declared.
    const liar = handMadeZip(minimalWorkbook(Buffer.alloc(20 * 1024 * 1024, " "), 2048));
    const refusedLiar = await upload(tenant, liar);
    expect(refusedLiar.status).toBe(413);
    expect(refusedLiar.body.message).toContain("more than it declares");

    // A sheet that declares 26 columns × 300,000 rows: 7.8 million cells.
    const wide = handMadeZip(minimalWorkbook('<worksheet><dimension ref="A1:Z300000"/><sheetData/></worksheet>'));
    const refusedWide = await upload(tenant, wide);
    expect(refusedWide.status).toBe(422);
    expect(refusedWide.body.errors.file[0]).toContain("7,800,000 cells");

    // Broken XML in the sheet: the import fails saying so (the directory was fine, so the upload was taken).
    const broken = await upload(tenant, handMadeZip(minimalWorkbook("<worksheet><sheetData><row><c><v>1</v></row></sheetData></worksheet>")));
    expect(broken.status).toBe(202);
    const failed = await settle(tenant, broken.body.import_id);
    expect(failed.status).toBe("failed");
    expect(failed.message).toContain('The sheet "Sheet1" could not be read');

    const notAWorkbook = await upload(tenant, Buffer.from("name,phone\nA,+12125550100\n"));
    expect(notAWorkbook.status).toBe(422);
    expect(notAWorkbook.body.errors.file[0]).toContain("not an .xlsx workbook");
    // Nothing of the refused ones was kept: only the broken sheet's import, which failed.
    expect((await tenant.client.get("/api/imports", tenant.managerA.token)).body.data.map((i: { status: string }) => i.status)).toEqual(["failed"]);
  });
});
