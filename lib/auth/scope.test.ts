import { describe, expect, it } from "vitest";
import { departmentListScope, departmentScope, organizationScope, ownerScope, userScope } from "./scope";
import type { SessionUser } from "./session-user";

const base = { name: "n", email: "e", organization_id: 7, token_id: 1, active: true, last_login_at: null, created_at: new Date(), updated_at: new Date() };
const superAdmin: SessionUser = { ...base, id: 1, role: "super_admin", department_id: null };
const admin: SessionUser = { ...base, id: 2, role: "account_admin", department_id: null };
const manager: SessionUser = { ...base, id: 3, role: "dept_manager", department_id: 11 };
const agent: SessionUser = { ...base, id: 4, role: "agent", department_id: 11 };

describe("scopes", () => {
  it("super admin sees everything, account admin the organization", () => {
    expect(organizationScope(superAdmin)).toEqual({});
    expect(departmentScope(superAdmin)).toEqual({});
    expect(organizationScope(admin)).toEqual({ organization_id: 7 });
    expect(departmentScope(admin)).toEqual({ organization_id: 7 });
  });

  it("a manager is held to their department, an agent to their own records", () => {
    expect(departmentScope(manager)).toEqual({ organization_id: 7, department_id: 11 });
    expect(ownerScope(manager)).toEqual({ organization_id: 7, department_id: 11 });
    expect(ownerScope(agent)).toEqual({ organization_id: 7, user_id: 4 });
    expect(userScope(agent)).toEqual({ organization_id: 7, id: 4 });
    expect(departmentListScope(agent)).toEqual({ organization_id: 7, id: 11 });
  });

  it("a manager without a department matches nothing rather than everything", () => {
    expect(departmentScope({ ...manager, department_id: null })).toEqual({ organization_id: 7, department_id: -1 });
  });
});
