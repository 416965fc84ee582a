import { describe, expect, it } from "vitest";
import { ALL_DAY, available, campaign, contactsOf, extraAgent, inHoursPhone, outOfHoursPhone, placedCalls, playCallback, waitForCalls } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";
import { giveNumber } from "../support/provider";
import { conferenceName, controlRequests, slowProvider, twimlAttribute } from "../support/call-control";

describe("campaigns: definition and access", () => {
  it("refuses contact ids of another department or organization with 422 naming the field, on create, edit and add", async () => {
    const [tenant, outsider] = await Promise.all([createTenant(), createTenant()]);
    const own = await makeContact(tenant, {});
    const otherDepartment = await makeContact(tenant, {}, tenant.managerB.token);
    const otherOrganization = await makeContact(outsider, {});
    for (const foreign of [otherDepartment.id, otherOrganization.id, 987654321]) {
      const response = await tenant.client.post("/api/campaigns", { name: "Borrowed contacts", calling_window: ALL_DAY, selection: { contact_ids: [own.id, foreign] } }, tenant.managerA.token);
      expect(response.status).toBe(422);
      expect(response.body.errors["selection.contact_ids"][0]).toContain(String(foreign));
    }
    expect((await tenant.client.get("/api/campaigns", tenant.managerA.token)).body.data).toEqual([]);

    const draft = await campaign(tenant, { selection: { contact_ids: [own.id] } });
    const edit = await tenant.client.request("PATCH", `/api/campaigns/${draft.id}`, { token: tenant.managerA.token, body: { selection: { contact_ids: [otherOrganization.id] } } });
    expect(edit.status).toBe(422);
    const add = await tenant.client.post(`/api/campaigns/${draft.id}/contacts`, { contact_ids: [otherDepartment.id] }, tenant.managerA.token);
    expect(add.status).toBe(422);
    expect(add.body.errors.contact_ids[0]).toContain(String(otherDepartment.id));
    expect((await tenant.client.get(`/api/campaigns/${draft.id}`, tenant.managerA.token)).body.selection.contact_ids).toEqual([own.id]);
  });

  it("creates, lists, edits and deletes drafts; validates; agents 403, other departments 403, other organizations 404", async () => {
    const tenant = await createTenant();
    const created = await campaign(tenant, { selection: { tags: ["spring"] }, dialing_mode: "progressive", max_attempts: 2 });
    expect(created).toMatchObject({ status: "draft", exclude_dnc: true, dialing_mode: "progressive", max_attempts: 2, department_id: tenant.departments.a.id, retry_outcomes: ["no-answer", "busy"] });

    const list = await tenant.client.get("/api/campaigns", tenant.managerA.token);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([created.id]);
    expect((await tenant.client.get("/api/campaigns", tenant.managerB.token)).body.data).toEqual([]);
    expect((await tenant.client.get(`/api/campaigns/${created.id}`, tenant.managerB.token)).status).toBe(403);
    const outsider = await createTenant();
    expect((await outsider.client.get(`/api/campaigns/${created.id}`, outsider.admin.token)).status).toBe(404);
    for (const [method, path] of [
      ["GET", "/api/campaigns"],
      ["POST", "/api/campaigns"],
      ["GET", `/api/campaigns/${created.id}`],
      ["POST", `/api/campaigns/${created.id}/start`],
      ["GET", `/api/campaigns/${created.id}/stats`],
    ]) {
      expect((await tenant.client.request(method, path, { token: tenant.agentA.token, body: method === "POST" ? {} : undefined })).status, `${method} ${path}`).toBe(403);
    }

    for (const body of [
      { name: "", selection: { tags: ["x"] } },
      { name: "No selection", selection: {} },
      { name: "Bad", selection: { tags: ["x"] }, calling_window: { start: "20:00", end: "09:00", days: [1] } },
      { name: "Bad", selection: { tags: ["x"] }, dialing_mode: "robocall" },
      { name: "Bad", selection: { tags: ["x"] }, timezone_policy: "campaign" },
      { name: "Bad", selection: { tags: ["x"] }, caller_id: "555" },
    ]) {
      const response = await tenant.client.post("/api/campaigns", body, tenant.managerA.token);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors).toBeDefined();
    }

    const edited = await tenant.client.request("PATCH", `/api/campaigns/${created.id}`, { token: tenant.managerA.token, body: { name: "Spring outreach 2", retry_delay_minutes: 30 } });
    expect(edited.body).toMatchObject({ name: "Spring outreach 2", retry_delay_minutes: 30 });
    // What a PATCH leaves out keeps its value (not the creation default).
    const tuned = await tenant.client.request("PATCH", `/api/campaigns/${created.id}`, { token: tenant.managerA.token, body: { exclude_dnc: false, dialing_mode: "preview" } });
    expect(tuned.body).toMatchObject({ exclude_dnc: false, dialing_mode: "preview" });
    const renamed = await tenant.client.request("PATCH", `/api/campaigns/${created.id}`, { token: tenant.managerA.token, body: { name: "Spring outreach 3" } });
    expect(renamed.body).toMatchObject({ name: "Spring outreach 3", exclude_dnc: false, dialing_mode: "preview", max_attempts: 2, retry_delay_minutes: 30 });
    const empty = await tenant.client.request("PATCH", `/api/campaigns/${created.id}`, { token: tenant.managerA.token, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ name: "Spring outreach 3", exclude_dnc: false });
    expect((await tenant.client.request("DELETE", `/api/campaigns/${created.id}`, { token: tenant.managerA.token })).status).toBe(204);
    expect((await tenant.client.get(`/api/campaigns/${created.id}`, tenant.managerA.token)).status).toBe(404);
  });

  it("picks contacts by the caller's own saved filter, not another user's; an editor may keep the one the campaign has", async () => {
    const tenant = await createTenant();
    const preset = (await tenant.client.post("/api/saved-filters", { name: "Spring VIPs", filters: { tags: "spring" } }, tenant.managerA.token)).body;
    const mine = await campaign(tenant, { selection: { saved_filter_id: preset.id } });
    expect(mine.selection).toEqual({ saved_filter_id: preset.id });
    const theirs = await tenant.client.post("/api/campaigns", { name: "Borrowed", calling_window: ALL_DAY, selection: { saved_filter_id: preset.id } }, tenant.managerB.token);
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors["selection.saved_filter_id"]).toEqual(["The saved filter does not exist."]);
    const edited = await tenant.client.patch(`/api/campaigns/${mine.id}`, { name: "Spring VIPs, renamed", selection: { saved_filter_id: preset.id } }, tenant.admin.token);
    expect(edited.status).toBe(200);
    const adminPreset = (await tenant.client.post("/api/saved-filters", { name: "Admin's", filters: { tags: "x" } }, tenant.admin.token)).body;
    expect((await tenant.client.patch(`/api/campaigns/${mine.id}`, { selection: { saved_filter_id: adminPreset.id } }, tenant.managerA.token)).status).toBe(422);
  });

  it("a dry run names who would be called with their local time and who is left out and why, and warns when nobody is callable now", async () => {
    const tenant = await createTenant();
    const night = `night-${Date.now()}`;
    const day = `day-${Date.now()}`;
    const [late, later, dnc] = await Promise.all([
      makeContact(tenant, { name: "Ava Late", tags: [night], phone: outOfHoursPhone() }),
      makeContact(tenant, { name: "Bo Later", tags: [night], phone: outOfHoursPhone() }),
      makeContact(tenant, { name: "Cy Dnc", tags: [night, "DNC"], phone: outOfHoursPhone() }),
    ]);
    const sleeping = await campaign(tenant, { selection: { tags: [night] } });
    const dry = await tenant.client.get(`/api/campaigns/${sleeping.id}/dry-run`, tenant.managerA.token);
    expect(dry.body).toMatchObject({ eligible: 2, excluded: 1, callable_now: 0, outside_window: 2, unknown_timezone: 0 });
    expect(dry.body.warning).toContain("Nobody is callable right now");
    expect(dry.body.warning).toContain("never before 08:00 or after 21:00");
    expect(new Date(dry.body.first_callable_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(dry.body.first_callable_at).getTime()).toBeLessThan(Date.now() + 24 * 3_600_000);

    const willCall = await tenant.client.get(`/api/campaigns/${sleeping.id}/dry-run/contacts`, tenant.managerA.token);
    expect(willCall.body.meta).toMatchObject({ total: 2, current_page: 1 });
    expect(willCall.body.data.map((c: { contact_id: number }) => c.contact_id)).toEqual([late.id, later.id]);
    for (const row of willCall.body.data) {
      expect(row).toMatchObject({ callable_now: false, not_callable_because: "outside_window", local_time: expect.stringMatching(/^\d{2}:\d{2} /) });
      expect(row.next_callable_at).toBe(dry.body.first_callable_at);
    }
    const leftOut = await tenant.client.get(`/api/campaigns/${sleeping.id}/dry-run/contacts?list=left_out`, tenant.managerA.token);
    expect(leftOut.body.data).toEqual([{ contact_id: dnc.id, name: "Cy Dnc", phone: dnc.phone, reason: "dnc" }]);
    expect((await tenant.client.get(`/api/campaigns/${sleeping.id}/dry-run/contacts?list=everyone`, tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.get(`/api/campaigns/${sleeping.id}/dry-run/contacts`, tenant.agentA.token)).status).toBe(403);
    // Another department's manager: refused exactly as the campaign itself refuses them.
    const otherDepartment = await tenant.client.get(`/api/campaigns/${sleeping.id}/dry-run/contacts`, tenant.managerB.token);
    expect(otherDepartment.status).toBe((await tenant.client.get(`/api/campaigns/${sleeping.id}`, tenant.managerB.token)).status);
    expect([403, 404]).toContain(otherDepartment.status);

    const [awake] = await Promise.all([makeContact(tenant, { name: "Di Awake", tags: [day], phone: inHoursPhone() })]);
    const open = await campaign(tenant, { selection: { tags: [day] } });
    const ready = await tenant.client.get(`/api/campaigns/${open.id}/dry-run`, tenant.managerA.token);
    expect(ready.body).toMatchObject({ eligible: 1, callable_now: 1, first_callable_at: null, warning: null });
    const [row] = (await tenant.client.get(`/api/campaigns/${open.id}/dry-run/contacts`, tenant.managerA.token)).body.data;
    expect(row).toMatchObject({ contact_id: awake.id, callable_now: true, next_callable_at: null });
  });

  it("a dry run counts eligible and excluded contacts by reason; starting freezes them, and an active member cannot be deleted until removed", async () => {
    const tenant = await createTenant();
    const tag = `dry-${Date.now()}`;
    const [eligible, dnc, archived, optedOut] = await Promise.all([
      makeContact(tenant, { tags: [tag], phone: inHoursPhone() }),
      makeContact(tenant, { tags: [tag, "DNC"], phone: inHoursPhone() }),
      makeContact(tenant, { tags: [tag], phone: inHoursPhone() }),
      makeContact(tenant, { tags: [tag], phone: inHoursPhone(), opted_out: true }),
    ]);
    // A second eligible contact keeps the campaign open once the first is removed (an empty one completes).
    await makeContact(tenant, { tags: [tag], phone: inHoursPhone() });
    await tenant.client.request("DELETE", `/api/contacts/${archived.id}`, { token: tenant.managerA.token });
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "preview" });

    const dry = await tenant.client.get(`/api/campaigns/${draft.id}/dry-run`, tenant.managerA.token);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ eligible: 2, excluded: 3, excluded_by_reason: { dnc: 1, archived: 1, opted_out: 1 } });
    expect(dry.body.message).toContain("No agent");

    const started = await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token);
    expect(started.body.status).toBe("running");
    expect((await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token)).status).toBe(409);
    const members = await contactsOf(tenant, draft.id);
    const byContact = new Map(members.map((m: { contact_id: number }) => [m.contact_id, m]));
    expect(byContact.get(eligible.id)).toMatchObject({ state: "pending", attempts: 0 });
    expect(byContact.get(dnc.id)).toMatchObject({ state: "excluded", exclusion_reason: "dnc" });
    expect(byContact.get(optedOut.id)).toMatchObject({ state: "excluded", exclusion_reason: "opted_out" });

    expect((await tenant.client.request("DELETE", `/api/contacts/${eligible.id}`, { token: tenant.managerA.token })).status).toBe(409);
    expect((await tenant.client.request("DELETE", `/api/campaigns/${draft.id}/contacts`, { token: tenant.managerA.token, body: { contact_ids: [eligible.id] } })).body).toEqual({ removed: 1 });
    expect((await tenant.client.request("DELETE", `/api/contacts/${eligible.id}`, { token: tenant.managerA.token })).status).toBe(204);

    expect((await tenant.client.post(`/api/campaigns/${draft.id}/pause`, {}, tenant.managerA.token)).body.status).toBe("paused");
    expect((await tenant.client.post(`/api/campaigns/${draft.id}/pause`, {}, tenant.managerA.token)).status).toBe(409);
    expect((await tenant.client.post(`/api/campaigns/${draft.id}/resume`, {}, tenant.managerA.token)).body.status).toBe("running");
    expect((await tenant.client.request("DELETE", `/api/campaigns/${draft.id}`, { token: tenant.managerA.token })).status).toBe(409);
    expect((await tenant.client.post(`/api/campaigns/${draft.id}/stop`, {}, tenant.managerA.token)).body.status).toBe("stopped");
  });
});

describe("campaigns: the progressive engine", () => {
  it("a connected campaign call can be held and transferred: the agent's Client leg is reported and moved, the contact follows through the Dial's action, the contact is settled once", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `hold-${Date.now()}`;
    const contact = await makeContact(tenant, { name: "Holds The Line", tags: [tag], phone: inHoursPhone() });
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 1 });
    await available(tenant, tenant.agentA.token);
    await available(tenant, tenant.agentB.token);
    // The provider answers the dial slowly: the call is answered, held and transferred before the engine hears its sid.
    await slowProvider("call.create", 6000, contact.phone);
    expect((await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    const [call] = await waitForCalls(contact.phone);
    const answer = await playCallback(call.Url, { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "in-progress", Direction: "outbound-api" });
    const agentId = (await contactsOf(tenant, draft.id))[0].assigned_user_id;
    const agent = agentId === tenant.agentA.id ? tenant.agentA : tenant.agentB;
    const colleague = agent === tenant.agentA ? tenant.agentB : tenant.agentA;
    // Before the agent's leg is known, a hold cannot move the call.
    expect((await tenant.client.post(`/api/calls/${call.sid}/hold`, { on: true }, agent.token)).status).toBe(409);
    // The agent's browser answers: its Client reports the leg.
    const legUrl = twimlAttribute(answer.body, "Client", "statusCallback")!;
    const agentLeg = `CA${crypto.randomUUID().replace(/-/g, "")}`;
    expect((await playCallback(legUrl, { CallSid: agentLeg, ParentCallSid: call.sid, CallStatus: "in-progress" })).status).toBe(200);

    expect((await tenant.client.post(`/api/calls/${call.sid}/hold`, { on: true }, agent.token)).body).toMatchObject({ state: "held", direction: "outbound-campaign" });
    const [move] = await controlRequests(agentLeg);
    expect(move.kind).toBe("call.update");
    // The bridge ended: the Dial's action seats the contact in the same conference, ending it when they leave.
    const seat = await playCallback(twimlAttribute(answer.body, "Dial", "action")!, { CallSid: call.sid, DialCallStatus: "completed", DialCallSid: agentLeg });
    expect(conferenceName(seat.body)).toBe(conferenceName(move.body.Twiml));
    expect(seat.body).toContain('endConferenceOnExit="true"');

    // Transferred cold to the colleague: the agent's part is logged with the campaign, the contact settled once.
    const sent = await tenant.client.post(`/api/calls/${call.sid}/transfer`, { target: { type: "agent", id: colleague.id }, mode: "cold" }, agent.token);
    expect(sent.status).toBe(200);
    expect((await contactsOf(tenant, draft.id))[0]).toMatchObject({ state: "done", last_outcome: "answered" });
    // The contact hangs up: the colleague's part ends; the campaign status report changes nothing else.
    expect((await playCallback(call.StatusCallback, { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "completed", CallDuration: "50" })).status).toBe(200);
    const logs = (await tenant.client.get(`/api/voice/call-logs?contact_id=${contact.id}`, tenant.admin.token)).body.data;
    expect(logs).toHaveLength(2);
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ call_sid: call.sid, campaign_id: draft.id, user_id: agent.id, parent_call_sid: null }),
        expect.objectContaining({ call_sid: sent.body.call_sid, parent_call_sid: call.sid, direction: "outbound-campaign" }),
      ]),
    );
    expect((await contactsOf(tenant, draft.id))[0]).toMatchObject({ state: "done", attempts: 1 });
  });

  it("dials one contact per available agent, never DNC or out-of-hours ones, connects the answer to that agent and logs it once", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `prog-${Date.now()}`;
    const [good, dnc, late] = await Promise.all([
      makeContact(tenant, { name: "Answers Quickly", tags: [tag], phone: inHoursPhone() }),
      makeContact(tenant, { tags: [tag, "dnc"], phone: inHoursPhone() }),
      makeContact(tenant, { tags: [tag], phone: outOfHoursPhone() }),
    ]);
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 2, retry_delay_minutes: 30 });
    await available(tenant, tenant.agentA.token);
    await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token);

    const [call] = await waitForCalls(good.phone);
    expect(call).toMatchObject({ To: good.phone, From: number });
    expect(call.Url).toContain(`/api/telephony/campaign/answer?cc=`);
    await new Promise((r) => setTimeout(r, 500));
    expect(await placedCalls(dnc.phone)).toEqual([]);
    expect(await placedCalls(late.phone)).toEqual([]);
    const members = new Map((await contactsOf(tenant, draft.id)).map((m: { contact_id: number }) => [m.contact_id, m]));
    expect(members.get(good.id)).toMatchObject({ state: "dialing", attempts: 1, assigned_user_id: tenant.agentA.id, decision: expect.objectContaining({ allowed: true, attempt: 1 }) });
    expect(members.get(late.id)).toMatchObject({ state: "pending", attempts: 0, decision: expect.objectContaining({ allowed: false, reason: "outside_window" }) });
    expect(members.get(dnc.id)).toMatchObject({ state: "excluded", exclusion_reason: "dnc" });
    // The agent is reserved for this call: no second dial while it rings.
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("busy");

    const answer = await playCallback(call.Url, { CallSid: call.sid, From: number, To: good.phone, CallStatus: "in-progress", Direction: "outbound-api" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(new RegExp(`<Client [^>]*>user_${tenant.agentA.id}</Client>`));
    const status = { CallSid: call.sid, From: number, To: good.phone, CallStatus: "completed", CallDuration: "42" };
    expect((await playCallback(call.StatusCallback, status)).status).toBe(200);
    expect((await playCallback(call.StatusCallback, status)).status).toBe(200); // a retried delivery

    const logs = (await tenant.client.get(`/api/voice/call-logs?contact_id=${good.id}`, tenant.managerA.token)).body.data;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ direction: "outbound-campaign", campaign_id: draft.id, user_id: tenant.agentA.id, status: "completed", duration: 42 });
    const after = new Map((await contactsOf(tenant, draft.id)).map((m: { contact_id: number }) => [m.contact_id, m]));
    expect(after.get(good.id)).toMatchObject({ state: "done", last_outcome: "answered" });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("wrap_up");
    expect((await tenant.client.get(`/api/contacts/${good.id}`, tenant.managerA.token)).body).toMatchObject({ total_calls: 1, last_call_outcome: "completed" });

    const stats = (await tenant.client.get(`/api/campaigns/${draft.id}/stats`, tenant.managerA.token)).body;
    expect(stats).toMatchObject({ contacts: 3, attempts: 1, calls: 1, answer_rate: 1, abandon_rate: 0, average_talk_seconds: 42, by_state: { done: 1, excluded: 1, pending: 1 } });

    // Signatures are checked on campaign callbacks like on every other.
    const forged = await fetch(call.StatusCallback.replace(/^https?:\/\/[^/]+/, "http://127.0.0.1:1").replace("http://127.0.0.1:1", new URL(call.Url).origin), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(status).toString(),
    });
    expect(forged.status).toBe(403);
  });

  it("retries the outcomes the campaign retries after its delay, and stops at the attempt cap", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `retry-${Date.now()}`;
    const [noAnswer, busy] = await Promise.all([makeContact(tenant, { tags: [tag], phone: inHoursPhone() }), makeContact(tenant, { tags: [tag], phone: inHoursPhone() })]);
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 3, retry_delay_minutes: 45, retry_outcomes: ["no-answer"] });
    const second = await extraAgent(tenant, "second");
    await available(tenant, tenant.agentA.token);
    await available(tenant, second.token);
    await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token);
    const [first] = await waitForCalls(noAnswer.phone);
    const [other] = await waitForCalls(busy.phone);
    await playCallback(first.StatusCallback, { CallSid: first.sid, From: number, To: noAnswer.phone, CallStatus: "no-answer", CallDuration: "0" });
    await playCallback(other.StatusCallback, { CallSid: other.sid, From: number, To: busy.phone, CallStatus: "busy", CallDuration: "0" });

    const members = new Map((await contactsOf(tenant, draft.id)).map((m: { contact_id: number }) => [m.contact_id, m]));
    const retry = members.get(noAnswer.id) as { state: string; next_attempt_at: string; attempts: number };
    expect(retry).toMatchObject({ state: "retry_wait", attempts: 1, last_outcome: "no-answer" });
    const delay = Date.parse(retry.next_attempt_at) - Date.now();
    expect(delay).toBeGreaterThan(44 * 60_000);
    expect(delay).toBeLessThan(46 * 60_000);
    expect(members.get(busy.id)).toMatchObject({ state: "done", last_outcome: "busy" }); // busy is not retried here
    // Both agents were released (nobody answered) and nothing is dialed before the delay.
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("available");
    await new Promise((r) => setTimeout(r, 700));
    expect(await placedCalls(noAnswer.phone)).toHaveLength(1);
  });

  it("an agent reserved for a ringing progressive call is busy in the state history: the reports count that time as busy, not available", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `held-${Date.now()}`;
    const contact = await makeContact(tenant, { tags: [tag], phone: inHoursPhone() });
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 1, retry_outcomes: [] });
    await available(tenant, tenant.agentA.token);
    await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token);
    const [call] = await waitForCalls(contact.phone);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("busy");
    await new Promise((r) => setTimeout(r, 2_200)); // it rings, the agent waits for it
    await playCallback(call.StatusCallback, { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "no-answer", CallDuration: "0" });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("available");

    const today = new Date().toISOString().slice(0, 10);
    const report = (await tenant.client.get(`/api/reports/agents?from=${today}&to=${today}&tz=UTC`, tenant.managerA.token)).body.data;
    const agent = report.find((a: { user_id: number }) => a.user_id === tenant.agentA.id);
    expect(agent.seconds_in_state.busy).toBeGreaterThanOrEqual(2);
    expect(agent.seconds_in_state.busy).toBeLessThanOrEqual(5);
  });

  it("a provider failure is retried as a failed attempt when the campaign asks, and the agent is released", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `fail-${Date.now()}`;
    const contact = await makeContact(tenant, { tags: [tag], phone: inHoursPhone() });
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 1, retry_outcomes: ["failed"] });
    await available(tenant, tenant.agentA.token);
    expect((await fetch(`${(await import("vitest")).inject("fakeProviderUrl")}/__fail?count=1&to=${encodeURIComponent(contact.phone)}`, { method: "POST" })).status).toBe(204);
    await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token);
    // The tick settles the attempt, then completes the campaign: the test reads it once the campaign says so
    // (it once read the campaign between the two, under load: "running").
    await expect.poll(async () => (await tenant.client.get(`/api/campaigns/${draft.id}`, tenant.managerA.token)).body.status, { timeout: 20_000, interval: 100 }).toBe("completed");
    const [member] = await contactsOf(tenant, draft.id);
    expect(member).toMatchObject({ contact_id: contact.id, state: "done", last_outcome: "failed", attempts: 1 });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("available");
  });
});

describe("campaigns: one slow provider answer", () => {
  it("holds no other campaign's dials, even when its own campaign is kicked again meanwhile", async () => {
    const [slow, other] = await Promise.all([createTenant(), createTenant()]);
    const [slowNumber, otherNumber] = await Promise.all([giveNumber(slow), giveNumber(other)]);
    const tag = `slow-${Date.now()}`;
    const stuck = await makeContact(slow, { tags: [tag], phone: inHoursPhone() });
    const waiting = await makeContact(other, { tags: [tag], phone: inHoursPhone() });
    const slowDraft = await campaign(slow, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: slowNumber });
    const otherDraft = await campaign(other, { selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: otherNumber });
    const second = await extraAgent(slow, "second-agent");
    await available(slow, slow.agentA.token);
    await available(other, other.agentA.token);

    // The provider takes 25 s to answer one dial: its tick waits that long.
    await slowProvider("call.create", 25_000, stuck.phone);
    expect((await slow.client.post(`/api/campaigns/${slowDraft.id}/start`, {}, slow.managerA.token)).status).toBe(200);
    const [held] = await waitForCalls(stuck.phone);
    // A second agent of that campaign turns Available while the tick waits: its campaign gets another tick
    // (with nothing to dial), which headed the line and, when a key's ticks ran one at a time, stopped every tick behind it.
    await available(slow, second.token);
    expect((await other.client.post(`/api/campaigns/${otherDraft.id}/start`, {}, other.managerA.token)).status).toBe(200);
    const [dialed] = await waitForCalls(waiting.phone, 1, 24_000);
    expect(dialed.at).toBeLessThan(held.at + 25_000); // before the slow answer came back
  });
});

describe("campaigns: predictive answers with no free agent", () => {
  it("holds the answered call two seconds for an agent, then says who called, hangs up and counts it abandoned", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `pred-${Date.now()}`;
    const contact = await makeContact(tenant, { tags: [tag], phone: inHoursPhone() });
    const draft = await campaign(tenant, { selection: { tags: [tag] }, dialing_mode: "predictive", caller_id: number, pacing: { max_ratio: 3, max_calls_per_minute: 60 } });
    await available(tenant, tenant.agentA.token);
    await tenant.client.post(`/api/campaigns/${draft.id}/start`, {}, tenant.managerA.token);
    const [call] = await waitForCalls(contact.phone);
    // The agent left before the contact picked up.
    await tenant.client.post("/api/agent/status", { status: "offline" }, tenant.agentA.token);

    const first = await playCallback(call.Url, { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "in-progress" });
    expect(first.body).toContain("<Pause");
    expect(first.body).toContain("waited=1");
    const last = await playCallback(call.Url.replace(/&waited=\d+/, "") + "&waited=2", { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "in-progress" });
    expect(last.body).toContain("<Say>");
    expect(last.body).toContain(tenant.organization.name);
    expect(last.body).toContain("<Hangup/>");
    await playCallback(call.StatusCallback, { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "completed", CallDuration: "9" });
    const stats = (await tenant.client.get(`/api/campaigns/${draft.id}/stats`, tenant.managerA.token)).body;
    expect(stats.by_outcome).toMatchObject({ abandoned: 1 });
    expect(stats.abandon_rate).toBe(1);
    const logs = (await tenant.client.get(`/api/voice/call-logs?contact_id=${contact.id}`, tenant.managerA.token)).body.data;
    expect(logs[0]).toMatchObject({ direction: "outbound-campaign", user_id: null, campaign_id: draft.id });
  });
});
