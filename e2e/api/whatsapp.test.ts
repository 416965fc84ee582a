import { describe, expect, inject, it } from "vitest";
import { uniquePhone } from "../support/contacts";
import { api, suiteUrl } from "../support/api";
import { createTenant, type Tenant } from "../support/factories";
import { sentToProvider, textingTenant } from "../support/messages";
import { giveNumber, holdAtProvider, provider } from "../support/provider";
import { TEST_PROVIDER } from "../support/server.mjs";

// Issue 48, point 1: WhatsApp through the provider's messaging API, in the
// same inbox as texts. The provider is played by signed callbacks with
// whatsapp: addresses; what the service asks it to send is held against its
// published API definitions by the fake provider.

const TEMPLATE = { name: "Order ready", content_sid: `HX${"ab".repeat(16)}`, body: "Hi {{1}}, your order {{2}} is ready." };
let senderCounter = 0;

/** A tenant with a WhatsApp sender of its own (callbacks addressed to it find the tenant) and one approved template. */
async function whatsappTenant(templates = [TEMPLATE]) {
  const tenant = await createTenant();
  const sms = await textingTenant(tenant);
  senderCounter += 1;
  const sender = `+1888${String((process.pid * 131 + Date.now() + senderCounter) % 10_000_000).padStart(7, "0")}`;
  expect((await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.admin.token, body: { whatsapp: { sender, templates } } })).status).toBe(200);
  const incoming = (from: string, body: string, sentAt?: Date) => provider().incomingSms({ from, to: sender, body, whatsapp: true, ...(sentAt && { sentAt: sentAt.toISOString() }) });
  return { ...sms, tenant, sender, incoming, incomingSms: sms.incoming };
}

const conversations = async (tenant: Tenant, query: string) => (await tenant.client.get(`/api/conversations?per_page=100&${query}`, tenant.admin.token)).body.data;
const send = (tenant: Tenant, body: Record<string, unknown>) => tenant.client.post("/api/messages", body, tenant.agentA.token);

describe("WhatsApp in the inbox (issue 48, point 1)", () => {
  it("a WhatsApp message is its own conversation beside the same number's texts, answered free-form within 24 hours from the WhatsApp sender", async () => {
    const { tenant, sender, incoming, incomingSms } = await whatsappTenant();
    const person = uniquePhone();
    expect((await incoming(person, "Is my order ready?")).status).toBe(200);
    expect((await incomingSms(person, "Also texting you")).status).toBe(200);

    const [whatsapp] = await conversations(tenant, "channel=whatsapp");
    expect(whatsapp).toMatchObject({ channel: "whatsapp", phone: person, our_number: sender, last_message: { body: "Is my order ready?", direction: "inbound" }, whatsapp_window: { open: true } });
    const closes = Date.parse(whatsapp.whatsapp_window.closes_at) - Date.now();
    expect(closes).toBeGreaterThan(23.9 * 3_600_000);
    expect(closes).toBeLessThanOrEqual(24 * 3_600_000);
    const [sms] = await conversations(tenant, "channel=sms");
    expect(sms).toMatchObject({ channel: "sms", phone: person, whatsapp_window: null, last_message: { body: "Also texting you" } });
    expect((await conversations(tenant, "")).map((c: { channel: string }) => c.channel).sort()).toEqual(["sms", "whatsapp"]);
    expect((await tenant.client.get("/api/conversations?channel=fax", tenant.admin.token)).status).toBe(422);

    // Bad input: 422, nothing sent.
    for (const body of [
      { to: person, body: "x", channel: "fax" },
      { to: person, channel: "sms", content_sid: TEMPLATE.content_sid },
      { to: person, body: "x", channel: "whatsapp", content_variables: { 1: "a" } },
      { to: person, channel: "whatsapp", content_sid: TEMPLATE.content_sid, body: "and words" },
    ]) {
      expect((await send(tenant, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await sentToProvider(`whatsapp:${person}`)).toEqual([]);

    const reply = await send(tenant, { to: person, channel: "whatsapp", body: "Yes, come by after 3." });
    expect(reply.status).toBe(201);
    const [sent] = await sentToProvider(`whatsapp:${person}`);
    expect(sent).toMatchObject({ To: `whatsapp:${person}`, From: `whatsapp:${sender}`, Body: "Yes, come by after 3." });
    expect(sent.StatusCallback).toContain("/api/telephony/sms-status?message=");
    // Media goes as MediaUrl, between the same WhatsApp addresses.
    expect((await send(tenant, { to: person, channel: "whatsapp", body: "Your label", media_urls: ["https://8.8.8.8/label.pdf"] })).status).toBe(201);
    expect((await sentToProvider(`whatsapp:${person}`))[1]).toMatchObject({ To: `whatsapp:${person}`, From: `whatsapp:${sender}`, Body: "Your label", MediaUrl: ["https://8.8.8.8/label.pdf"] });
    // The texts' conversation did not get it.
    const thread = (await tenant.client.get(`/api/conversations/${sms.id}/messages`, tenant.admin.token)).body;
    expect(thread.data.map((m: { body: string }) => m.body)).toEqual(["Also texting you"]);
  });

  it("outside the 24-hour window only an approved template goes, with every variable filled", async () => {
    const { tenant, sender, incoming } = await whatsappTenant();
    const person = uniquePhone();
    expect((await incoming(person, "Hello?", new Date(Date.now() - 25 * 3_600_000))).status).toBe(200);
    const [conversation] = await conversations(tenant, "channel=whatsapp");
    expect(conversation.whatsapp_window.open).toBe(false);

    const freeForm = await send(tenant, { to: person, channel: "whatsapp", body: "Sorry for the wait" });
    expect(freeForm.status).toBe(422);
    expect(freeForm.body.errors.body[0]).toBe("WhatsApp allows only approved templates now: more than 24 hours have passed since the person last wrote. Pick a template (content_sid).");
    expect((await send(tenant, { to: person, channel: "whatsapp", content_sid: `HX${"0".repeat(32)}` })).body.errors).toHaveProperty("content_sid");
    const missing = await send(tenant, { to: person, channel: "whatsapp", content_sid: TEMPLATE.content_sid, content_variables: { 1: "Dora" } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["content_variables.2"]);
    expect(await sentToProvider(`whatsapp:${person}`)).toEqual([]);

    const sent = await send(tenant, { to: person, channel: "whatsapp", content_sid: TEMPLATE.content_sid, content_variables: { 1: "Dora", 2: "A-1042" } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ body: "Hi Dora, your order A-1042 is ready.", direction: "outbound" });
    const [asked] = await sentToProvider(`whatsapp:${person}`);
    expect(asked).toMatchObject({ To: `whatsapp:${person}`, From: `whatsapp:${sender}`, ContentSid: TEMPLATE.content_sid });
    expect(JSON.parse(asked.ContentVariables!)).toEqual({ 1: "Dora", 2: "A-1042" });
    expect(asked.Body).toBeUndefined();

    // Someone who never wrote on WhatsApp: a template starts it, free-form does not (and leaves no conversation behind).
    const stranger = uniquePhone();
    expect((await send(tenant, { to: stranger, channel: "whatsapp", body: "Hi" })).body.errors.body[0]).toContain("the person has not written on WhatsApp yet");
    expect(await conversations(tenant, `channel=whatsapp&q=${stranger.slice(1)}`)).toEqual([]);
    expect((await send(tenant, { to: stranger, channel: "whatsapp", content_sid: TEMPLATE.content_sid, content_variables: { 1: "Ann", 2: "B-7" } })).status).toBe(201);
  });

  it("a picture sent on WhatsApp is fetched from the provider with the account's credentials, kept here, and served only to whoever may read the conversation", async () => {
    const { tenant, sender } = await whatsappTenant();
    const person = uniquePhone();
    const hex = (n: number) => n.toString(16).padStart(32, "0");
    const message = `MM${hex(Date.now())}`;
    const troubled = `ME${hex(Date.now()).slice(0, 30)}5e`;
    const providerMedia = (sid: string) => `https://api.twilio.com/2010-04-01/Accounts/${TEST_PROVIDER.TWILIO_ACCOUNT_SID}/Messages/${message}/Media/${sid}`;
    const sent = await provider().incomingSms({
      messageSid: message,
      from: person,
      to: sender,
      body: "Here is the receipt",
      whatsapp: true,
      media: [
        { url: providerMedia(`ME${hex(1)}`), contentType: "image/jpeg" },
        // Not the provider's address: never fetched (a forged callback cannot make the service request a host of its choosing).
        { url: "https://files.example.com/receipt.jpg", contentType: "image/jpeg" },
        { url: providerMedia(`ME${"0".repeat(30)}ff`), contentType: "image/jpeg" },
        // The provider's passing trouble (a 503 the first time): fetched again, and kept.
        { url: providerMedia(troubled), contentType: "image/jpeg" },
      ],
    });
    expect(sent.status).toBe(200);
    const [conversation] = await conversations(tenant, "channel=whatsapp");
    const thread = async () => (await tenant.client.get(`/api/conversations/${conversation.id}/messages`, tenant.admin.token)).body.data[0];
    const deadline = Date.now() + 15_000;
    while ((await thread()).media.some((m: { stored: string }) => m.stored === "pending") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const received = await thread();
    expect(received.media).toEqual([
      { url: `/api/messages/${received.id}/media/0`, content_type: "image/jpeg", stored: "stored" },
      { url: `/api/messages/${received.id}/media/1`, content_type: "image/jpeg", stored: "failed" },
      { url: `/api/messages/${received.id}/media/2`, content_type: "image/jpeg", stored: "failed" },
      { url: `/api/messages/${received.id}/media/3`, content_type: "image/jpeg", stored: "stored" },
    ]);
    expect(JSON.stringify(received)).not.toContain("api.twilio.com");

    const file = await fetch(`${suiteUrl()}${received.media[0].url}`, { headers: { Authorization: `Bearer ${tenant.agentA.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.length).toBe(2048);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await fetch(`${suiteUrl()}${received.media[1].url}`, { headers: { Authorization: `Bearer ${tenant.agentA.token}` } })).status).toBe(502);
    expect((await fetch(`${suiteUrl()}/api/messages/${received.id}/media/7`, { headers: { Authorization: `Bearer ${tenant.agentA.token}` } })).status).toBe(404);
    // Another organization's agent: no such file.
    const other = await createTenant();
    expect((await fetch(`${suiteUrl()}${received.media[0].url}`, { headers: { Authorization: `Bearer ${other.agentA.token}` } })).status).toBe(404);
    // The provider was asked with the account's credentials, for its own addresses only.
    const asked = (await (await fetch(`${inject("fakeProviderUrl")}/__media`)).json()).filter((r: { media?: string }) => r.media?.startsWith("ME"));
    expect(asked.filter((r: { media: string }) => [`ME${hex(1)}`, `ME${"0".repeat(30)}ff`].includes(r.media)).every((r: { authorized: boolean }) => r.authorized)).toBe(true);
    expect(asked.filter((r: { media: string }) => r.media === troubled)).toHaveLength(2);
  });

  it("STOP on WhatsApp stops WhatsApp only; an organization without a sender cannot send on WhatsApp", async () => {
    const { tenant, incoming } = await whatsappTenant();
    const person = uniquePhone();
    expect((await incoming(person, "STOP")).status).toBe(200);
    const [conversation] = await conversations(tenant, "channel=whatsapp");
    expect(conversation.sms_opted_out_at).not.toBeNull();
    const refused = await send(tenant, { to: person, channel: "whatsapp", body: "One more thing" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("opted out of WhatsApp messages");
    expect((await send(tenant, { to: person, body: "By text instead" })).status).toBe(201);
    // START lifts it.
    expect((await incoming(person, "START")).status).toBe(200);
    expect((await send(tenant, { to: person, channel: "whatsapp", body: "Welcome back" })).status).toBe(201);

    const plain = await createTenant();
    await giveNumber(plain);
    const off = await plain.client.post("/api/messages", { to: person, channel: "whatsapp", body: "Hi" }, plain.agentA.token);
    expect(off.status).toBe(409);
    expect(off.body.message).toBe("WhatsApp is not set up: an admin sets the WhatsApp sender in Settings → Telephony.");
    // Settings refuse what the provider would not take.
    const bad = await plain.client.request("PUT", "/api/settings/sms", {
      token: plain.admin.token,
      body: { whatsapp: { sender: "whatsapp:call us", templates: [{ name: "x", content_sid: "HX1", body: "y" }] } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["whatsapp.sender", "whatsapp.templates.0.content_sid"]);
    expect((await plain.client.get("/api/whatsapp/templates", plain.agentA.token)).body).toEqual({ enabled: false, sender: null, data: [] });
  });
});

// Issue 59, point 7: a WhatsApp sender is a number, and a number is one
// organization's (owned_numbers, as telephony numbers are): a second
// organization hears 409 however it writes the sender. The sender and its
// templates are the account admin's; a manager keeps quiet hours and the help text.
describe("a WhatsApp sender has one owner (issue 59, point 7)", () => {
  const putSms = (tenant: Tenant, body: Record<string, unknown>, token = tenant.admin.token, client = tenant.client) => client.request("PUT", "/api/settings/sms", { token, body });
  const senderOf = async (tenant: Tenant) => (await tenant.client.get("/api/settings/sms", tenant.admin.token)).body.whatsapp.sender;
  /** The ways a sender is written: the provider's address, grouped digits, digits without "+". */
  const formats = (e164: string) => [
    e164,
    `whatsapp:${e164}`,
    `+${e164.slice(1, 2)} ${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`,
    e164.slice(1),
    `WhatsApp:+${e164.slice(1, 2)} (${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`,
  ];

  it("a second organization cannot set another's sender, in any format (409 naming it), nor take it as a telephony number", async () => {
    const { tenant: owner, sender } = await whatsappTenant();
    const other = await createTenant();
    for (const written of formats(sender)) {
      const taken = await putSms(other, { whatsapp: { sender: written, templates: [] } });
      expect(taken.status, written).toBe(409);
      expect(taken.body.errors).toEqual({ "whatsapp.sender": [`${sender} is another organization's number.`] });
      expect(taken.body.message).toContain(sender);
    }
    expect(await senderOf(other)).toBeNull();
    // A telephony number and a WhatsApp sender are one kind of claim: neither way across.
    await holdAtProvider(sender);
    const asNumber = await other.client.request("PUT", "/api/settings/telephony", { token: other.admin.token, body: { phone_numbers: [sender] } });
    expect(asNumber.status).toBe(409);
    expect(asNumber.body.errors).toEqual({ phone_numbers: [`${sender} is another organization's number.`] });
    const ownersNumber = await giveNumber(owner);
    expect((await putSms(other, { whatsapp: { sender: ownersNumber, templates: [] } })).body.errors).toEqual({ "whatsapp.sender": [`${ownersNumber} is another organization's number.`] });

    // The owner writes it any way it likes and it stays one number; given up, the other may have it.
    const rewritten = await putSms(owner, { whatsapp: { sender: `whatsapp:${sender}`, templates: [TEMPLATE] } });
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.whatsapp.sender).toBe(sender);
    expect((await putSms(owner, { whatsapp: { sender: null, templates: [] } })).status).toBe(200);
    const claimed = await putSms(other, { whatsapp: { sender: sender.slice(1), templates: [] } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.whatsapp.sender).toBe(sender);
    expect((await putSms(owner, { whatsapp: { sender, templates: [] } })).status).toBe(409);
    // A message to the sender now lands with its one owner.
    const person = uniquePhone();
    expect((await provider().incomingSms({ from: person, to: sender, body: "Whose sender is this?", whatsapp: true })).status).toBe(200);
    expect((await conversations(other, "channel=whatsapp")).map((c: { phone: string }) => c.phone)).toEqual([person]);
    expect(await conversations(owner, "channel=whatsapp")).toEqual([]);
  });

  it("lets only one of two organizations saving the same sender at once have it, across servers", async () => {
    const second = api(inject("secondBaseUrl") || suiteUrl());
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    for (let round = 0; round < 4; round++) {
      senderCounter += 1;
      const sender = `+1866${String((process.pid * 137 + Date.now() + senderCounter) % 10_000_000).padStart(7, "0")}`;
      const [written] = formats(sender).slice(round % 2 ? 1 : 3);
      const answers = await Promise.all([putSms(a, { whatsapp: { sender, templates: [] } }), putSms(b, { whatsapp: { sender: written, templates: [] } }, b.admin.token, second)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect([await senderOf(a), await senderOf(b)].filter((s) => s === sender)).toHaveLength(1);
    }
  });

  it("a department manager keeps quiet hours and the help text, but not the sender or its templates (403, nothing changed)", async () => {
    const { tenant, sender } = await whatsappTenant();
    const before = (await tenant.client.get("/api/settings/sms", tenant.admin.token)).body;
    const manager = tenant.managerA.token;
    const changes = [
      { whatsapp: { sender: "+14155550100", templates: [TEMPLATE] } },
      { whatsapp: { sender: null, templates: [] } },
      { whatsapp: { sender, templates: [] } },
      { whatsapp: { sender, templates: [{ ...TEMPLATE, body: "Hi {{1}}, pay now." }] } },
      { help_text: "Reply STOP to stop.", whatsapp: { sender, templates: [{ ...TEMPLATE, content_sid: `HX${"cd".repeat(16)}` }] } },
    ];
    for (const body of changes) {
      const refused = await putSms(tenant, body, manager);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body.message).toContain("WhatsApp");
    }
    expect((await tenant.client.get("/api/settings/sms", tenant.admin.token)).body).toEqual(before);

    // What managers set today they still set, and sending the sender back as it is changes nothing.
    const kept = await putSms(tenant, { quiet_hours: { start: "20:00", end: "09:00" }, help_text: "Call us on weekdays." }, manager);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ quiet_hours: { start: "20:00", end: "09:00" }, help_text: "Call us on weekdays.", whatsapp: before.whatsapp });
    expect((await putSms(tenant, { help_text: "Call us any day.", whatsapp: before.whatsapp }, manager)).status).toBe(200);
    // The admin changes them.
    expect((await putSms(tenant, { whatsapp: { sender, templates: [] } })).body.whatsapp.templates).toEqual([]);
  });
});
