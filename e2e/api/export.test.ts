import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";

async function download(tenant: Tenant, query: string, token = tenant.managerA.token) {
  const response = await fetch(`${tenant.client.baseUrl}/api/contacts/export?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get("content-type"), disposition: response.headers.get("content-disposition"), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("contact export", () => {
  it("exports CSV with the spec's columns, tags comma-separated, formula cells neutralized, filters applied", async () => {
    const tenant = await createTenant();
    await tenant.client.post("/api/custom-fields", { name: "source", label: "Lead source", field_type: "text_short" }, tenant.admin.token);
    await makeContact(tenant, { name: '=HYPERLINK("http://evil.example","click")', company: "+SUM(A1:A9)", tags: ["vip", "london"], notes: "Line one\nline two", custom_fields: { source: "@web" } });
    await makeContact(tenant, { name: "Plain Person", tags: ["other"], opted_out: true });
    await makeContact(tenant, { name: "Other Department", tags: ["vip"] }, tenant.managerB.token);

    const all = await download(tenant, "format=csv");
    expect(all.status).toBe(200);
    expect(all.type).toContain("text/csv");
    expect(all.disposition).toMatch(/attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(all.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = Papa.parse<string[]>(all.bytes.toString("utf8").slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(["Name", "Phone", "Email", "Company", "Tags", "Lead source", "Date added", "Last call date", "Last call outcome", "Notes", "Opted out"]);
    expect(rows).toHaveLength(3);
    const risky = rows.find((r) => r[0].includes("HYPERLINK"))!;
    expect(risky[0]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(risky[3]).toBe("'+SUM(A1:A9)");
    expect(risky[4]).toBe("vip, london");
    expect(risky[5]).toBe("'@web");
    expect(risky[9]).toBe("Line one\nline two");
    expect(risky[10]).toBe("no");
    expect(rows.find((r) => r[0] === "Plain Person")![10]).toBe("yes");

    const filtered = Papa.parse<string[]>((await download(tenant, "format=csv&tags=vip", tenant.admin.token)).bytes.toString("utf8").slice(1), { skipEmptyLines: true }).data;
    expect(
      filtered
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['\'=HYPERLINK("http://evil.example","click")', "Other Department"]);
    expect((await download(tenant, "format=csv", tenant.agentA.token)).status).toBe(403);
    expect((await download(tenant, "format=pdf")).status).toBe(422);
  });

  it("exports vCard 3.0, one card per contact", async () => {
    const tenant = await createTenant();
    await makeContact(tenant, { name: "Ada Lovelace", email: "ada@example.com", company: "Engines, Ltd" });
    await makeContact(tenant, { name: "Grace Hopper" });
    const vcf = await download(tenant, "format=vcf");
    expect(vcf.type).toContain("text/vcard");
    const text = vcf.bytes.toString("utf8");
    const cards = text.split("END:VCARD\r\n").filter(Boolean);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
      expect(card).toMatch(/\r\nFN:[^\r\n]+\r\n/);
      expect(card).toMatch(/\r\nTEL;TYPE=VOICE:\+\d+\r\n/);
    }
    expect(text).toContain("ORG:Engines\\, Ltd\r\n");
  });

  it("exports XLSX that a spreadsheet opens, with the same neutralized cells, and audits every export", async () => {
    const tenant = await createTenant();
    await makeContact(tenant, { name: "-2+3 Formula", tags: ["a", "b"] });
    const xlsx = await download(tenant, "format=xlsx");
    expect(xlsx.type).toContain("spreadsheetml");
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe("PK");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Contacts")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Name");
    expect(sheet.getRow(2).getCell(1).value).toBe("'-2+3 Formula");
    expect(sheet.getRow(2).getCell(5).value).toBe("a, b");
    const audit = await tenant.client.get("/api/audit-log?action=contacts.export", tenant.admin.token);
    expect(audit.body.data[0]).toMatchObject({ user_id: tenant.managerA.id, details: { format: "xlsx" } });
  });
});
