import { describe, expect, it } from "vitest";
import { AGENT_TRANSITIONS, CHOSEN_STATUSES, type AgentState } from "@/lib/agents/agent-states";
import { connectedInboundCall } from "../support/call-control";
import { createTenant, type Tenant } from "../support/factories";
import { provider } from "../support/provider";

// Issue 61, point 3: an agent's states, tested from the table the service
// enforces (lib/agents/agent-states.ts, drawn in the README). Each move the
// table gives the agent, and each a call makes, is made here through the
// real routes and callbacks, from every state the agent can be put in.

/** The states a test puts an agent in by their own choice: Missed is the offer timer's (offers.test.ts). */
const REACHABLE = CHOSEN_STATUSES;

const identity = (id: number) => `user_${id}`;

function agentOf(tenant: Tenant) {
  const { token, id } = tenant.agentA;
  return {
    id,
    state: async () => (await tenant.client.get("/api/agent/status", token)).body as { status: AgentState; wrap_up: { returns_to: string } | null },
    choose: (status: AgentState) => tenant.client.post("/api/agent/status", { status }, token),
  };
}

describe("an agent's states, from the table", () => {
  it("every move the table gives the agent is theirs to make, from every state; Missed is not theirs to choose", async () => {
    const tenant = await createTenant();
    const agent = agentOf(tenant);
    for (const from of REACHABLE) {
      for (const to of AGENT_TRANSITIONS.agent[from]!) {
        expect((await agent.choose(from)).status, `${from}`).toBe(200);
        const moved = await agent.choose(to);
        expect([from, to, moved.status, moved.body.status]).toEqual([from, to, 200, to]);
        expect((await agent.state()).status).toBe(to);
      }
    }
    const refused = await agent.choose("missed");
    expect(refused.status).toBe(422);
    expect((await agent.state()).status).toBe(AGENT_TRANSITIONS.agent.wrap_up!.at(-1));
  });

  it("a call placed from every state makes the agent Busy, and its end takes them where the table says: back, or to wrap-up after a conversation", async () => {
    const tenant = await createTenant();
    const agent = agentOf(tenant);
    const sim = provider();
    let n = 0;
    for (const from of REACHABLE) {
      for (const talked of [false, true]) {
        expect((await agent.choose(from)).status).toBe(200);
        const to = `+1415555${String(2000 + n++).padStart(4, "0")}`;
        const call = await sim.manualCall({ identity: identity(agent.id), to });
        expect(call.status).toBe(200);
        const during = (await agent.state()).status;
        expect(AGENT_TRANSITIONS.call_starts[from]).toContain(during);
        await sim.manualStatus({ callSid: call.callSid, identity: identity(agent.id), to, status: talked ? "completed" : "no-answer", duration: talked ? 15 : 0 });
        const after = await agent.state();
        expect(AGENT_TRANSITIONS.call_ends[during]).toContain(after.status);
        // Offline stays Offline; a conversation ends in wrap-up, which returns to the not-ready state the call began in;
        // a call with no conversation gives the agent back the state it began in.
        const expected = from === "offline" ? "offline" : talked ? "wrap_up" : from;
        expect([from, talked, after.status]).toEqual([from, talked, expected]);
        if (expected === "wrap_up") expect(after.wrap_up?.returns_to).toBe(from === "busy" ? "busy" : "available");
      }
    }
  });

  it("an agent on a call who chooses Busy keeps the call, cannot become Available on it, and is Busy again after it (I4: unless they chose otherwise)", async () => {
    const tenant = await createTenant();
    const agent = agentOf(tenant);
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    expect((await agent.choose("busy")).status).toBe(200);
    // The call is still theirs: a reload finds it, and Available is refused while it lasts.
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body).toMatchObject({ status: "busy", call: { call_sid: callSid } });
    expect((await agent.choose("available")).status).toBe(409);
    await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 2 });
    await sim.callStatus({ callSid, to: number, status: "completed", duration: 30 });
    expect(await agent.state()).toMatchObject({ status: "wrap_up", wrap_up: { returns_to: "busy" } });

    // A call placed from Available, Busy chosen while it rings, nobody answers: Busy, not Available.
    expect((await agent.choose("available")).status).toBe(200);
    const placed = await sim.manualCall({ identity: identity(agent.id), to: "+14155552101" });
    expect((await agent.choose("busy")).status).toBe(200);
    await sim.manualStatus({ callSid: placed.callSid, identity: identity(agent.id), to: "+14155552101", status: "no-answer", duration: 0 });
    expect((await agent.state()).status).toBe("busy");
  });
});
