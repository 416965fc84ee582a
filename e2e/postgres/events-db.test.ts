import { describe, expect, inject, it } from "vitest";
import { newCallSid } from "@/lib/telephony/simulator";
import { api, loginAs } from "../support/api";
import { subscribe } from "../support/event-stream";
import { createTenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Two servers on one PostgreSQL: an event published by one process reaches
// the subscribers of the other, through LISTEN/NOTIFY; a sign-out on one
// closes the streams on the other.

describe("events across servers", () => {
  it("delivers an inbound call posted to one server to an agent streaming from the other, and to no other organization", async () => {
    const second = inject("secondBaseUrl");
    const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    const number = await giveNumber(tenant);
    const [onSecond, otherOnSecond, onFirst] = [
      await subscribe(tenant.agentA.token, { baseUrl: second }),
      await subscribe(other.agentA.token, { baseUrl: second }),
      await subscribe(tenant.managerA.token),
    ];
    const callSid = newCallSid();
    const posted = Date.now();
    expect((await provider().inboundCall({ callSid, from: "+14155550777", to: number })).status).toBe(200);
    expect(await onSecond.waitFor((e) => e.type === "queue.entry.added" && e.data.call_sid === callSid)).toBeDefined();
    expect(Date.now() - posted).toBeLessThan(1000);
    expect(await onFirst.waitFor((e) => e.data.call_sid === callSid)).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(otherOnSecond.events.filter((e) => e.data.call_sid === callSid)).toEqual([]);
    [onSecond, otherOnSecond, onFirst].forEach((s) => s.close());
  });

  it("closes a user's stream on the other server when they sign out", async () => {
    const second = inject("secondBaseUrl");
    const tenant = await createTenant();
    const stream = await subscribe(tenant.agentB.token, { baseUrl: second });
    expect(stream.response.status).toBe(200);
    const out = Date.now();
    await api().post("/api/logout", {}, tenant.agentB.token);
    await Promise.race([stream.ended, new Promise((r) => setTimeout(r, 2000))]);
    expect(Date.now() - out).toBeLessThan(1000);
    expect(await loginAs(api(second), tenant.agentB.email, "correct-horse-battery")).toBeTruthy();
  });
});
