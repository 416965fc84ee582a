// A child process of bench/offers.mjs: plays agents of an offer queue. Each
// holds an event stream (offer.created only) on its server; about a second
// after an offer it accepts it, its device joins the call (the provider's
// signed agent-dial-queue), about five seconds later the caller hangs up (the
// provider's dequeue, bridged) and the agent, in wrap-up, chooses Available
// again. It records, on the wall clock, when each offer arrived and when each
// "Available" was answered, for the parent to pair with the callers' times.
import { randomBytes } from "node:crypto";
import http from "node:http";
import twilio from "twilio";

const { agents, number, accountSid, authToken, acceptAfterMs, talkMs } = JSON.parse(process.argv[2]);
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const wall = () => performance.timeOrigin + performance.now();
const jitter = (ms) => ms * (0.8 + Math.random() * 0.4);

const report = { arrivals: [], frees: [], accepted: 0, refused: {}, errors: [], provider: {}, streams: 0, streamErrors: 0 };
/** The provider's callbacks' answers, by path and status: a 5xx is a caller or an agent left without instructions. */
const tally = (path, status) => ((report.provider[path] ??= {})[status] = (report.provider[path]?.[status] ?? 0) + 1);

function request(url, { method = "POST", headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent: keepAlive, headers: { ...headers, ...(body !== undefined && { "Content-Length": Buffer.byteLength(body) }) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode, text }));
    });
    req.on("error", (error) => resolve({ status: 0, text: error.message }));
    req.end(body);
  });
}

function provider(server, path, params) {
  const url = `${server}${path}`;
  const full = { AccountSid: accountSid, ...params };
  return request(url, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, url, full) },
    body: new URLSearchParams(full).toString(),
  });
}

async function handle(agent, offer) {
  await sleep(jitter(acceptAfterMs));
  const accepted = await request(`${agent.server}/api/offers/${offer.id}/accept`, { headers: { Authorization: agent.bearer, "Content-Type": "application/json" }, body: "{}" });
  if (accepted.status !== 200) {
    report.refused[accepted.status] = (report.refused[accepted.status] ?? 0) + 1;
    if (accepted.status === 0) report.errors.push(accepted.text);
    return;
  }
  report.accepted += 1;
  const joined = await provider(agent.server, "/api/telephony/agent-dial-queue", {
    CallSid: `CA${randomBytes(16).toString("hex")}`,
    From: `client:user_${agent.id}`,
    Caller: `client:user_${agent.id}`,
    To: number,
    QueueEntryId: String(offer.queue_entry_id),
  });
  tally("agent-dial-queue", joined.status);
  if (joined.status !== 200) report.errors.push(`agent-dial-queue ${joined.status}`);
  await sleep(jitter(talkMs));
  const ended = await provider(agent.server, "/api/telephony/dequeue", {
    CallSid: offer.call_sid,
    To: number,
    QueueResult: "bridged",
    QueueTime: "1",
    QueueSid: `QU${randomBytes(16).toString("hex")}`,
  });
  tally("dequeue", ended.status);
  if (ended.status !== 200) report.errors.push(`dequeue ${ended.status}`);
  const free = await request(`${agent.server}/api/agent/status`, { headers: { Authorization: agent.bearer, "Content-Type": "application/json" }, body: JSON.stringify({ status: "available" }) });
  if (free.status === 200) report.frees.push([agent.id, wall()]);
  else report.errors.push(`available ${free.status} ${free.text.slice(0, 80)}`);
}

function openStream(agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${agent.server}/api/events?types=offer.created`, { headers: { Authorization: agent.bearer, Accept: "text/event-stream" }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
      report.streams += 1;
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes("event: offer.created")) continue;
          const at = wall();
          const data = JSON.parse(block.slice(block.indexOf("data:") + 5).split("\n")[0]);
          report.arrivals.push([data.call_sid, agent.id, at, data.id]);
          void handle(agent, data);
        }
      });
      response.on("error", () => (report.streamErrors += 1));
      resolve(req);
    });
    req.on("error", (error) => ((report.streamErrors += 1), reject(error)));
  });
}

for (let i = 0; i < agents.length; i += 50) await Promise.all(agents.slice(i, i + 50).map(openStream));
process.send({ ready: report.streams });
process.on("message", (message) => {
  if (message === "report") {
    process.send(report);
    Object.assign(report, { arrivals: [], frees: [], accepted: 0, refused: {}, errors: [], provider: {} });
  }
});
