// The provider's REST API, played locally: the servers under test are started
// with TWILIO_API_BASE_URL pointing here. It records every call the engine
// places (POST …/Calls.json) and answers like the provider (201 with a CallSid);
// tests read what was dialed from GET /__calls and then play the provider's
// callbacks themselves. `/__fail` makes the next dials fail (a 500).
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

export async function startFakeProvider() {
  const calls = [];
  const messages = [];
  let failNext = 0;
  // The next text messages refused, as the provider refuses them (400 with its error code).
  const refuseMessages = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url, "http://fake");
      if (req.method === "GET" && url.pathname === "/__calls") {
        const to = url.searchParams.get("to");
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(to ? calls.filter((c) => c.To === to) : calls));
      }
      if (req.method === "GET" && url.pathname === "/__messages") {
        const to = url.searchParams.get("to");
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(to ? messages.filter((m) => m.To === to) : messages));
      }
      if (req.method === "POST" && url.pathname === "/__refuse_message") {
        refuseMessages.push({ to: url.searchParams.get("to"), code: Number(url.searchParams.get("code") ?? 21211), message: url.searchParams.get("message") ?? "The 'To' number is not a valid phone number." });
        res.writeHead(204);
        return res.end();
      }
      if (req.method === "POST" && /\/Accounts\/[^/]+\/Messages\.json$/.test(url.pathname)) {
        const form = new URLSearchParams(body);
        const params = { ...Object.fromEntries(form), MediaUrl: form.getAll("MediaUrl") };
        const refusal = refuseMessages.findIndex((r) => !r.to || r.to === params.To);
        if (refusal >= 0) {
          const [{ code, message }] = refuseMessages.splice(refusal, 1);
          res.writeHead(400, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: 400 }));
        }
        const sid = `SM${randomBytes(16).toString("hex")}`;
        messages.push({ ...params, sid, at: Date.now() });
        res.writeHead(201, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ sid, status: "queued", to: params.To, from: params.From, body: params.Body, num_segments: "1" }));
      }
      if (req.method === "POST" && url.pathname === "/__fail") {
        failNext = Number(url.searchParams.get("count") ?? 1);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === "POST" && /\/Accounts\/[^/]+\/Calls\.json$/.test(url.pathname)) {
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(500, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ code: 20500, message: "Internal failure (fake provider)", status: 500 }));
        }
        const params = Object.fromEntries(new URLSearchParams(body));
        const sid = `CA${randomBytes(16).toString("hex")}`;
        calls.push({ ...params, sid, at: Date.now() });
        res.writeHead(201, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ sid, status: "queued", to: params.To, from: params.From }));
      }
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ code: 20404, message: "Not found", status: 404 }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  return { baseUrl, calls, messages, stop: () => new Promise((resolve) => server.close(resolve)) };
}
