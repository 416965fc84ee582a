import { describe, expect, it } from "vitest";
import { createTenant } from "../support/factories";

describe("the caller's organization: default country and time zone", () => {
  it("is read by every role, changed by admins only, and refuses an unknown country or zone without changing anything", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const agentView = await tenant.client.get("/api/organization", tenant.agentA.token);
    expect(agentView.status).toBe(200);
    expect(agentView.body).toEqual({ id: tenant.organization.id, name: tenant.organization.name, default_country: "US", time_zone: "America/New_York" });

    expect((await tenant.client.patch("/api/organization", { default_country: "GB" }, tenant.agentA.token)).status).toBe(403);
    expect((await tenant.client.patch("/api/organization", { default_country: "GB" }, tenant.managerA.token)).status).toBe(403);
    const badCountry = await tenant.client.patch("/api/organization", { default_country: "ZZ", time_zone: "Europe/London" }, tenant.admin.token);
    expect(badCountry.status).toBe(422);
    expect(Object.keys(badCountry.body.errors)).toEqual(["default_country"]);
    const badZone = await tenant.client.patch("/api/organization", { time_zone: "Mars/Olympus_Mons" }, tenant.admin.token);
    expect(badZone.status).toBe(422);
    expect(badZone.body.errors.time_zone).toBeDefined();
    expect((await tenant.client.patch("/api/organization", { nickname: "x" }, tenant.admin.token)).status).toBe(422);
    expect((await tenant.client.get("/api/organization", tenant.agentA.token)).body).toMatchObject({ default_country: "US", time_zone: "America/New_York" });

    const changed = await tenant.client.patch("/api/organization", { name: "Harbor Calls", default_country: "GB", time_zone: "Europe/London" }, tenant.admin.token);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Harbor Calls", default_country: "GB", time_zone: "Europe/London" });
    // One home for the country: the import settings say the same, and national numbers are read in it.
    expect((await tenant.client.get("/api/settings/import", tenant.admin.token)).body.default_country).toBe("GB");
    const contact = await tenant.client.post("/api/contacts", { name: "London Caller", phone: "020 7946 0958", format_phone: true, department_id: tenant.departments.a.id }, tenant.admin.token);
    expect(contact.status).toBe(201);
    expect(contact.body.phone).toBe("+442079460958");
    // Another organization keeps its own.
    expect((await other.client.get("/api/organization", other.agentA.token)).body).toMatchObject({ default_country: "US", time_zone: "America/New_York" });
  });

  it("is refused without a token", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.get("/api/organization")).status).toBe(401);
  });
});
