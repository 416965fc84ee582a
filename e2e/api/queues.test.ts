import { describe, expect, it } from "vitest";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 44, points 1 and 2: queues as resources with their distribution, and
// agents' skills.

interface Queue {
  id: number;
  name: string;
  department_id: number | null;
  distribution: string;
  offer_timeout_seconds: number;
  priority: number;
  overflow: unknown;
  required_skills: unknown[];
  waiting: number;
  longest_wait_seconds: number;
  agents_available: number;
}

async function queues(tenant: Tenant, token: string): Promise<Queue[]> {
  const listed = await tenant.client.get("/api/queues", token);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.data;
}

describe("queues", () => {
  it("every queue has a stable id and the defaults; each caller sees the queues they serve", async () => {
    const tenant = await createTenant();
    const all = await queues(tenant, tenant.admin.token);
    expect(all.map((q) => [q.name, q.department_id])).toEqual([
      ["General", null],
      ["A", tenant.departments.a.id],
      ["B", tenant.departments.b.id],
    ]);
    expect(all[0]).toMatchObject({
      distribution: "pick",
      offer_timeout_seconds: 20,
      wrap_up_seconds: 0,
      disposition_required: false,
      priority: 0,
      overflow: null,
      required_skills: [],
      waiting: 0,
      longest_wait_seconds: 0,
    });
    expect((await queues(tenant, tenant.admin.token)).map((q) => q.id)).toEqual(all.map((q) => q.id));
    expect((await queues(tenant, tenant.agentA.token)).map((q) => q.name)).toEqual(["General", "A"]);
    expect((await queues(tenant, tenant.managerB.token)).map((q) => q.name)).toEqual(["General", "B"]);
    // Another department's queue is not found; one's own is.
    expect((await tenant.client.get(`/api/queues/${all[2].id}`, tenant.agentA.token)).status).toBe(404);
    expect((await tenant.client.get(`/api/queues/${all[1].id}`, tenant.agentA.token)).body).toMatchObject({ id: all[1].id, name: "A" });
    // Another organization's queue is not found, even for its admin's peer.
    const other = await createTenant();
    expect((await tenant.client.get(`/api/queues/${(await queues(other, other.admin.token))[0].id}`, tenant.admin.token)).status).toBe(404);
  });

  it("an admin sets the distribution and settings; the answer and the list say what was saved", async () => {
    const tenant = await createTenant();
    const [general, a, b] = await queues(tenant, tenant.admin.token);
    const patch = {
      distribution: "offer",
      offer_timeout_seconds: 15,
      wrap_up_seconds: 30,
      disposition_required: true,
      priority: 7,
      overflow: { after_seconds: 45, to_queue_id: b.id },
      required_skills: [{ skill: " Spanish ", min_level: 3 }],
    };
    const saved = await tenant.client.patch(`/api/queues/${a.id}`, patch, tenant.admin.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ...patch, id: a.id, name: "A", required_skills: [{ skill: "spanish", min_level: 3 }] });
    expect((await queues(tenant, tenant.admin.token))[1]).toEqual(saved.body);
    // What is left out stays; null clears the overflow.
    const cleared = await tenant.client.patch(`/api/queues/${a.id}`, { overflow: null }, tenant.admin.token);
    expect(cleared.body).toMatchObject({ distribution: "offer", priority: 7, overflow: null });
    expect((await tenant.client.patch(`/api/queues/${general.id}`, { distribution: "offer" }, tenant.admin.token)).body.distribution).toBe("offer");
    const audit = await tenant.client.get("/api/audit-log", tenant.admin.token);
    expect(audit.body.data.filter((e: { action: string }) => e.action === "queue.updated")).toHaveLength(3);
  });

  it("invalid values are refused with 422 naming the field, and nothing changes", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const [, a] = await queues(tenant, tenant.admin.token);
    const foreign = (await queues(other, other.admin.token))[0].id;
    const cases: [unknown, string][] = [
      [{ distribution: "round_robin" }, "distribution"],
      [{ offer_timeout_seconds: 4 }, "offer_timeout_seconds"],
      [{ offer_timeout_seconds: 121 }, "offer_timeout_seconds"],
      [{ wrap_up_seconds: 601 }, "wrap_up_seconds"],
      [{ priority: 11 }, "priority"],
      [{ priority: 2.5 }, "priority"],
      [{ disposition_required: "yes" }, "disposition_required"],
      [{ overflow: { after_seconds: 0, to_queue_id: a.id } }, "overflow.after_seconds"],
      [{ overflow: { after_seconds: 30, to_queue_id: a.id } }, "overflow.to_queue_id"],
      [{ overflow: { after_seconds: 30, to_queue_id: foreign } }, "overflow.to_queue_id"],
      [{ required_skills: [{ skill: "spanish", min_level: 0 }] }, "required_skills.0.min_level"],
      [
        {
          required_skills: [
            { skill: "spanish", min_level: 2 },
            { skill: "SPANISH", min_level: 3 },
          ],
        },
        "required_skills.1.skill",
      ],
      [{ required_skills: [{ skill: "", min_level: 2 }] }, "required_skills.0.skill"],
      [{ surprise: 1 }, "surprise"],
    ];
    for (const [body, field] of cases) {
      const refused = await tenant.client.patch(`/api/queues/${a.id}`, body, tenant.admin.token);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(refused.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await queues(tenant, tenant.admin.token))[1]).toMatchObject({ distribution: "pick", offer_timeout_seconds: 20, priority: 0, overflow: null, required_skills: [] });
  });

  it("a department's manager changes their department's queue only; agents change none", async () => {
    const tenant = await createTenant();
    const [general, a, b] = await queues(tenant, tenant.admin.token);
    expect((await tenant.client.patch(`/api/queues/${a.id}`, { priority: 3 }, tenant.managerA.token)).status).toBe(200);
    expect((await tenant.client.patch(`/api/queues/${general.id}`, { priority: 3 }, tenant.managerA.token)).status).toBe(403);
    expect((await tenant.client.patch(`/api/queues/${b.id}`, { priority: 3 }, tenant.managerA.token)).status).toBe(404);
    expect((await tenant.client.patch(`/api/queues/${a.id}`, { priority: 4 }, tenant.agentA.token)).status).toBe(403);
    expect((await queues(tenant, tenant.admin.token)).map((q) => q.priority)).toEqual([0, 3, 0]);
  });

  it("live figures: callers waiting, the longest wait, available agents who serve the queue", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await provider().inboundCall({ from: "+14155550911", to: number });
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
    const [general, a, b] = await queues(tenant, tenant.admin.token);
    expect(general).toMatchObject({ waiting: 1, agents_available: 1 });
    expect(general.longest_wait_seconds).toBeGreaterThanOrEqual(0);
    expect(a.agents_available).toBe(1);
    expect(b).toMatchObject({ waiting: 0, agents_available: 0 });
  });
});

describe("skills", () => {
  it("an admin sets an agent's skills as a whole; GET /api/users/{id} and the list show them", async () => {
    const tenant = await createTenant();
    const put = (userId: number, body: unknown, token = tenant.admin.token) => tenant.client.request("PUT", `/api/users/${userId}/skills`, { token, body });
    const saved = await put(tenant.agentA.id, [
      { skill: "Spanish", level: 7 },
      { skill: "billing", level: 3 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      user_id: tenant.agentA.id,
      skills: [
        { skill: "billing", level: 3 },
        { skill: "spanish", level: 7 },
      ],
    });
    expect((await tenant.client.get(`/api/users/${tenant.agentA.id}`, tenant.admin.token)).body.skills).toEqual(saved.body.skills);
    const listed = await tenant.client.get("/api/users?per_page=100", tenant.admin.token);
    expect(listed.body.data.find((u: { id: number }) => u.id === tenant.agentA.id).skills).toEqual(saved.body.skills);
    // As a whole: what is left out goes.
    expect((await put(tenant.agentA.id, [{ skill: "spanish", level: 9 }])).body.skills).toEqual([{ skill: "spanish", level: 9 }]);
    expect((await put(tenant.agentA.id, [])).body.skills).toEqual([]);
  });

  it("a manager sets their department's people's skills only; agents set none; bad lists are refused whole", async () => {
    const tenant = await createTenant();
    const put = (userId: number, body: unknown, token: string) => tenant.client.request("PUT", `/api/users/${userId}/skills`, { token, body });
    expect((await put(tenant.agentA.id, [{ skill: "french", level: 2 }], tenant.managerA.token)).status).toBe(200);
    expect((await put(tenant.agentB.id, [{ skill: "french", level: 2 }], tenant.managerA.token)).status).toBe(404);
    expect((await put(tenant.agentA.id, [{ skill: "french", level: 2 }], tenant.agentA.token)).status).toBe(403);
    const other = await createTenant();
    expect((await put(other.agentA.id, [{ skill: "french", level: 2 }], tenant.admin.token)).status).toBe(404);
    for (const [body, field] of [
      [[{ skill: "french", level: 11 }], "0.level"],
      [
        [
          { skill: "french", level: 2 },
          { skill: "French", level: 3 },
        ],
        "1.skill",
      ],
      [[{ skill: "x".repeat(41), level: 2 }], "0.skill"],
      [{ skill: "french", level: 2 }, "form"],
    ] as [unknown, string][]) {
      const refused = await put(tenant.agentA.id, body, tenant.admin.token);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      if (field !== "form") expect(Object.keys(refused.body.errors)).toContain(field);
    }
    expect((await tenant.client.get(`/api/users/${tenant.agentA.id}`, tenant.admin.token)).body.skills).toEqual([{ skill: "french", level: 2 }]);
  });
});
