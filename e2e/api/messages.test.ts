import { describe, expect, it } from "vitest";
import { newMessageSid } from "@/lib/twilio/simulator/simulator";
import { ALL_DAY, extraAgent } from "../support/campaigns";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant } from "../support/factories";
import { conversationWith, refuseNextMessage, sentToProvider, textingTenant } from "../support/messages";
import { provider } from "../support/provider";

// Text messages (issue 19): the provider's webhooks played by signed posts,
// sends checked on the fake provider's side, every rule through the real server.

describe("incoming text messages", () => {
  it("stores a signed message once per MessageSid, links a known contact's number, and refuses an unsigned one", async () => {
    const tenant = await createTenant();
    const { number, incoming } = await textingTenant(tenant);
    const contact = await makeContact(tenant, { name: "Dana Texter" });

    const sid = newMessageSid();
    const first = await incoming(contact.phone, "Hi, is my order ready?", sid);
    expect(first.status).toBe(200);
    expect(first.contentType).toContain("xml");
    expect(first.body).toContain("<Response/>");
    expect((await incoming(contact.phone, "Hi, is my order ready?", sid)).status).toBe(200); // the provider delivered it twice

    const unsigned = await provider().post("/api/telephony/sms", { MessageSid: newMessageSid(), From: contact.phone, To: number, Body: "forged" }, false);
    expect(unsigned.status).toBe(403);

    const row = await conversationWith(tenant, contact.phone, tenant.admin.token);
    expect(row).toMatchObject({
      contact: { id: contact.id, name: "Dana Texter" },
      status: "open",
      unread_count: 1,
      assigned_user: null,
      last_message: { body: "Hi, is my order ready?", direction: "inbound" },
    });
    const thread = await tenant.client.get(`/api/conversations/${row.id}/messages`, tenant.admin.token);
    expect(thread.status).toBe(200);
    expect(thread.body.data).toHaveLength(1);
    expect(thread.body.data[0]).toMatchObject({ direction: "inbound", status: "received", from: contact.phone, to: number, encoding: "GSM-7", segments: 1 });

    // The contact detail shows it beside the call history.
    const detail = await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token);
    expect(detail.body.recent_messages.map((m: { body: string }) => m.body)).toEqual(["Hi, is my order ready?"]);
  });

  it("opens a conversation without a contact for an unknown number, which an agent turns into a contact in one step", async () => {
    const tenant = await createTenant();
    const { incoming } = await textingTenant(tenant);
    const stranger = uniquePhone();
    await incoming(stranger, "Who is this?");
    const row = await conversationWith(tenant, stranger, tenant.agentA.token);
    expect(row).toMatchObject({ contact: null, department_id: tenant.departments.a.id });

    const saved = await tenant.client.post(`/api/conversations/${row.id}/contact`, { name: "New Lead", company: "Lead Co" }, tenant.agentA.token);
    expect(saved.status).toBe(201);
    expect(saved.body.contact).toMatchObject({ name: "New Lead", phone: stranger, company: "Lead Co", department_id: tenant.departments.a.id });
    expect(saved.body.conversation.contact).toEqual({ id: saved.body.contact.id, name: "New Lead", company: "Lead Co", email: null });
    expect((await tenant.client.post(`/api/conversations/${row.id}/contact`, { name: "Again" }, tenant.agentA.token)).status).toBe(409);
  });

  it("answers STOP, START and HELP, and keeps the evidence", async () => {
    const tenant = await createTenant();
    const { incoming } = await textingTenant(tenant);
    const contact = await makeContact(tenant);
    expect((await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.managerA.token, body: { help_text: "Acme support: call 555-0100." } })).status).toBe(200);

    const help = await incoming(contact.phone, "help");
    expect(help.body).toMatch(/<Message action="[^"]*\/api\/telephony\/sms-status\?message=\d+&amp;org=\d+" method="POST">Acme support: call 555-0100.<\/Message>/);

    const stop = await incoming(contact.phone, " Stop ");
    expect(stop.body).toContain("unsubscribed");
    const refused = await tenant.client.post("/api/messages", { contact_id: contact.id, body: "Still there?" }, tenant.managerA.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: "sms_opt_out" });
    expect(refused.body.message).toContain("STOP");
    const detail = await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token);
    expect(detail.body.sms_opted_out_at).not.toBeNull();
    const evidence = detail.body.recent_messages.find((m: { id: number }) => m.id === refused.body.evidence_message_id);
    expect(evidence).toMatchObject({ body: " Stop ", keyword: "opt_out", direction: "inbound" });
    expect(await sentToProvider(contact.phone)).toHaveLength(0);

    await incoming(contact.phone, "START");
    const allowed = await tenant.client.post("/api/messages", { contact_id: contact.id, body: "Welcome back" }, tenant.managerA.token);
    expect(allowed.status).toBe(201);
  });

  it("refuses a MessageSid another organization already holds, and changes nothing", async () => {
    const [owner, other] = await Promise.all([createTenant(), createTenant()]);
    const [{ incoming: toOwner }, { incoming: toOther }] = await Promise.all([textingTenant(owner), textingTenant(other)]);
    const sid = newMessageSid();
    const phone = uniquePhone();
    expect((await toOwner(phone, "mine", sid)).status).toBe(200);
    expect((await toOther(phone, "stolen", sid)).status).toBe(409);
    expect(await conversationWith(other, phone, other.admin.token)).toBeUndefined();
  });
});

describe("who reads which conversation", () => {
  it("shows an agent their department's unassigned and their own, never a colleague's; other departments and organizations get 404", async () => {
    const [tenant, stranger] = await Promise.all([createTenant(), createTenant()]);
    const { incoming } = await textingTenant(tenant);
    const colleague = await extraAgent(tenant, "colleague");
    const phone = (await makeContact(tenant)).phone;
    await incoming(phone, "Department A, please");
    const row = await conversationWith(tenant, phone, tenant.agentA.token);
    expect(row).toBeDefined();
    const thread = `/api/conversations/${row.id}/messages`;

    for (const token of [tenant.agentB.token, tenant.managerB.token, stranger.admin.token]) expect((await tenant.client.get(thread, token)).status).toBe(404);
    for (const token of [tenant.managerA.token, tenant.admin.token, colleague.token]) expect((await tenant.client.get(thread, token)).status).toBe(200);

    // Agent A takes it: the colleague loses it, the manager keeps it.
    const take = await tenant.client.request("PATCH", `/api/conversations/${row.id}`, { token: tenant.agentA.token, body: { assigned_user_id: tenant.agentA.id } });
    expect(take.status).toBe(200);
    expect(take.body.assigned_user).toMatchObject({ id: tenant.agentA.id });
    expect((await tenant.client.get(thread, colleague.token)).status).toBe(404);
    expect((await tenant.client.post("/api/messages", { to: phone, body: "Mine now?" }, colleague.token)).status).toBe(422);
    expect((await tenant.client.get(`/api/conversations?assigned=me`, tenant.agentA.token)).body.data.map((c: { id: number }) => c.id)).toEqual([row.id]);
    expect((await tenant.client.get(`/api/conversations?assigned=unassigned`, tenant.managerA.token)).body.data).toEqual([]);

    // An agent cannot hand it on; a manager can.
    const handOff = await tenant.client.request("PATCH", `/api/conversations/${row.id}`, { token: tenant.agentA.token, body: { assigned_user_id: colleague.id } });
    expect(handOff.status).toBe(422);
    expect(handOff.body.errors.assigned_user_id).toBeDefined();
    const moved = await tenant.client.request("PATCH", `/api/conversations/${row.id}`, { token: tenant.managerA.token, body: { assigned_user_id: colleague.id, status: "closed" } });
    expect(moved.body).toMatchObject({ status: "closed", assigned_user: { id: colleague.id } });
    expect((await tenant.client.get(thread, tenant.agentA.token)).status).toBe(404);
    expect((await tenant.client.request("PATCH", `/api/conversations/${row.id}`, { token: stranger.admin.token, body: { status: "open" } })).status).toBe(404);

    // A new message reopens it.
    await incoming(phone, "Hello again");
    expect((await tenant.client.get(`/api/conversations/${row.id}`, colleague.token)).body.status).toBe("open");
  });

  it("counts unread messages per reader and pages a thread back in time", async () => {
    const tenant = await createTenant();
    const { incoming } = await textingTenant(tenant);
    const phone = uniquePhone();
    for (let i = 1; i <= 7; i += 1) await incoming(phone, `message ${i}`);
    const row = await conversationWith(tenant, phone, tenant.admin.token);
    expect(row.unread_count).toBe(7);

    const newest = await tenant.client.get(`/api/conversations/${row.id}/messages?limit=3`, tenant.admin.token);
    expect(newest.body.data.map((m: { body: string }) => m.body)).toEqual(["message 5", "message 6", "message 7"]);
    expect(newest.body.meta).toMatchObject({ has_more: true, next_before: newest.body.data[0].id });
    const older = await tenant.client.get(`/api/conversations/${row.id}/messages?limit=3&before=${newest.body.meta.next_before}`, tenant.admin.token);
    expect(older.body.data.map((m: { body: string }) => m.body)).toEqual(["message 2", "message 3", "message 4"]);
    const oldest = await tenant.client.get(`/api/conversations/${row.id}/messages?limit=3&before=${older.body.meta.next_before}`, tenant.admin.token);
    expect(oldest.body).toMatchObject({ meta: { has_more: false, next_before: null } });
    expect(oldest.body.data.map((m: { body: string }) => m.body)).toEqual(["message 1"]);

    expect((await conversationWith(tenant, phone, tenant.admin.token)).unread_count).toBe(0);
    expect((await conversationWith(tenant, phone, tenant.managerA.token)).unread_count).toBe(7); // read for the admin only
    await incoming(phone, "message 8");
    expect((await conversationWith(tenant, phone, tenant.admin.token)).unread_count).toBe(1);
    expect((await tenant.client.get(`/api/conversations/${row.id}/messages?limit=0`, tenant.admin.token)).status).toBe(422);
  });
});

describe("sending", () => {
  it("answers 201 queued once the provider accepted it, with encoding and segments, and follows delivery statuses forward only", async () => {
    const tenant = await createTenant();
    const { number } = await textingTenant(tenant);
    const contact = await makeContact(tenant);
    const body = "Your order ships today. Reply STOP to opt out. " + "ж".repeat(30);
    const sent = await tenant.client.post("/api/messages", { contact_id: contact.id, body }, tenant.agentA.token);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: "queued", direction: "outbound", from: number, to: contact.phone, encoding: "UCS-2", segments: 2, origin: "agent", user: { id: tenant.agentA.id } });
    const [placed] = await sentToProvider(contact.phone);
    expect(placed).toMatchObject({ From: number, Body: body });
    expect(placed.StatusCallback).toContain(`/api/telephony/sms-status?message=${sent.body.id}&org=${tenant.organization.id}`);

    const sim = provider();
    const path = new URL(placed.StatusCallback).pathname + new URL(placed.StatusCallback).search;
    const report = (status: string) => sim.post(path, { MessageSid: placed.sid, MessageStatus: status, From: number, To: contact.phone });
    expect((await report("sent")).status).toBe(200);
    expect((await report("delivered")).status).toBe(200);
    expect((await report("sent")).status).toBe(200); // late, out of order
    expect((await report("bogus")).status).toBe(400);
    const row = await conversationWith(tenant, contact.phone, tenant.agentA.token);
    expect(row.assigned_user).toMatchObject({ id: tenant.agentA.id }); // the agent's reply made it theirs
    const thread = await tenant.client.get(`/api/conversations/${row.id}/messages`, tenant.agentA.token);
    expect(thread.body.data.at(-1)).toMatchObject({ id: sent.body.id, status: "delivered" });

    // Another organization's status callback for the same SID changes nothing.
    const other = await createTenant();
    await textingTenant(other);
    await provider().post(`/api/telephony/sms-status?message=${sent.body.id}&org=${other.organization.id}`, { MessageSid: placed.sid, MessageStatus: "read", From: number, To: contact.phone });
    expect((await tenant.client.get(`/api/conversations/${row.id}/messages`, tenant.agentA.token)).body.data.at(-1).status).toBe("delivered");
  });

  it("stores a provider refusal as failed with its code and answers 502 with the reason", async () => {
    const tenant = await createTenant();
    await textingTenant(tenant);
    const to = uniquePhone();
    await refuseNextMessage(to, 21610, "Attempt to send to unsubscribed recipient");
    const refused = await tenant.client.post("/api/messages", { to, body: "Hello" }, tenant.managerA.token);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error_code: "21610", data: { status: "failed", error_code: "21610" } });
    expect(refused.body.message).toContain("unsubscribed recipient");
    const row = await conversationWith(tenant, to, tenant.managerA.token);
    expect(row.last_message).toMatchObject({ status: "failed" });
  });

  it("refuses bad input with 422 naming the field, and sends nothing", async () => {
    const tenant = await createTenant();
    await textingTenant(tenant);
    const theirs = await makeContact(tenant, {}, tenant.managerB.token);
    const to = uniquePhone();
    const cases: [Record<string, unknown>, string][] = [
      [{ to, body: "" }, "body"],
      [{ to, body: "   " }, "body"],
      [{ to, body: "a".repeat(1601) }, "body"],
      [{ to: "2125550199", body: "Hi" }, "to"],
      [{ body: "Hi" }, "to"],
      [{ to, contact_id: theirs.id, body: "Hi" }, "to"],
      [{ contact_id: theirs.id, body: "Hi" }, "contact_id"],
      [{ to, body: "Hi", media_urls: ["http://example.com/a.jpg"] }, "media_urls.0"],
      [{ to, body: "Hi", media_urls: ["https://8.8.8.8/ok.jpg", "https://127.0.0.1/cat.jpg"] }, "media_urls.1"],
      [{ to, body: "Hi", media_urls: ["https://[::ffff:10.0.0.1]/cat.jpg"] }, "media_urls.0"],
      [{ to, body: "Hi", template_id: 999999 }, "template_id"],
    ];
    for (const [body, field] of cases) {
      const response = await tenant.client.post("/api/messages", body, tenant.agentA.token);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await sentToProvider(to)).toHaveLength(0);
    expect(await sentToProvider(theirs.phone)).toHaveLength(0);
    // 1,600 characters is allowed.
    expect((await tenant.client.post("/api/messages", { to, body: "a".repeat(1600) }, tenant.agentA.token)).body).toMatchObject({ segments: 11, encoding: "GSM-7" });
  });

  it("does not text a contact who opted out of contact or is tagged DNC", async () => {
    const tenant = await createTenant();
    await textingTenant(tenant);
    const optedOut = await makeContact(tenant, { opted_out: true });
    const dnc = await makeContact(tenant, { tags: ["DNC"] });
    const first = await tenant.client.post("/api/messages", { contact_id: optedOut.id, body: "Hi" }, tenant.managerA.token);
    expect(first.status).toBe(409);
    expect(first.body.reason).toBe("opted_out");
    const second = await tenant.client.post("/api/messages", { to: dnc.phone, body: "Hi" }, tenant.managerA.token);
    expect(second.status).toBe(409);
    expect(second.body.reason).toBe("dnc");
  });

  it("fills a saved reply from the contact; only managers and admins write templates", async () => {
    const tenant = await createTenant();
    await textingTenant(tenant);
    const contact = await makeContact(tenant, { name: "Maria Lopez", company: "Lopez Ltd" });
    expect((await tenant.client.post("/api/message-templates", { name: "Greeting", body: "x" }, tenant.agentA.token)).status).toBe(403);
    const created = await tenant.client.post("/api/message-templates", { name: "Greeting", body: "Hi {{first_name}} from {{company}}!{{nothing}}" }, tenant.managerA.token);
    expect(created.status).toBe(201);
    expect((await tenant.client.post("/api/message-templates", { name: "Greeting", body: "again" }, tenant.admin.token)).status).toBe(409);
    expect((await tenant.client.get("/api/message-templates", tenant.agentA.token)).body.data).toMatchObject([{ id: created.body.id, name: "Greeting" }]);

    const sent = await tenant.client.post("/api/messages", { contact_id: contact.id, template_id: created.body.id }, tenant.agentA.token);
    expect(sent.status).toBe(201);
    expect(sent.body.body).toBe("Hi Maria from Lopez Ltd!");
    const renamed = await tenant.client.request("PATCH", `/api/message-templates/${created.body.id}`, { token: tenant.managerA.token, body: { name: "Hello" } });
    expect(renamed.body).toMatchObject({ name: "Hello", body: "Hi {{first_name}} from {{company}}!{{nothing}}" });
    expect((await tenant.client.request("DELETE", `/api/message-templates/${created.body.id}`, { token: tenant.managerA.token })).status).toBe(204);
    expect((await tenant.client.request("DELETE", `/api/message-templates/${created.body.id}`, { token: tenant.managerA.token })).status).toBe(404);
  });

  it("holds a campaign's text during the recipient's quiet hours, while an agent's reply goes", async () => {
    const tenant = await createTenant();
    await textingTenant(tenant);
    // Quiet for the hour around now, in the organization's zone (the number's own zone is unknown).
    const clock = (offsetMinutes: number) => {
      const at = new Date(Date.now() + offsetMinutes * 60_000);
      return `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`;
    };
    const settings = await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.managerA.token, body: { quiet_hours: { start: clock(-30), end: clock(30) }, time_zone: "UTC" } });
    expect(settings.status).toBe(200);
    const campaign = await tenant.client.post("/api/campaigns", { name: "Texts", calling_window: ALL_DAY, selection: { tags: ["spring"] } }, tenant.managerA.token);
    expect(campaign.status).toBe(201);
    const to = "+99912345678";

    const held = await tenant.client.post("/api/messages", { to, body: "Spring sale", campaign_id: campaign.body.id }, tenant.managerA.token);
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("held");
    expect(Date.parse(held.body.send_after)).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(await sentToProvider(to)).toHaveLength(0);

    const reply = await tenant.client.post("/api/messages", { to, body: "Answering your question" }, tenant.managerA.token);
    expect(reply.body.status).toBe("queued");
    expect(await sentToProvider(to)).toHaveLength(1);
    expect((await tenant.client.post("/api/messages", { to, body: "x", campaign_id: 2147483000 }, tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.agentA.token, body: { quiet_hours: null } })).status).toBe(403);
    expect((await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.managerA.token, body: { quiet_hours: { start: "25:00", end: "08:00" } } })).status).toBe(422);
  });
});

describe("message reports", () => {
  it("counts texts sent, received, failed and opt-outs per day and per agent, in JSON and CSV", async () => {
    const tenant = await createTenant();
    const { incoming } = await textingTenant(tenant);
    const [one, two] = [uniquePhone(), uniquePhone()];
    await incoming(one, "Hello");
    await incoming(two, "STOP");
    expect((await tenant.client.post("/api/messages", { to: one, body: "Hi there" }, tenant.agentA.token)).status).toBe(201);
    await refuseNextMessage(one, 30003, "Unreachable destination handset");
    expect((await tenant.client.post("/api/messages", { to: one, body: "Still there?" }, tenant.agentA.token)).status).toBe(502);

    const daily = (await tenant.client.get("/api/reports/daily?tz=UTC", tenant.admin.token)).body.data;
    const today = daily.at(-1);
    // Sent: the agent's reply and the automatic answer to STOP; received: Hello and STOP.
    expect(today).toMatchObject({ messages_sent: 2, messages_received: 2, messages_failed: 1, opt_outs: 1 });
    const agents = (await tenant.client.get("/api/reports/agents?tz=UTC", tenant.admin.token)).body.data;
    expect(agents.find((a: { user_id: number }) => a.user_id === tenant.agentA.id)).toMatchObject({ messages_sent: 1, messages_failed: 1 });
    expect(agents.find((a: { user_id: number }) => a.user_id === tenant.agentB.id)).toMatchObject({ messages_sent: 0, messages_failed: 0 });
    // Department B's manager reads none of department A's texts.
    expect((await tenant.client.get("/api/reports/daily?tz=UTC", tenant.managerB.token)).body.data.at(-1)).toMatchObject({ messages_sent: 0, messages_received: 0 });

    const csv = await fetch(`${tenant.client.baseUrl}/api/reports/daily?tz=UTC&format=csv`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } });
    const [header, ...lines] = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header.split(",")).toEqual(expect.arrayContaining(["messages_sent", "messages_received", "messages_failed", "opt_outs"]));
    expect(lines.at(-1)).toMatch(/,2,2,1,1$/);
  });
});
