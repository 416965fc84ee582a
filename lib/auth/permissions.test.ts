import { describe, expect, it } from "vitest";
import { assignableRoles, can, keyMay } from "./permissions";

describe("role → permission table", () => {
  it("follows the spec's agent restrictions", () => {
    for (const permission of ["contacts.read", "contacts.import", "campaigns.manage", "settings.manage", "users.read"] as const) {
      expect(can("agent", permission)).toBe(false);
    }
    for (const permission of ["calls.place", "calls.read", "queue.handle"] as const) expect(can("agent", permission)).toBe(true);
  });

  it("gives managers contacts, imports and campaigns but not users, settings or custom field setup", () => {
    expect(can("dept_manager", "contacts.write")).toBe(true);
    expect(can("dept_manager", "contacts.import")).toBe(true);
    expect(can("dept_manager", "campaigns.manage")).toBe(true);
    expect(can("dept_manager", "users.write")).toBe(false);
    expect(can("dept_manager", "settings.manage")).toBe(false);
    expect(can("dept_manager", "custom_fields.write")).toBe(false);
  });

  it("keeps organization creation to the super admin", () => {
    expect(can("super_admin", "organizations.write")).toBe(true);
    expect(can("account_admin", "organizations.write")).toBe(false);
  });

  it("never lets anyone hand out a role above their own", () => {
    expect(assignableRoles("account_admin")).not.toContain("super_admin");
    expect(assignableRoles("dept_manager")).toEqual([]);
    expect(assignableRoles("agent")).toEqual([]);
  });
});

describe("integration key scopes (issue 24)", () => {
  it("read opens GET of a family, write everything in it; other families and people's routes stay closed", () => {
    expect(keyMay({ contacts: "read" }, "contacts.read", "GET")).toBe(true);
    expect(keyMay({ contacts: "read" }, "contacts.write", "POST")).toBe(false);
    expect(keyMay({ contacts: "read" }, "contacts.read", "DELETE")).toBe(false);
    expect(keyMay({ contacts: "write" }, "contacts.import", "POST")).toBe(true);
    expect(keyMay({ contacts: "write" }, "campaigns.manage", "GET")).toBe(false);
    expect(keyMay({ campaigns: "read" }, "campaigns.manage", "GET")).toBe(true);
    for (const permission of ["settings.manage", "users.write", "integrations.manage", "queue.handle", "calls.place", "calls.monitor", "audit.read"] as const) {
      expect(keyMay({ contacts: "write", calls: "write", campaigns: "write", messages: "write", reports: "write", users: "write" }, permission, "GET")).toBe(false);
    }
    expect(keyMay({ contacts: "write" }, undefined, "GET")).toBe(false);
  });
});
