import { describe, expect, it } from "vitest";
import { createTenant, type Tenant } from "../support/factories";

// Issue 45, point 4: routing settings read like a plan. The preview says
// what a caller hears and where they go, now or at a chosen time on the
// organization's clock, as steps in words, taking the decisions real calls
// take (a closed plan that takes voicemails ends in the voicemail), and plays
// the caller through the menu: a key, words, hanging up.

const base = { name: "Main line" };

async function walk(tenant: Tenant, plan: object, query = "") {
  const answer = await tenant.client.post(`/api/settings/routing/preview${query}`, { ...base, ...plan }, tenant.admin.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { open_now: boolean; steps: string[]; ends_in: string; twiml: string; time_zone: string; at: string };
}

describe("the routing preview", () => {
  it("ends a closed plan in the voicemail when it takes them, as real calls do, and in the end of the call when not", async () => {
    const tenant = await createTenant();
    const closedAllWeek = { hours: {} };
    const voicemail = await walk(tenant, { ...closedAllWeek, closed_action: "voicemail" });
    expect(voicemail).toMatchObject({ open_now: false, ends_in: "voicemail" });
    expect(voicemail.steps[0]).toMatch(/: closed \(no hours on this day\)\.$/);
    expect(voicemail.steps[0]).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(voicemail.steps.at(-1)).toBe("Then hears “Please leave your name, number and message after the tone. We will call you back.” and leaves a voicemail for the general queue.");
    expect(voicemail.twiml).toContain("<Record");
    const message = await walk(tenant, { ...closedAllWeek, closed_action: "message" });
    expect(message).toMatchObject({ ends_in: "ended" });
    expect(message.steps.at(-1)).toBe("Then the call ends.");
    expect(message.twiml).not.toContain("<Record");
  });

  it("previews another time on the organization's clock", async () => {
    const tenant = await createTenant();
    const weekdays = { hours: { mon: [{ start: "09:00", end: "17:00" }], tue: [{ start: "09:00", end: "17:00" }] } };
    // 2026-11-30 is a Monday, 2026-11-28 a Saturday.
    const monday = await walk(tenant, weekdays, "?at=2026-11-30T10:00");
    expect(monday.open_now).toBe(true);
    expect(monday.steps[0]).toBe(`Nov 30, 2026, 10:00 AM (${monday.time_zone.replaceAll("_", " ")}): open (hours today 09:00–17:00).`);
    expect(monday.steps.at(-1)).toMatch(/^Waits in the general queue/);
    expect((await walk(tenant, weekdays, "?at=2026-11-28T10:00")).open_now).toBe(false);
    expect((await walk(tenant, weekdays, "?at=2026-11-30T17:00")).open_now).toBe(false);
    for (const bad of ["?at=tomorrow", "?at=2026-11-30T25:00", "?digits=12", "?hang_up=maybe"]) {
      const refused = await tenant.client.post(`/api/settings/routing/preview${bad}`, base, tenant.admin.token);
      expect(refused.status, bad).toBe(422);
    }
  });

  it("plays the caller through the menu: a key, words, words it cannot place, hanging up", async () => {
    const tenant = await createTenant();
    const departments = (await tenant.client.get("/api/departments?per_page=100", tenant.admin.token)).body.data as { id: number; name: string }[];
    const [first, second] = departments;
    const menu = {
      menu: {
        greeting: "Thanks for calling.",
        default_digit: "1",
        options: [
          { digit: "1", label: "Sales", words: ["buy"], target: { type: "queue", department_id: first.id } },
          { digit: "2", label: "Support", target: { type: "queue", department_id: second.id } },
          { digit: "3", label: "a message", target: { type: "voicemail", department_id: null } },
        ],
      },
    };
    const listed = await walk(tenant, menu);
    expect(listed.ends_in).toBe("menu");
    expect(listed.steps[1]).toBe("Hears the menu: “Thanks for calling. For Sales, press 1. For Support, press 2. For a message, press 3.”");
    expect(listed.steps).toContain(
      `Pressing 3 or saying “a message”: hears “Please leave your name, number and message after the tone. We will call you back.” and leaves a voicemail for the general queue.`,
    );
    expect(listed.steps.at(-1)).toBe("No answer twice (or an answer it cannot place): Sales (key 1).");
    expect(listed.twiml).toContain("<Gather");

    const pressed = await walk(tenant, menu, "?digits=2");
    expect(pressed.steps.slice(2)).toEqual(["Presses 2.", "That is Support.", expect.stringMatching(new RegExp(`^Waits in ${second.name}’s queue`))]);
    expect(pressed.ends_in).toBe("queue");
    const said = await walk(tenant, menu, `?speech=${encodeURIComponent("I want to buy a phone")}`);
    expect(said.steps.slice(2, 4)).toEqual(["Says “I want to buy a phone”.", "That is Sales."]);
    const unclear = await walk(tenant, menu, "?speech=pizza");
    expect(unclear.steps[3]).toMatch(/^Not understood: hears “Sorry, I did not get that\./);
    expect(unclear.steps[4]).toBe("A second miss (or silence) takes Sales (key 1).");
    const gone = await walk(tenant, menu, "?hang_up=true");
    expect(gone).toMatchObject({ ends_in: "ended" });
    expect(gone.steps.at(-1)).toBe("Hangs up: the call ends, and nothing is left to follow up.");
  });

  it("says a queue nobody serves now takes a voicemail when the plan says so, and gives both branches for another time", async () => {
    const tenant = await createTenant();
    const now = await walk(tenant, { no_agents: "voicemail" });
    expect(now.steps.slice(1)).toEqual([
      "Nobody serving the general queue is on duty now.",
      "Hears “Nobody can take your call right now. Please leave your name, number and message after the tone. We will call you back.” and leaves a voicemail for the general queue.",
    ]);
    expect(now.twiml).toContain("<Record");
    expect(now.ends_in).toBe("voicemail");
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    const staffed = await walk(tenant, { no_agents: "voicemail" });
    expect(staffed.steps.at(-1)).toMatch(/^Waits in the general queue/);
    expect(staffed.twiml).toContain("<Enqueue");
    const later = await walk(tenant, { no_agents: "voicemail" }, "?at=2030-01-07T10:00");
    expect(later.steps.slice(1).map((s) => s.split(":")[0])).toEqual(["If someone serving the general queue is on duty then", "If nobody is"]);
    expect((await tenant.client.post("/api/settings/routing/preview", base, tenant.agentA.token)).status).toBe(403);
  });
});
