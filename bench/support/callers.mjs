// A child process of bench/events.mjs: plays the provider, placing inbound
// calls at a steady rate to the servers in turn, each caller hanging up a
// second later. Apart from the agents' streams, so that the moment a webhook's
// answer arrives is read off a clock that is not behind their busy loop.
import { randomBytes } from "node:crypto";
import http from "node:http";
import twilio from "twilio";

const { servers, rate, number, hangup, accountSid, authToken } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A kept-alive connection the server closes just as a request goes out fails
// without an answer: sent again once on a new connection, as Node's
// documentation advises for keep-alive races (every callback here is idempotent).
async function post(url, params) {
  const first = await postOnce(url, params);
  return first.status === 0 ? postOnce(url, params, { fresh: true }) : first;
}

function postOnce(url, params, { fresh = false } = {}) {
  const body = new URLSearchParams(params).toString();
  const headers = { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, url, params) };
  return new Promise((resolve) => {
    const request = http.request(url, { method: "POST", agent: fresh ? false : agent, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode }));
    });
    request.on("error", (error) => resolve({ status: 0, error: error.message }));
    request.end(body);
  });
}

async function placeCalls(seconds) {
  const report = { webhookMs: [], answered: [], errors: [], statuses: {}, calls: Math.round(rate * seconds), events: 0 };
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < report.calls; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const sid = `CA${randomBytes(16).toString("hex")}`;
    const sentAt = performance.now();
    const call = { AccountSid: accountSid, CallSid: sid, From: `+1415${String(1_000_000 + i).slice(-7)}`, To: number };
    pending.push(
      post(`${servers[i % 2]}/api/telephony/inbound`, { ...call, CallStatus: "ringing" }).then(async ({ status, error }) => {
        report.webhookMs.push(performance.now() - sentAt);
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        // Wall-clock time, to compare with the agents' processes' arrival times.
        report.answered.push([sid, Date.now()]);
        if (status !== 200) return void report.errors.push(error ?? `inbound ${status}`);
        report.events += 1;
        if (!hangup) return;
        await sleep(1000);
        // The caller gives up: the entry leaves the queue.
        const left = await post(`${servers[(i + 1) % 2]}/api/telephony/status`, { ...call, CallStatus: "completed", CallDuration: "0" });
        if (left.status === 200) report.events += 1;
        else report.errors.push(left.error ?? `status ${left.status}`);
      }),
    );
  }
  await Promise.all(pending);
  return report;
}

process.on("message", async (message) => {
  if (message?.place) process.send(await placeCalls(message.place));
  if (message === "stop") {
    agent.destroy();
    process.exit(0);
  }
});
process.send({ ready: true });
