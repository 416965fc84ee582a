import { describe, expect, it } from "vitest";
import { assignableRoles, can } from "./permissions";

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
