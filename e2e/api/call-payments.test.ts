import { describe, expect, inject, it } from "vitest";
import { connectedInboundCall, controlRequests } from "../support/call-control";
import { playCallback } from "../support/campaigns";
import { createTenant, type Tenant } from "../support/factories";

// Issue 47, point 2: a card payment taken on a call pauses its recording by
// itself, for as long as it runs. The payment is the provider's Payments
// resource on the caller's leg (the fake provider keeps each request, and holds
// it against the provider's published API definitions); the caller's keys and
// the processor's answer are the provider's reports, played signed at the
// status address the service gave.

const PAYMENTS = { connector: "Test_Connector", currency: "usd", security_code: true, postal_code: false, card_types: ["visa", "mastercard"] };

async function recordedCallWithPayments(connector: string | null = PAYMENTS.connector) {
  const tenant = await createTenant();
  expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { recording_enabled: true } })).status).toBe(200);
  expect((await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { payments: { ...PAYMENTS, connector } } })).status).toBe(200);
  const call = await connectedInboundCall(tenant);
  return { tenant, ...call };
}

const statusOf = async (tenant: Tenant) => (await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.call;
const paymentsOf = async (callSid: string) => (await controlRequests()).filter((c) => c.call === callSid && c.kind.startsWith("payment."));
const recordingMoves = async (callSid: string) => (await controlRequests()).filter((c) => c.call === callSid && c.kind === "recording.update").map((c) => c.body.Status);

describe("card payments on a call (issue 47, point 2)", () => {
  it("pause the recording while the caller keys the card, and resume it when the processor answers", async () => {
    const { tenant, sim, number, callSid } = await recordedCallWithPayments();
    const start = (body: unknown, token = tenant.agentA.token) => tenant.client.post(`/api/calls/${callSid}/payments`, body, token);

    // Bad input changes nothing.
    for (const body of [{}, { amount: -1 }, { amount: 0 }, { amount: 1.234 }, { amount: 1_000_000 }, { amount: "12" }, { amount: 5, description: "x".repeat(256) }]) {
      expect((await start(body)).status, JSON.stringify(body)).toBe(422);
    }
    // Another agent's call is not theirs to charge.
    expect((await start({ amount: 5 }, tenant.agentB.token)).status).toBe(404);
    expect(await paymentsOf(callSid)).toEqual([]);
    expect(await statusOf(tenant)).toMatchObject({ recording: "recording", payment: null });

    const started = await start({ amount: 42.5, description: "Invoice 1042" });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      call_sid: callSid,
      amount: 42.5,
      currency: "usd",
      description: "Invoice 1042",
      status: "capturing",
      capturing: "payment-card-number",
      required: ["payment-card-number", "expiration-date", "security-code"],
      recording_paused: true,
      card: null,
      ended_at: null,
    });
    const id = started.body.id;

    // The recording paused first, then the session started on the caller's leg and asked for the card number.
    expect(await recordingMoves(callSid)).toEqual(["paused"]);
    const [created, askedNumber] = await paymentsOf(callSid);
    expect(created).toMatchObject({
      kind: "payment.create",
      body: {
        PaymentConnector: "Test_Connector",
        PaymentMethod: "credit-card",
        ChargeAmount: "42.5",
        Currency: "usd",
        Description: "Invoice 1042",
        Input: "dtmf",
        SecurityCode: "true",
        PostalCode: "false",
        ValidCardTypes: "visa mastercard",
        TokenType: "one-time",
      },
    });
    expect(created.body.IdempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const statusCallback = created.body.StatusCallback;
    expect(new URL(statusCallback).pathname + new URL(statusCallback).search).toBe(`/api/telephony/payment?payment=${id}&org=${tenant.organization.id}`);
    expect(askedNumber).toMatchObject({ kind: "payment.update", payment: created.payment, body: { Capture: "payment-card-number", StatusCallback: statusCallback } });
    expect(askedNumber.body.IdempotencyKey).not.toBe(created.body.IdempotencyKey);
    expect(await statusOf(tenant)).toMatchObject({ recording: "paused", payment: { id, status: "capturing" } });

    // One payment at a time; the recording cannot be resumed by hand while it runs.
    expect((await start({ amount: 1 })).status).toBe(409);
    const resume = await tenant.client.post(`/api/calls/${callSid}/recording`, { state: "recording" }, tenant.agentA.token);
    expect(resume.status).toBe(409);
    expect(resume.body.message).toBe("A card payment is being taken: the recording resumes by itself when it ends.");

    const pk = created.payment!;
    const report = (fields: Record<string, string>, address = statusCallback) => playCallback(address, { CallSid: callSid, Sid: pk, PaymentMethod: "credit-card", ...fields });
    const step = (body: unknown) => tenant.client.request("PATCH", `/api/calls/${callSid}/payments/${id}`, { token: tenant.agentA.token, body });

    // Unsigned, another organization's address, another session: nothing changes.
    const path = new URL(statusCallback).pathname + new URL(statusCallback).search;
    expect((await sim.post(path, { CallSid: callSid, Sid: pk, Required: "" }, false)).status).toBe(403);
    const other = await createTenant();
    await playCallback(statusCallback.replace(/org=\d+/, `org=${other.organization.id}`), { CallSid: callSid, Sid: pk, Required: "" });
    await report({ Sid: `PK${"0".repeat(32)}`, Required: "" });
    expect((await statusOf(tenant)).payment.required).toEqual(["payment-card-number", "expiration-date", "security-code"]);
    expect((await step({ status: "complete" })).status).toBe(409);

    // The caller keys the card number: only its last four digits are kept, whatever arrives.
    expect(
      (await report({ Capture: "payment-card-number", PartialResult: "false", Required: "expiration-date,security-code", PaymentCardNumber: "4111111111111111", PaymentCardType: "visa" })).status,
    ).toBe(200);
    expect((await statusOf(tenant)).payment).toMatchObject({ required: ["expiration-date", "security-code"], card: { number: "•••• 1111", type: "visa" }, error: null });

    // Bad steps: 422, nothing asked.
    for (const body of [{}, { capture: "pin" }, { status: "charge" }, { capture: "expiration-date", status: "complete" }]) expect((await step(body)).status, JSON.stringify(body)).toBe(422);
    const asked = (await paymentsOf(callSid)).length;

    // The expiry date: a wrong one is refused, asked again, then keyed; then the security code.
    expect((await step({ capture: "expiration-date" })).body).toMatchObject({ capturing: "expiration-date" });
    await report({ Capture: "expiration-date", ErrorType: "invalid-date", Required: "expiration-date,security-code" });
    expect((await statusOf(tenant)).payment).toMatchObject({ error: "invalid-date", required: ["expiration-date", "security-code"] });
    expect((await step({ capture: "expiration-date" })).body).toMatchObject({ capturing: "expiration-date", error: null });
    await report({ Capture: "expiration-date", Required: "security-code", ExpirationDate: "1230" });
    expect((await step({ capture: "security-code" })).status).toBe(200);
    await report({ Capture: "security-code", Required: "", SecurityCode: "xxx" });
    expect((await paymentsOf(callSid)).slice(asked).map((c) => c.body.Capture)).toEqual(["expiration-date", "expiration-date", "security-code"]);

    // Charge: sent to the processor; the recording stays paused until it answers.
    const charged = await step({ status: "complete" });
    expect(charged.body).toMatchObject({ status: "processing", capturing: null, required: [] });
    expect((await paymentsOf(callSid)).at(-1)).toMatchObject({ kind: "payment.update", body: { Status: "complete" } });
    expect((await step({ capture: "security-code" })).status).toBe(409);
    expect(await recordingMoves(callSid)).toEqual(["paused"]);

    await report({ Result: "success", PaymentConfirmationCode: "ch_3Q1042", PaymentCardNumber: "xxxxxxxxxxxx1111", PaymentCardType: "visa" });
    expect(await recordingMoves(callSid)).toEqual(["paused", "in-progress"]);
    expect(await statusOf(tenant)).toMatchObject({ recording: "recording", payment: { id, status: "succeeded", confirmation_code: "ch_3Q1042", ended_at: expect.any(String) } });
    // A repeated report changes nothing.
    await report({ Result: "payment-connector-error" });
    expect((await statusOf(tenant)).payment).toMatchObject({ status: "succeeded" });
    expect((await step({ status: "cancel" })).status).toBe(409);

    // A second payment, called off by the agent: the recording runs again at once.
    const second = await start({ amount: 5 });
    expect(second.status).toBe(201);
    const canceled = await tenant.client.request("PATCH", `/api/calls/${callSid}/payments/${second.body.id}`, { token: tenant.agentA.token, body: { status: "cancel" } });
    expect(canceled.body).toMatchObject({ status: "canceled", ended_at: expect.any(String) });
    expect((await paymentsOf(callSid)).at(-1)).toMatchObject({ kind: "payment.update", body: { Status: "cancel" } });
    expect(await recordingMoves(callSid)).toEqual(["paused", "in-progress", "paused", "in-progress"]);

    // The call's log: both pauses, with why and when each ended.
    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 90 })).status).toBe(200);
    const log = (await tenant.client.get(`/api/voice/call-logs?call_sid=${callSid}`, tenant.admin.token)).body.data[0];
    expect(log.recording_pauses).toEqual([
      { paused_at: expect.any(String), resumed_at: expect.any(String), reason: "payment" },
      { paused_at: expect.any(String), resumed_at: expect.any(String), reason: "payment" },
    ]);
  });

  it("a recording the agent paused stays paused after the payment; a provider's refusal ends the payment and changes nothing else", async () => {
    const { tenant, callSid } = await recordedCallWithPayments();
    expect((await tenant.client.post(`/api/calls/${callSid}/recording`, { state: "paused" }, tenant.agentA.token)).status).toBe(200);
    const started = await tenant.client.post(`/api/calls/${callSid}/payments`, { amount: 10 }, tenant.agentA.token);
    expect(started.body).toMatchObject({ recording_paused: false });
    await tenant.client.request("PATCH", `/api/calls/${callSid}/payments/${started.body.id}`, { token: tenant.agentA.token, body: { status: "cancel" } });
    expect(await statusOf(tenant)).toMatchObject({ recording: "paused", payment: { status: "canceled" } });
    expect(await recordingMoves(callSid)).toEqual(["paused"]);

    // The provider refuses (the call ended on its side): 502, the payment failed, the recording as it was.
    expect((await tenant.client.post(`/api/calls/${callSid}/recording`, { state: "recording" }, tenant.agentA.token)).status).toBe(200);
    await fetch(`${inject("fakeProviderUrl")}/__hangup?call=${callSid}`, { method: "POST" });
    const refused = await tenant.client.post(`/api/calls/${callSid}/payments`, { amount: 10 }, tenant.agentA.token);
    expect(refused.status).toBe(502);
    expect(await statusOf(tenant)).toMatchObject({ recording: "recording", payment: { status: "failed", error: "not_started" } });
  });

  it("needs a payment step configured, and a caller on the line", async () => {
    const { tenant, callSid } = await recordedCallWithPayments(null);
    const refused = await tenant.client.post(`/api/calls/${callSid}/payments`, { amount: 10 }, tenant.agentA.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("No payment step is configured: an admin names the payment connector in Settings → Telephony.");
    expect(await paymentsOf(callSid)).toEqual([]);
    // Settings refuse a connector name that is not one, and say which field.
    const bad = await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { payments: { ...PAYMENTS, connector: "no spaces", currency: "dollars" } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["payments.connector", "payments.currency"]);

    expect((await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { payments: PAYMENTS } })).status).toBe(200);
    expect((await tenant.client.post(`/api/calls/${callSid}/hold`, { on: true }, tenant.agentA.token)).status).toBe(200);
    const held = await tenant.client.post(`/api/calls/${callSid}/payments`, { amount: 10 }, tenant.agentA.token);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe("Take the caller off hold first: they key their card on the line.");
  });
});
