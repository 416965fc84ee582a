// The provider's REST API, played locally: the servers under test are started
// with TWILIO_API_BASE_URL pointing here. It records every call the engine
// places (POST …/Calls.json) and answers like the provider (201 with a CallSid);
// tests read what was dialed from GET /__calls and then play the provider's
// callbacks themselves. `/__fail?to=…` makes the next dials to a number fail (a 500).
// Every REST request is held to the provider's published API definitions
// (provider-api-check.mjs): one the provider would not take is answered as it
// would be (400, or 404 for an unknown operation) and kept in GET
// /__violations, which fails the suite. `/__delay` makes the next answers to
// an operation slow, as the real provider's sometimes are (issue 40).
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { checkProviderRequest } from "./provider-api-check.mjs";

/** A form's fields; a name sent more than once (StatusCallbackEvent, MediaUrl) keeps all its values. */
function formFields(body) {
  const fields = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!(name in fields)) fields[name] = value;
    else fields[name] = [].concat(fields[name], value);
  }
  return fields;
}

/** The double's name for a REST operation, as /__delay and the controls log name them. */
function operationName(method, pathname) {
  if (method === "POST" && /\/Calls\.json$/.test(pathname)) return "call.create";
  if (method === "POST" && /\/Calls\/[^/]+\.json$/.test(pathname)) return "call.update";
  if (method === "POST" && /\/Messages\.json$/.test(pathname)) return "message.create";
  if (method === "GET" && /\/Conferences\.json$/.test(pathname)) return "conference.list";
  if (method === "POST" && /\/Participants\.json$/.test(pathname)) return "participant.create";
  if (method === "POST" && /\/Participants\/[^/]+\.json$/.test(pathname)) return "participant.update";
  if (method === "DELETE" && /\/Participants\/[^/]+\.json$/.test(pathname)) return "participant.delete";
  return `${method} ${pathname}`;
}

/** The provider's refusal: its status, error code and message, as its REST API answers. */
function refusal(res, status, code, message) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

export async function startFakeProvider() {
  const calls = [];
  const messages = [];
  // Call control (issue 22): every update of a live call and every conference
  // participant request, in order, as tests assert them; conferences are made
  // when a call is moved into one by name, as the provider makes them.
  const controls = [];
  const conferences = new Map();
  const conferenceNamed = (name) => {
    if (!conferences.has(name)) conferences.set(name, { sid: `CF${randomBytes(16).toString("hex")}`, friendly_name: name, status: "in-progress", participants: new Map() });
    return conferences.get(name);
  };
  const conferenceBySid = (sid) => [...conferences.values()].find((c) => c.sid === sid || c.friendly_name === decodeURIComponent(sid));
  const json = (res, status, value) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(value));
  };
  const participantJson = (conference, p) => ({
    account_sid: "AC",
    call_sid: p.call_sid,
    conference_sid: conference.sid,
    hold: p.hold,
    muted: p.muted,
    coaching: Boolean(p.coach),
    call_sid_to_coach: p.coach ?? null,
    status: "connected",
    label: p.label ?? null,
  });
  // Dials to fail, by number: files share the double, so a failure meant for one test's dial never takes another's.
  const failing = new Map();
  const ownedNumbers = incomingPhoneNumbers();
  // Issue 40: requests the provider's API definitions refuse; slow answers to come; calls that have ended (the provider refuses to change them: 21220).
  const violations = [];
  const delays = [];
  const completedCalls = new Set();
  // The next text messages refused, as the provider refuses them (400 with its error code).
  const refuseMessages = [];
  // Issue 47: the recordings' audio asked for.
  const mediaRequests = [];
  const troubledMedia = new Set();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url, "http://fake");
      // --- issue 40: the API definitions, slow answers, ended calls (controls of the double itself) ---
      if (req.method === "GET" && url.pathname === "/__violations") return json(res, 200, violations);
      if (req.method === "POST" && url.pathname === "/__delay") {
        delays.push({ op: url.searchParams.get("op"), ms: Number(url.searchParams.get("ms") ?? 2500), count: Number(url.searchParams.get("count") ?? 1), to: url.searchParams.get("to") });
        res.writeHead(204);
        return res.end();
      }
      // A call that ended on the provider's side (a caller hanging up): it leaves its conference, and can no longer be changed.
      if (req.method === "POST" && url.pathname === "/__hangup") {
        const call = url.searchParams.get("call");
        completedCalls.add(call);
        for (const c of conferences.values()) c.participants.delete(call);
        res.writeHead(204);
        return res.end();
      }
      // --- issue 47: a recording's audio. The media address (…/Recordings/{Sid}.mp3) is the provider's file, not
      // a REST operation of its API definitions: it is served with the account's own credentials only, a Range
      // honoured (206) as the provider does, and each request kept for the tests (GET /__media). ---
      const media = /^\/2010-04-01\/Accounts\/([^/]+)\/Recordings\/(RE[0-9a-fA-F]{32})\.(mp3|wav)$/.exec(url.pathname);
      if (req.method === "GET" && media) {
        const [account] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
          .toString("utf8")
          .split(":");
        mediaRequests.push({ account: media[1], recording: media[2], range: req.headers.range ?? null, authorized: account === media[1], at: Date.now() });
        if (account !== media[1]) return refusal(res, 401, 20003, "Authentication Error - invalid username");
        const audio = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
        const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
        if (range) {
          const start = Number(range[1]);
          const end = range[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
          res.writeHead(206, { "Content-Type": "audio/mpeg", "Content-Length": end - start + 1, "Content-Range": `bytes ${start}-${end}/${audio.length}`, "Accept-Ranges": "bytes" });
          return res.end(audio.subarray(start, end + 1));
        }
        res.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": audio.length, "Accept-Ranges": "bytes" });
        return res.end(audio);
      }
      // --- issue 48: a file someone sent with a message (…/Messages/{MM}/Media/{ME}, no extension): the provider's
      // file, served with the account's credentials only. A Sid ending in "ff" is too large (17 MB declared);
      // one ending in "5e" answers 503 the first time it is asked (a provider's passing trouble). ---
      const messageMedia = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/((?:MM|SM)[0-9a-fA-F]{32})\/Media\/(ME[0-9a-fA-F]{32})$/.exec(url.pathname);
      if (req.method === "GET" && messageMedia) {
        const [account] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
          .toString("utf8")
          .split(":");
        mediaRequests.push({ account: messageMedia[1], media: messageMedia[3], authorized: account === messageMedia[1], at: Date.now() });
        if (account !== messageMedia[1]) return refusal(res, 401, 20003, "Authentication Error - invalid username");
        if (messageMedia[3].endsWith("5e") && !troubledMedia.has(messageMedia[3])) {
          troubledMedia.add(messageMedia[3]);
          return refusal(res, 503, 20500, "Service Unavailable");
        }
        if (messageMedia[3].endsWith("ff")) {
          res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": 17 * 1024 * 1024 });
          return res.end(Buffer.alloc(1024));
        }
        // A JPEG's first bytes and a body: what matters is that it arrives whole, as sent.
        const picture = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(Array.from({ length: 2044 }, (_, i) => i % 253))]);
        res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": picture.length });
        return res.end(picture);
      }
      if (req.method === "GET" && url.pathname === "/__media") return json(res, 200, mediaRequests);
      if (url.pathname.startsWith("/2010-04-01/")) {
        const { operation, problems } = checkProviderRequest(req.method, url.pathname, url.searchParams, body, req.headers["content-type"] ?? "");
        if (problems.length) {
          violations.push({ method: req.method, path: url.pathname, query: url.search, body: formFields(body), problems, at: Date.now() });
          return operation ? refusal(res, 400, 20001, `Invalid request: ${problems.join("; ")}`) : refusal(res, 404, 20404, "The requested resource was not found");
        }
        const op = operationName(req.method, url.pathname);
        const to = new URLSearchParams(body).get("To");
        const delay = delays.find((d) => d.count > 0 && d.op === op && (!d.to || d.to === to));
        if (delay) {
          // The request is acted on at once (its call exists, the controls log has it); only the answer is late.
          delay.count -= 1;
          const end = res.end.bind(res);
          res.end = (...args) => setTimeout(() => end(...args), delay.ms);
        }
      }
      // --- end of issue 40's block ---
      if (ownedNumbers.handle(req, url, body, res)) return;
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
        refuseMessages.push({
          to: url.searchParams.get("to"),
          code: Number(url.searchParams.get("code") ?? 21211),
          message: url.searchParams.get("message") ?? "The 'To' number is not a valid phone number.",
        });
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
      if (req.method === "GET" && url.pathname === "/__controls") {
        const call = url.searchParams.get("call");
        return json(res, 200, call ? controls.filter((c) => c.call === call || c.body.CallSid === call) : controls);
      }
      if (req.method === "GET" && url.pathname === "/__conferences") {
        return json(
          res,
          200,
          [...conferences.values()].map((c) => ({ sid: c.sid, name: c.friendly_name, participants: [...c.participants.values()] })),
        );
      }
      // A leg that entered a conference through TwiML (a callback's answer), as the provider seats it: the conference's sid back.
      if (req.method === "POST" && url.pathname === "/__join") {
        const conference = conferenceNamed(url.searchParams.get("conference"));
        conference.participants.set(url.searchParams.get("call"), { call_sid: url.searchParams.get("call"), hold: false, muted: false, joined: true });
        return json(res, 200, { sid: conference.sid });
      }
      let match;
      if (req.method === "POST" && (match = /\/Accounts\/[^/]+\/Calls\/(CA[0-9a-fA-F]+)\.json$/.exec(url.pathname))) {
        const params = formFields(body);
        // A call that has ended cannot be redirected or hung up again (the provider's 21220); the request is still logged.
        if (completedCalls.has(match[1])) {
          controls.push({ kind: "call.update", call: match[1], body: params, refused: 21220, at: Date.now() });
          return refusal(res, 400, 21220, "Call is not in-progress. Cannot redirect.");
        }
        controls.push({ kind: "call.update", call: match[1], body: params, at: Date.now() });
        const conference = /<Conference[^>]*>([^<]+)<\/Conference>/.exec(params.Twiml ?? "");
        // A moved leg is in the conference, but joins only once its new TwiML runs: the test says when (/__join), as the conference's callback would.
        if (conference) conferenceNamed(conference[1]).participants.set(match[1], { call_sid: match[1], hold: false, muted: false, joined: false });
        for (const c of conferences.values()) if (!conference || c.friendly_name !== conference[1]) c.participants.delete(match[1]);
        if (params.Status === "completed") completedCalls.add(match[1]);
        return json(res, 200, { sid: match[1], status: params.Status === "completed" ? "completed" : "in-progress" });
      }
      if (req.method === "GET" && /\/Accounts\/[^/]+\/Conferences\.json$/.test(url.pathname)) {
        const name = url.searchParams.get("FriendlyName");
        const found = [...conferences.values()].filter((c) => !name || c.friendly_name === name).map((c) => ({ sid: c.sid, friendly_name: c.friendly_name, status: c.status }));
        return json(res, 200, { conferences: found, meta: { page: 0, page_size: 50, key: "conferences" } });
      }
      if ((match = /\/Accounts\/[^/]+\/Conferences\/([^/]+)\/Participants(?:\/(CA[0-9a-fA-F]+))?\.json$/.exec(url.pathname))) {
        const params = formFields(body);
        const conference = req.method === "POST" && !match[2] ? conferenceNamed(decodeURIComponent(match[1])) : conferenceBySid(match[1]);
        if (!conference) return json(res, 404, { code: 20404, message: "Conference not found", status: 404 });
        // Coaching needs the coached leg in this conference already (the provider refuses with 16028 otherwise).
        if (params.CallSidToCoach && !conference.participants.get(params.CallSidToCoach)?.joined) {
          controls.push({ kind: match[2] ? "participant.update" : "participant.create", conference: conference.friendly_name, call: match[2] ?? null, body: params, refused: 16028, at: Date.now() });
          return refusal(res, 400, 16028, "The call to coach is not a participant of this conference.");
        }
        if (req.method === "POST" && !match[2]) {
          const callSid = `CA${randomBytes(16).toString("hex")}`;
          const participant = { call_sid: callSid, hold: false, muted: params.Muted === "true", coach: params.CallSidToCoach, label: params.Label, to: params.To, joined: true };
          conference.participants.set(callSid, participant);
          controls.push({ kind: "participant.create", conference: conference.friendly_name, call: callSid, body: params, at: Date.now() });
          return json(res, 201, participantJson(conference, participant));
        }
        const participant = conference.participants.get(match[2]);
        if (!participant) return json(res, 404, { code: 20404, message: "Participant not found", status: 404 });
        if (req.method === "DELETE") {
          conference.participants.delete(match[2]);
          completedCalls.add(match[2]);
          controls.push({ kind: "participant.delete", conference: conference.friendly_name, call: match[2], body: {}, at: Date.now() });
          res.writeHead(204);
          return res.end();
        }
        if (params.Hold !== undefined) participant.hold = params.Hold === "true";
        if (params.Muted !== undefined) participant.muted = params.Muted === "true";
        if (params.CallSidToCoach !== undefined) participant.coach = params.CallSidToCoach || undefined;
        if (params.Coaching === "false") participant.coach = undefined;
        controls.push({ kind: "participant.update", conference: conference.friendly_name, call: match[2], body: params, at: Date.now() });
        return json(res, 200, participantJson(conference, participant));
      }
      // A recording started on a live call's leg (issue 40: one per call, the Recordings resource): kept in the
      // controls log (kind "recording.create"), answered 201 with a recording sid, as the provider answers.
      if (req.method === "POST" && (match = /\/Accounts\/([^/]+)\/Calls\/(CA[0-9a-fA-F]+)\/Recordings\.json$/.exec(url.pathname))) {
        const params = Object.fromEntries(new URLSearchParams(body));
        const sid = `RE${randomBytes(16).toString("hex")}`;
        controls.push({ kind: "recording.create", call: match[2], recording: sid, body: params, at: Date.now() });
        const now = new Date().toUTCString();
        return json(res, 201, {
          account_sid: match[1],
          api_version: "2010-04-01",
          call_sid: match[2],
          conference_sid: null,
          channels: params.RecordingChannels === "dual" ? 2 : 1,
          date_created: now,
          date_updated: now,
          start_time: now,
          price: null,
          price_unit: null,
          duration: null,
          sid,
          source: "StartCallRecordingAPI",
          status: "in-progress",
          error_code: null,
          encryption_details: null,
          track: params.RecordingTrack ?? "both",
          uri: `/2010-04-01/Accounts/${match[1]}/Calls/${match[2]}/Recordings/${sid}.json`,
        });
      }
      // Issue 47: a recording paused or resumed (the Recordings resource of its leg), kept as "recording.update".
      if (req.method === "POST" && (match = /\/Accounts\/([^/]+)\/Calls\/(CA[0-9a-fA-F]+)\/Recordings\/(RE[0-9a-fA-F]{32})\.json$/.exec(url.pathname))) {
        const params = Object.fromEntries(new URLSearchParams(body));
        // A call that ended on the provider's side: its recording cannot be changed any more.
        if (completedCalls.has(match[2])) return refusal(res, 400, 21220, "Call is not in-progress. Cannot update its recording.");
        controls.push({ kind: "recording.update", call: match[2], recording: match[3], body: params, at: Date.now() });
        const now = new Date().toUTCString();
        return json(res, 200, {
          account_sid: match[1],
          api_version: "2010-04-01",
          call_sid: match[2],
          sid: match[3],
          status: params.Status,
          date_updated: now,
          uri: `/2010-04-01/Accounts/${match[1]}/Calls/${match[2]}/Recordings/${match[3]}.json`,
        });
      }
      // Issue 47: a payment session on a call's leg (the Payments resource), kept as "payment.create" and "payment.update"
      // (a field asked for, the session completed or canceled); answered as the provider answers. The caller's keys and
      // the processor's answer are the test's to play, at the session's StatusCallback.
      if (req.method === "POST" && (match = /\/Accounts\/([^/]+)\/Calls\/(CA[0-9a-fA-F]+)\/Payments(?:\/(PK[0-9a-fA-F]{32}))?\.json$/.exec(url.pathname))) {
        const params = Object.fromEntries(new URLSearchParams(body));
        if (completedCalls.has(match[2])) return refusal(res, 400, 21220, "Call is not in-progress. Cannot start or change a payment.");
        const sid = match[3] ?? `PK${randomBytes(16).toString("hex")}`;
        controls.push({ kind: match[3] ? "payment.update" : "payment.create", call: match[2], payment: sid, body: params, at: Date.now() });
        const now = new Date().toUTCString();
        return json(res, match[3] ? 200 : 201, {
          account_sid: match[1],
          call_sid: match[2],
          sid,
          date_created: now,
          date_updated: now,
          uri: `/2010-04-01/Accounts/${match[1]}/Calls/${match[2]}/Payments/${sid}.json`,
        });
      }
      // Issue 47: a recording deleted (the retention policy, an erasure), kept as "recording.delete"; answered 204.
      if (req.method === "DELETE" && (match = /\/Accounts\/[^/]+\/Recordings\/(RE[0-9a-fA-F]{32})\.json$/.exec(url.pathname))) {
        controls.push({ kind: "recording.delete", call: "", recording: match[1], body: {}, at: Date.now() });
        res.writeHead(204);
        return res.end();
      }
      if (req.method === "POST" && url.pathname === "/__fail") {
        const to = url.searchParams.get("to");
        if (!to) return refusal(res, 400, 21201, "/__fail needs the number whose dials fail (to=…): files share the double.");
        failing.set(to, Number(url.searchParams.get("count") ?? 1));
        res.writeHead(204);
        return res.end();
      }
      if (req.method === "POST" && /\/Accounts\/[^/]+\/Calls\.json$/.test(url.pathname)) {
        const params = formFields(body);
        if ((failing.get(params.To) ?? 0) > 0) {
          failing.set(params.To, failing.get(params.To) - 1);
          res.writeHead(500, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ code: 20500, message: "Internal failure (fake provider)", status: 500 }));
        }
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
  return {
    baseUrl,
    calls,
    messages,
    controls,
    violations,
    stop: () =>
      new Promise((resolve) => {
        // The servers under test are stopped first: an answer still held back (/__delay) has nobody left to read it.
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

// Issue 40: the account's incoming phone numbers. Tests say which numbers the
// account holds (POST /__numbers with {"numbers": [...]}; GET /__numbers lists
// them); GET …/IncomingPhoneNumbers.json answers as the provider's list
// resource does, filtered by PhoneNumber when given.
function incomingPhoneNumbers() {
  const held = new Map();
  const record = (number, accountSid) => ({
    sid: held.get(number),
    account_sid: accountSid,
    phone_number: number,
    friendly_name: number,
    status: "in-use",
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    api_version: "2010-04-01",
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${held.get(number)}.json`,
  });
  return {
    handle(req, url, body, res) {
      const send = (status, value) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
        return true;
      };
      if (url.pathname === "/__numbers" && req.method === "POST") {
        for (const number of JSON.parse(body || "{}").numbers ?? []) if (!held.has(number)) held.set(number, `PN${randomBytes(16).toString("hex")}`);
        return send(200, { numbers: [...held.keys()] });
      }
      if (url.pathname === "/__numbers" && req.method === "GET") return send(200, { numbers: [...held.keys()] });
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/IncomingPhoneNumbers\.json$/.exec(url.pathname);
      if (!match || req.method !== "GET") return false;
      const wanted = url.searchParams.get("PhoneNumber");
      const pageSize = Number(url.searchParams.get("PageSize") ?? 50);
      const listed = [...held.keys()]
        .filter((n) => !wanted || n === wanted)
        .slice(0, pageSize)
        .map((n) => record(n, match[1]));
      const uri = `${url.pathname}?${url.searchParams}`;
      return send(200, {
        incoming_phone_numbers: listed,
        end: Math.max(0, listed.length - 1),
        first_page_uri: uri,
        next_page_uri: null,
        page: 0,
        page_size: pageSize,
        previous_page_uri: null,
        start: 0,
        uri,
      });
    },
  };
}
