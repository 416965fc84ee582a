import { describe, expect, it } from "vitest";
import { suiteUrl } from "../support/api";
import { createTenant, type Tenant } from "../support/factories";

// Issue 48, point 2: the website chat. A widget allows some sites; a visitor
// (a browser on one of them: its Origin) gets a token that reaches their own
// conversation only; what they write lands in the inbox as a conversation of
// the channel web, and an agent's answer reaches their stream live.

const SITE = "https://shop.example.com";
const base = () => suiteUrl();

async function widgetOf(tenant: Tenant, body: Record<string, unknown> = {}) {
  const created = await tenant.client.post("/api/settings/chat-widgets", { name: "Shop", allowed_origins: [SITE], greeting: "Hi! How can we help?", ...body }, tenant.admin.token);
  expect(created.status).toBe(201);
  return created.body as { id: number; public_key: string; snippet: string };
}

/** What a browser on `origin` sends to the widget's public routes. */
function visitorCall(key: string, origin: string | null, token?: string) {
  return async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (origin) headers.Origin = origin;
    if (token) headers["X-Visitor-Token"] = token;
    const response = await fetch(`${base()}/api/chat/${key}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}

async function newVisitor(key: string, origin = SITE) {
  const started = await visitorCall(key, origin)("POST", "/visitors");
  expect(started.status).toBe(201);
  return { token: started.body.visitor_token as string, call: visitorCall(key, origin, started.body.visitor_token) };
}

/** Opens the visitor's stream and resolves with the first line that matches. */
function firstLine(key: string, token: string, match: (line: { from: string; body: string }) => boolean) {
  const controller = new AbortController();
  const done = (async () => {
    const response = await fetch(`${base()}/api/chat/${key}/stream?token=${encodeURIComponent(token)}`, { headers: { Origin: SITE }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error("stream ended");
      buffer += decoder.decode(value, { stream: true });
      for (const frame of buffer.split("\n\n").slice(0, -1)) {
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (data && match(JSON.parse(data))) return { line: JSON.parse(data), at: Date.now() };
      }
      buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
    }
  })();
  return { done: done.finally(() => controller.abort()), close: () => controller.abort() };
}

describe("website chat (issue 48, point 2)", () => {
  it("a visitor on an allowed site writes, the inbox gets a web conversation, and the agent's answer reaches the visitor live", async () => {
    const tenant = await createTenant();
    const widget = await widgetOf(tenant);
    expect(widget.snippet).toMatch(new RegExp(`^<script src="https?://[^"]+/widget\\.js" data-inbox="${widget.public_key}" async></script>$`));

    // Only the widget's sites, and a browser says which site it is on.
    expect((await visitorCall(widget.public_key, null)("POST", "/visitors")).status).toBe(403);
    expect((await visitorCall(widget.public_key, "https://evil.example.com")("POST", "/visitors")).status).toBe(403);
    expect((await visitorCall("0".repeat(24), SITE)("POST", "/visitors")).status).toBe(404);
    const preflight = await fetch(`${base()}/api/chat/${widget.public_key}/messages`, {
      method: "OPTIONS",
      headers: { Origin: SITE, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-visitor-token" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("X-Visitor-Token");
    const refusedPreflight = await fetch(`${base()}/api/chat/${widget.public_key}/messages`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example.com", "Access-Control-Request-Method": "POST" },
    });
    expect(refusedPreflight.headers.get("access-control-allow-origin")).toBeNull();

    const visitor = await newVisitor(widget.public_key);
    const wrote = await visitor.call("POST", "/messages", { body: "Do you ship to Canada?" });
    expect(wrote.status).toBe(201);
    expect(wrote.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(wrote.body).toMatchObject({ from: "visitor", body: "Do you ship to Canada?" });

    const [conversation] = (await tenant.client.get("/api/conversations?channel=web", tenant.admin.token)).body.data;
    expect(conversation).toMatchObject({ channel: "web", phone: expect.stringMatching(/^web:\d+$/), last_message: { body: "Do you ship to Canada?", direction: "inbound" }, whatsapp_window: null });

    // The answer, live: sent after the stream is open, received on it.
    const stream = firstLine(widget.public_key, visitor.token, (line) => line.from === "agent");
    await new Promise((r) => setTimeout(r, 300));
    const sentAt = Date.now();
    const reply = await tenant.client.post(`/api/conversations/${conversation.id}/messages`, { body: "We do: 3-5 days." }, tenant.admin.token);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ direction: "outbound", status: "delivered", body: "We do: 3-5 days." });
    const { line, at } = await stream.done;
    expect(line).toMatchObject({ from: "agent", body: "We do: 3-5 days." });
    expect(at - sentAt).toBeLessThan(2000);
    // And in their history.
    expect((await visitor.call("GET", "/messages")).body.data.map((l: { from: string; body: string }) => [l.from, l.body])).toEqual([
      ["visitor", "Do you ship to Canada?"],
      ["agent", "We do: 3-5 days."],
    ]);
  });

  it("a visitor reaches their own conversation only; messages are bounded in size and rate; an email left is said in the conversation", async () => {
    const tenant = await createTenant();
    const widget = await widgetOf(tenant);
    const other = await widgetOf(tenant, { name: "Blog", allowed_origins: ["https://blog.example.com"] });
    const ann = await newVisitor(widget.public_key);
    const bob = await newVisitor(widget.public_key);
    expect((await ann.call("POST", "/messages", { body: "Ann here" })).status).toBe(201);
    expect((await bob.call("GET", "/messages")).body.data).toEqual([]);
    // A token is its widget's: not another widget's, not no token.
    expect((await visitorCall(other.public_key, "https://blog.example.com", ann.token)("GET", "/messages")).status).toBe(401);
    expect((await visitorCall(widget.public_key, SITE)("GET", "/messages")).status).toBe(401);

    expect((await ann.call("POST", "/messages", { body: "x".repeat(2001) })).status).toBe(422);
    expect((await ann.call("POST", "/messages", { body: "   " })).status).toBe(422);
    expect((await ann.call("POST", "/email", { email: "not an email" })).status).toBe(422);
    expect((await ann.call("POST", "/email", { email: "ann@example.com" })).status).toBe(204);
    const [conversation] = (await tenant.client.get("/api/conversations?channel=web&q=Ann", tenant.admin.token)).body.data;
    const thread = (await tenant.client.get(`/api/conversations/${conversation.id}/messages`, tenant.admin.token)).body.data.map((m: { body: string }) => m.body);
    expect(thread).toEqual(["Ann here", "Left an email to be answered later: ann@example.com"]);

    let limited = 0;
    for (let i = 0; i < 31 && !limited; i++) if ((await bob.call("POST", "/messages", { body: `line ${i}` })).status === 429) limited = i;
    expect(limited).toBeGreaterThan(25);

    // A widget removed: its script stops working.
    expect((await tenant.client.request("DELETE", `/api/settings/chat-widgets/${widget.id}`, { token: tenant.admin.token })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await ann.call("GET", "/messages")).status).toBe(404);
  });

  it("only admins set widgets up, and only with sites that are sites", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.post("/api/settings/chat-widgets", { name: "Shop", allowed_origins: [SITE] }, tenant.agentA.token)).status).toBe(403);
    const bad = await tenant.client.post(
      "/api/settings/chat-widgets",
      { name: "", allowed_origins: ["ftp://x.example.com", "https://x.example.com/path", "http://public.example.com"] },
      tenant.admin.token,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["allowed_origins.0", "allowed_origins.1", "allowed_origins.2", "name"]);
    expect((await tenant.client.get("/api/settings/chat-widgets", tenant.admin.token)).body.data).toEqual([]);
    // The script is small and served to any page.
    const script = await fetch(`${base()}/widget.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await script.text()).length).toBeLessThan(30_000);
  });
});
