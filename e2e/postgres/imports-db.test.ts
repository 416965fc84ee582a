import { describe, expect, inject, it } from "vitest";
import { api } from "../support/api";
import { createTenant, type Tenant } from "../support/factories";
import { pendingSearchPages } from "../support/gin-pending";
import { connectToTestDatabase } from "../support/test-database";

const db = connectToTestDatabase();

async function upload(baseUrl: string, token: string, csv: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([csv]), "contacts.csv");
  const response = await fetch(`${baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(202);
  return (await response.json()).import_id as string;
}

async function settle(tenant: Tenant, id: string, baseUrl: string) {
  const client = api(baseUrl);
  // A minute: the gate runs three API files at a time on two cores, and a job whose lease lapsed is resumed after it.
  let job;
  for (let i = 0; i < 300; i++) {
    job = await client.get(`/api/imports/${id}`, tenant.managerA.token);
    if (["completed", "failed", "awaiting_review"].includes(job.body.status)) return job.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`import did not settle: ${JSON.stringify(job?.body)}`);
}

const rows = (n: number, prefix: string) => ["Name,Phone", ...Array.from({ length: n }, (_, i) => `${prefix} ${i},+1408${String(i).padStart(7, "0")}`)].join("\n");

describe("imports across processes", { timeout: 150_000 }, () => {
  it("a job uploaded to one process is visible and finished from the other", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const id = await upload(inject("baseUrl"), tenant.managerA.token, rows(50, "Shared"));
    const job = await settle(tenant, id, inject("secondBaseUrl"));
    expect(job).toMatchObject({ status: "completed", totals: { created: 50 } });
  });

  it("resumes after the last committed batch: rows already written are not written again", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const id = await upload(inject("baseUrl"), tenant.managerA.token, rows(2500, "Resume"), { dry_run: "true" });
    expect((await settle(tenant, id, inject("baseUrl"))).status).toBe("awaiting_review");
    // As if a first run had committed the first batch (rows up to 1,001) and then crashed.
    await db.query(`UPDATE import_jobs SET processed_rows = 1001 WHERE id = $1`, [id]);
    await api(inject("secondBaseUrl")).post(`/api/imports/${id}/confirm`, {}, tenant.managerA.token);
    const job = await settle(tenant, id, inject("baseUrl"));
    expect(job).toMatchObject({ status: "completed", totals: { rows: 2500, created: 1500 } });
    const { rows: found } = await db.query(`SELECT min(name) AS first FROM contacts WHERE organization_id = $1 AND name LIKE 'Resume %' AND name = 'Resume 999'`, [tenant.organization.id]);
    expect(found[0].first).toBeNull();
    const {
      rows: [count],
    } = await db.query(`SELECT count(*)::int AS n FROM contacts WHERE organization_id = $1`, [tenant.organization.id]);
    expect(count.n).toBe(1500);
  });

  it("an import of 1,000 rows or more has merged its search index entries when it completes", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const id = await upload(inject("baseUrl"), tenant.managerA.token, rows(1500, "Indexed").replaceAll("+1408", "+1409"));
    expect(await settle(tenant, id, inject("baseUrl"))).toMatchObject({ status: "completed", totals: { created: 1500 } });
    // Other suites may write a few rows meanwhile; 1,500 unmerged rows leave dozens of pages.
    expect(await pendingSearchPages(db)).toBeLessThanOrEqual(5);
  });
});
