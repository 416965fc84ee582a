import { describe, expect, it } from "vitest";
import { suiteUrl } from "../support/api";
import { newCallSid, signature } from "@/lib/twilio/simulator/simulator";
import { createTenant } from "../support/factories";
import { giveNumber } from "../support/provider";
import { TEST_PROVIDER } from "../support/server.mjs";

// Provider callbacks take the short way past Next.js to their route handlers
// (lib/server/front-door.ts); one that carries an Origin
// header goes through Next.js, as every other request does. Whichever way a
// callback comes, it must be answered the same: the same statuses, the same
// TwiML, the same refusals. What is not a provider callback still reaches
// Next.js (its 404 and 405).

const baseUrl = suiteUrl();
const ORIGIN = { Origin: "https://crm.example.test" };

async function callback(path: string, params: Record<string, string>, { sign = true, headers = {} as Record<string, string>, padding = 0 } = {}) {
  const full = { AccountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, ...params, ...(padding && { Padding: "x".repeat(padding) }) };
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(sign && { "X-Twilio-Signature": signature(TEST_PROVIDER.TWILIO_AUTH_TOKEN, `${baseUrl}${path}`, full) }), ...headers },
    body: new URLSearchParams(full).toString(),
  });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
}

describe("provider callbacks, past the framework or through it", () => {
  it("answer alike: the call is queued, an unsigned or oversized callback refused, an unknown number 404", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    for (const headers of [{}, ORIGIN]) {
      const queued = await callback("/api/telephony/inbound", { CallSid: newCallSid(), From: "+14155550131", To: number, CallStatus: "ringing" }, { headers });
      expect(queued.status).toBe(200);
      expect(queued.type).toContain("text/xml");
      expect(queued.body).toContain("<Enqueue");

      const unsigned = await callback("/api/telephony/inbound", { CallSid: newCallSid(), From: "+14155550132", To: number }, { sign: false, headers });
      expect([unsigned.status, unsigned.type]).toEqual([403, "text/xml; charset=utf-8"]);

      const oversized = await callback("/api/telephony/status", { CallSid: newCallSid(), To: number, CallStatus: "completed" }, { headers, padding: 70 * 1024 });
      expect(oversized.status).toBe(413);

      const nobody = await callback("/api/telephony/inbound", { CallSid: newCallSid(), From: "+14155550133", To: "+19995550000" }, { headers });
      expect(nobody.status).toBe(404);
    }
    // Two callers queued, one per way; the unsigned, oversized and unknown changed nothing.
    const line = await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token).then(() => tenant.client.get("/api/queue/calls", tenant.agentA.token));
    expect(line.body.data.map((call: { from: string }) => call.from)).toEqual(["+14155550131", "+14155550131"]);
  });

  it("a signed callback with a NUL character in a field is refused with 400 either way, and changes nothing", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    for (const headers of [{}, ORIGIN]) {
      for (const [path, params] of [
        ["/api/telephony/inbound", { CallSid: newCallSid(), From: "+1415555\u00000135", To: number, CallStatus: "ringing" }],
        ["/api/telephony/inbound", { CallSid: newCallSid(), From: "+14155550136", To: `${number}\u0000`, CallStatus: "ringing" }],
        ["/api/telephony/status", { CallSid: `${newCallSid()}\u0000`, To: number, CallStatus: "completed" }],
        ["/api/telephony/sms", { MessageSid: "SM" + "0".repeat(32), From: "+14155550137", To: number, Body: "hi\u0000there" }],
      ] as const) {
        const refused = await callback(path, params, { headers });
        expect([path, refused.status, refused.type]).toEqual([path, 400, "text/xml; charset=utf-8"]);
        expect(refused.body).toContain("NUL");
      }
    }
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect((await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data).toEqual([]);
  });

  it("the manual-call callbacks take it too, and what is no callback is Next.js's: 405 for another method, 404 for no route", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const dial = await callback("/api/voice/manual/twiml", { CallSid: newCallSid(), From: `client:user_${tenant.agentA.id}`, To: "+14155550134" });
    expect(dial.status).toBe(200);
    expect(dial.body).toContain("<Dial");

    expect((await fetch(`${baseUrl}/api/telephony/inbound`)).status).toBe(405);
    const none = await callback("/api/telephony/no-such-callback", { CallSid: newCallSid() });
    expect(none.status).toBe(404);
    expect(none.type).toContain("application/json");
  });
});
