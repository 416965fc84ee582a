import { describe, expect, it } from "vitest";
import {
  boundDepartment,
  crossesOrganizations,
  departmentListScope,
  departmentScope,
  mayReceive,
  organizationFor,
  organizationScope,
  ownerScope,
  scopeSql,
  seesOwnCallsOnly,
  seesWholeOrganization,
  servedDepartments,
  servedQueueScope,
  servesQueue,
  userScope,
} from "./scope";
import type { SessionUser } from "./session-user";

const base = {
  name: "n",
  email: "e",
  organization_id: 7,
  token_id: 1,
  queue_department_ids: [],
  active: true,
  max_conversations: 5,
  last_login_at: null,
  created_at: new Date(),
  updated_at: new Date(),
};
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

describe("the scope in SQL", () => {
  const text = (parts: ReturnType<typeof scopeSql>) => parts.map((part) => [part.sql, part.values]);
  it("translates each scope to conditions on the alias given, or on bare columns", () => {
    expect(text(scopeSql(departmentScope(manager), "c"))).toEqual([
      ["c.organization_id = ?", [7]],
      ["c.department_id = ?", [11]],
    ]);
    expect(text(scopeSql(ownerScope(agent), "l"))).toEqual([
      ["l.organization_id = ?", [7]],
      ["l.user_id = ?", [4]],
    ]);
    expect(text(scopeSql(userScope(agent)))).toEqual([
      ["organization_id = ?", [7]],
      ["id = ?", [4]],
    ]);
    expect(scopeSql(departmentScope(superAdmin), "c")).toEqual([]);
  });

  it("answers the yes/no questions pages ask, and refuses another organization for a new record", () => {
    expect([superAdmin, admin, manager, agent].map(crossesOrganizations)).toEqual([true, false, false, false]);
    expect([superAdmin, admin, manager, agent].map(seesWholeOrganization)).toEqual([true, true, false, false]);
    expect([superAdmin, admin, manager, agent].map(seesOwnCallsOnly)).toEqual([false, false, false, true]);
    expect(organizationFor(superAdmin, 9)).toBe(9);
    expect(organizationFor(admin, undefined)).toBe(7);
    expect(() => organizationFor(admin, 9)).toThrow();
    expect(boundDepartment(manager)).toBe(11);
    expect(boundDepartment(admin)).toBeNull();
  });
});

describe("mayReceive: an event reaches whoever could read its record", () => {
  const otherAgent: SessionUser = { ...agent, id: 5 };
  const otherManager: SessionUser = { ...manager, id: 6, department_id: 12 };
  const stranger: SessionUser = { ...admin, id: 8, organization_id: 9 };
  const call = { organization_id: 7, department_id: 11, user_id: 4, assigned_user_id: null };

  it("a call: its agent, their manager, the admins; not a colleague, another department or organization", () => {
    expect([superAdmin, admin, manager, agent].map((u) => mayReceive(u, "owner", call))).toEqual([true, true, true, true]);
    expect([otherAgent, otherManager, stranger].map((u) => mayReceive(u, "owner", call))).toEqual([false, false, false]);
  });

  it("a queue entry: everyone in the organization; an agent's state: the agent and those who manage them", () => {
    const entry = { organization_id: 7, department_id: null, user_id: null, assigned_user_id: null };
    expect([agent, otherManager, stranger].map((u) => mayReceive(u, "organization", entry))).toEqual([true, true, false]);
    expect([agent, otherAgent, manager, otherManager].map((u) => mayReceive(u, "user", call))).toEqual([true, false, true, false]);
  });

  it("a conversation: unassigned to its department's agents, assigned to its assignee only among agents", () => {
    const unassigned = { organization_id: 7, department_id: 11, user_id: null, assigned_user_id: null };
    const assigned = { ...unassigned, assigned_user_id: 4 };
    expect([agent, otherAgent, manager, otherManager].map((u) => mayReceive(u, "conversation", unassigned))).toEqual([true, true, true, false]);
    expect([agent, otherAgent, manager, otherManager].map((u) => mayReceive(u, "conversation", assigned))).toEqual([true, false, true, false]);
  });

  it("an internal event (no organization) reaches no subscriber", () => {
    expect(mayReceive(superAdmin, "organization", { organization_id: null, department_id: null, user_id: null, assigned_user_id: null })).toBe(false);
  });
});

describe("the queues a user serves (issue 23)", () => {
  const member: SessionUser = { ...agent, id: 5, queue_department_ids: [12, 13] };
  it("the general queue, their department's and those they are a member of; admins every one", () => {
    expect([null, 11, 12, 13, 14].map((d) => servesQueue(agent, d))).toEqual([true, true, false, false, false]);
    expect([null, 11, 12, 13, 14].map((d) => servesQueue(member, d))).toEqual([true, true, true, true, false]);
    expect(servesQueue(admin, 14)).toBe(true);
    expect(servedDepartments(member)).toEqual([11, 12, 13]);
    expect(servedDepartments(admin)).toBeNull();
    expect(servedQueueScope(member)).toEqual({ organization_id: 7, OR: [{ department_id: null }, { department_id: { in: [11, 12, 13] } }] });
    expect(servedQueueScope(admin)).toEqual({ organization_id: 7 });
  });
  it("a queue's events reach those who serve it, in its organization only", () => {
    const record = { organization_id: 7, department_id: 12, user_id: null, assigned_user_id: null };
    expect(mayReceive(member, "queue", record)).toBe(true);
    expect(mayReceive(agent, "queue", record)).toBe(false);
    expect(mayReceive(admin, "queue", record)).toBe(true);
    expect(mayReceive(superAdmin, "queue", { ...record, organization_id: 99 })).toBe(true);
    expect(mayReceive(member, "queue", { ...record, organization_id: 99 })).toBe(false);
    expect(mayReceive(agent, "queue", { ...record, department_id: null })).toBe(true);
  });
});
