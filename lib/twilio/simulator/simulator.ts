import { randomBytes } from "node:crypto";
import twilio from "twilio";
import { newCallSid } from "../call-sid";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

// Plays the telephony provider: sends the exact form posts Twilio sends, signed
// with X-Twilio-Signature over the public callback address. Used by the tests,
// the benchmarks and `npm run simulate:call` to run the whole call flow on a
// laptop without a provider account. Framework-free on purpose.

export interface SimulatorOptions {
  /** Where requests are sent (the server). */
  baseUrl: string;
  /** The address the provider believes it calls (APP_URL or TUNNEL_URL); signatures cover it. */
  publicBaseUrl?: string;
  authToken: string;
  accountSid: string;
  /** Names the organization in every callback address (`org`), as our own callback addresses do. */
  organizationId?: number;
}

export interface ProviderResponse {
  status: number;
  body: string;
  contentType: string | null;
}

export function newMessageSid(): string {
  return `SM${randomBytes(16).toString("hex")}`;
}

export { newCallSid };

export function signature(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}

export class ProviderSimulator {
  constructor(private readonly options: SimulatorOptions) {}

  /** A signed callback; `sign: false` omits the header, a string forges it. */
  async post(path: string, params: Record<string, string>, sign: boolean | string = true): Promise<ProviderResponse> {
    const full = { AccountSid: this.options.accountSid, ApiVersion: "2010-04-01", ...params };
    const { organizationId } = this.options;
    const target = organizationId === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}org=${organizationId}`;
    const publicUrl = `${this.options.publicBaseUrl ?? this.options.baseUrl}${target}`;
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "TwilioProxy/1.1" };
    if (sign === true) headers["X-Twilio-Signature"] = signature(this.options.authToken, publicUrl, full);
    else if (typeof sign === "string") headers["X-Twilio-Signature"] = sign;
    const response = await fetch(`${this.options.baseUrl}${target}`, { method: "POST", headers, body: new URLSearchParams(full).toString() });
    return { status: response.status, body: await response.text(), contentType: response.headers.get("content-type") };
  }

  /** A call arrives; `clock` (an ISO instant) plays the time of day where the simulator plays the provider. */
  inboundCall({ callSid = newCallSid(), from, to, clock }: { callSid?: string; from: string; to: string; clock?: string }) {
    return this.post(CALLBACK_PATHS.inbound, {
      CallSid: callSid,
      From: from,
      To: to,
      Caller: from,
      Called: to,
      CallStatus: "ringing",
      Direction: "inbound",
      ...(clock && { SimulatedClock: clock }),
    }).then((r) => ({ ...r, callSid }));
  }

  /**
   * The caller answers a menu: the Gather's action with the key pressed or the
   * words heard, or (neither) its redirect after silence. `path` is the action
   * address the menu's TwiML named.
   */
  menuAnswer({ path, callSid, from, to, digits, speech }: { path: string; callSid: string; from: string; to: string; digits?: string; speech?: string }) {
    return this.post(path, {
      CallSid: callSid,
      From: from,
      To: to,
      Caller: from,
      Called: to,
      CallStatus: "in-progress",
      Direction: "inbound",
      ...(digits && { Digits: digits }),
      ...(speech && { SpeechResult: speech, Confidence: "0.9" }),
    });
  }

  queueWait({ callSid, to, position = 1, queueTime = 0 }: { callSid: string; to: string; position?: number; queueTime?: number }) {
    return this.post(CALLBACK_PATHS.queueWait, { CallSid: callSid, To: to, QueuePosition: String(position), QueueTime: String(queueTime), AvgQueueTime: "0", CurrentQueueSize: String(position) });
  }

  agentConnects({
    identity,
    to,
    queueEntryId,
    queueName,
    path = CALLBACK_PATHS.agentDialQueue,
    callSid = newCallSid(),
  }: {
    identity: string;
    to: string;
    queueEntryId?: string;
    queueName?: string;
    path?: string;
    callSid?: string;
  }) {
    return this.post(path, {
      CallSid: callSid,
      From: `client:${identity}`,
      Caller: `client:${identity}`,
      To: to,
      ...(queueEntryId && { QueueEntryId: queueEntryId }),
      ...(queueName && { QueueName: queueName }),
    });
  }

  dequeue({ callSid, to, result, queueTime }: { callSid: string; to: string; result: "bridged" | "hangup" | "error" | "leave"; queueTime: number }) {
    return this.post(CALLBACK_PATHS.dequeue, { CallSid: callSid, To: to, QueueResult: result, QueueTime: String(queueTime), QueueSid: `QU${randomBytes(16).toString("hex")}` });
  }

  /** A payment session's report at its status address: a field keyed (Capture, Required, the masked card) or its end (Result). */
  paymentStatus({ path, callSid, paymentSid, fields }: { path: string; callSid: string; paymentSid: string; fields: Record<string, string> }) {
    return this.post(path, { CallSid: callSid, Sid: paymentSid, PaymentMethod: "credit-card", DateUpdated: new Date().toISOString(), ...fields });
  }

  callStatus({ callSid, to, status, duration = 0 }: { callSid: string; to: string; status: string; duration?: number }) {
    return this.post(CALLBACK_PATHS.status, { CallSid: callSid, To: to, CallStatus: status, CallDuration: String(duration) });
  }

  manualCall({
    identity,
    to,
    contactId,
    campaignContactId,
    callbackEntryId,
    path = "/api/voice/manual/twiml",
  }: {
    identity: string;
    to: string;
    contactId?: number;
    campaignContactId?: number;
    callbackEntryId?: number;
    path?: string;
  }) {
    const callSid = newCallSid();
    return this.post(path, {
      CallSid: callSid,
      From: `client:${identity}`,
      Caller: `client:${identity}`,
      To: to,
      ...(contactId && { contactId: String(contactId) }),
      ...(campaignContactId && { CampaignContactId: String(campaignContactId) }),
      ...(callbackEntryId && { CallbackEntryId: String(callbackEntryId) }),
    }).then((r) => ({ ...r, callSid }));
  }

  /** The dialed number picks up: the dialed leg's "answered" status (its own CallSid, ParentCallSid = the agent's). */
  manualAnswered({ callSid, identity, to, callerId = "+15005550006", record = false }: { callSid: string; identity: string; to: string; callerId?: string; record?: boolean }) {
    const agent = /^user_(\d+)$/.exec(identity)?.[1];
    const childSid = newCallSid();
    // The address the dial's TwiML gave: it says whether the call is recorded (record=1), as the provider would post to it.
    const query = new URLSearchParams({ ...(agent && { agent }), ...(record && { record: "1" }) }).toString();
    return this.post(`/api/voice/manual/status${query ? `?${query}` : ""}`, {
      CallSid: childSid,
      ParentCallSid: callSid,
      From: callerId,
      To: to,
      Direction: "outbound-dial",
      CallStatus: "in-progress",
    }).then((r) => ({ ...r, childSid }));
  }

  /**
   * A manual call ends: the provider's two callbacks, as it sends them. First
   * the dialed number's statusCallback (the child leg: its own CallSid,
   * ParentCallSid = the agent's), then the Dial action for the agent's leg
   * (DialCallStatus and DialCallDuration of the dialed leg). Answers the
   * action's response.
   */
  async manualStatus({
    callSid,
    identity,
    to,
    status,
    duration,
    contactId,
    campaignContactId,
    callerId = "+15005550006",
  }: {
    callSid: string;
    identity: string;
    to: string;
    status: string;
    duration: number;
    contactId?: number;
    campaignContactId?: number;
    callerId?: string;
  }) {
    // The callback address our dial TwiML hands the provider: the contact, campaign contact and agent ride in it.
    const agent = /^user_(\d+)$/.exec(identity)?.[1];
    const search = new URLSearchParams({
      ...(contactId && { contactId: String(contactId) }),
      ...(campaignContactId && { campaignContactId: String(campaignContactId) }),
      ...(agent && { agent }),
    }).toString();
    const path = `/api/voice/manual/status${search ? `?${search}` : ""}`;
    const childSid = newCallSid();
    const child = await this.post(path, { CallSid: childSid, ParentCallSid: callSid, From: callerId, To: to, Direction: "outbound-dial", CallStatus: status, CallDuration: String(duration) });
    if (child.status >= 400) return child;
    return this.post(path, { CallSid: callSid, From: `client:${identity}`, To: to, CallStatus: "completed", DialCallSid: childSid, DialCallStatus: status, DialCallDuration: String(duration) });
  }

  /**
   * A call's recording is ready: the recording's status callback, at the
   * address the recording was started with (`path`), naming the leg it
   * recorded, as the provider posts it for a recording started on a call.
   */
  recordingStatus({
    path,
    callSid,
    recordingUrl,
    seconds,
    recordingSid = `RE${randomBytes(16).toString("hex")}`,
  }: {
    path: string;
    callSid: string;
    recordingUrl: string;
    seconds: number;
    recordingSid?: string;
  }) {
    return this.post(path, {
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: recordingUrl,
      RecordingStatus: "completed",
      RecordingDuration: String(seconds),
      RecordingChannels: "2",
      RecordingSource: "StartCallRecordingAPI",
      RecordingTrack: "both",
      RecordingStartTime: new Date(Date.now() - seconds * 1000).toUTCString(),
      ErrorCode: "0",
    }).then((r) => ({ ...r, recordingSid }));
  }

  /** The caller's voicemail is recorded (the Record's action, at the address its TwiML named), then transcribed. */
  async voicemail({
    path,
    transcriptionPath,
    callSid,
    from,
    to,
    recordingUrl,
    seconds,
    transcription,
  }: {
    path: string;
    transcriptionPath: string | null;
    callSid: string;
    from: string;
    to: string;
    recordingUrl: string;
    seconds: number;
    transcription: string | null;
  }) {
    const recorded = await this.post(path, {
      CallSid: callSid,
      From: from,
      To: to,
      CallStatus: "in-progress",
      RecordingUrl: recordingUrl,
      RecordingSid: `RE${randomBytes(16).toString("hex")}`,
      RecordingDuration: String(seconds),
      Digits: "hangup",
    });
    if (recorded.status >= 400 || !transcriptionPath || !transcription) return recorded;
    await this.post(transcriptionPath, {
      CallSid: callSid,
      From: from,
      To: to,
      TranscriptionStatus: "completed",
      TranscriptionText: transcription,
      TranscriptionSid: `TR${randomBytes(16).toString("hex")}`,
      RecordingUrl: recordingUrl,
    });
    return recorded;
  }

  /** A text arrives at the organization's number, as the provider's messaging webhook posts it. */
  /** A text arrives; `whatsapp`: on WhatsApp (the provider's whatsapp: addresses, ProfileName, WaId); `sentAt` plays the clock on a test server. */
  incomingSms({
    messageSid = newMessageSid(),
    from,
    to,
    body,
    media = [],
    whatsapp = false,
    sentAt,
  }: {
    messageSid?: string;
    from: string;
    to: string;
    body: string;
    media?: { url: string; contentType: string }[];
    whatsapp?: boolean;
    sentAt?: string;
  }) {
    const address = (n: string) => (whatsapp ? `whatsapp:${n}` : n);
    const params: Record<string, string> = {
      MessageSid: messageSid,
      SmsSid: messageSid,
      SmsMessageSid: messageSid,
      From: address(from),
      To: address(to),
      Body: body,
      NumMedia: String(media.length),
      NumSegments: "1",
      SmsStatus: "received",
    };
    if (whatsapp) Object.assign(params, { WaId: from.replace(/^\+/, ""), ProfileName: "Simulated customer" });
    if (sentAt) params.SimulatedClock = sentAt;
    media.forEach((m, i) => Object.assign(params, { [`MediaUrl${i}`]: m.url, [`MediaContentType${i}`]: m.contentType }));
    return this.post(CALLBACK_PATHS.sms, params).then((r) => ({ ...r, messageSid }));
  }

  /**
   * A delivery status callback for a message we sent: to the address we gave
   * the provider (it names the message), with its SID once it has one.
   */
  smsStatus({ messageSid, messageId, from, to, status, errorCode }: { messageSid: string; messageId?: number; from: string; to: string; status: string; errorCode?: string }) {
    const path = messageId === undefined ? CALLBACK_PATHS.smsStatus : `${CALLBACK_PATHS.smsStatus}?message=${messageId}`;
    return this.post(path, { MessageSid: messageSid, SmsSid: messageSid, MessageStatus: status, SmsStatus: status, From: from, To: to, ...(errorCode && { ErrorCode: errorCode }) });
  }
}
