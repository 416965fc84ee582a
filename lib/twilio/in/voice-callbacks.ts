import "server-only";
import type {
  AgentLegAnswered,
  CallStatusReport,
  CampaignCall,
  ConferenceChange,
  ConferenceEvent,
  DeviceCall,
  ForwardedCallEnd,
  InboundCall,
  ManualCallAnswered,
  ManualCallEnd,
  MenuAnswer,
  PartyLegStatus,
  PaymentReport,
  QueueLeft,
  WaitEnd,
  RecordingReport,
  VoicemailReport,
} from "@/lib/telephony/call-events";
import { PAYMENT_FIELDS, type PaymentField } from "@/lib/telephony/payment-fields";
import type { CallLogStatus } from "@/lib/telephony/call-status";
import { finalCallStatus } from "./call-status";
import { isCallSid, waitingLineName } from "@/lib/twilio/call-sid";
import { userIdFromClient } from "@/lib/twilio/identity";
import type { ProviderConfig } from "@/lib/twilio/provider-config";
import { simulatorEnabled } from "@/lib/twilio/simulator-enabled";
import { env } from "@/lib/env";
import { VOICEMAIL_REASONS } from "@/lib/telephony/voicemail-reasons";

// The provider's voice callbacks, read into the domain's typed input: the only
// place that knows the provider's form field names (CallSid, DialCallStatus,
// QueueResult…). Anything malformed becomes null, never an error the caller hears.

type Params = Record<string, string>;

const CALL_SID = /^CA[0-9A-Za-z]{32}$/;
const id = (raw: string | null | undefined, digits: number) => (raw && new RegExp(`^\\d{1,${digits}}$`).test(raw) ? raw : null);
const seconds = (raw: string | undefined) => {
  const value = Math.round(Number(raw ?? 0));
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/** The caller an inbound call brings: a CallSid that cannot be one is none (""), and the waiting line is named after it. */
export function inboundCall(params: Params): InboundCall {
  const callSid = isCallSid(params.CallSid ?? "") ? params.CallSid : "";
  return {
    callSid,
    waitingLine: callSid ? waitingLineName(callSid) : null,
    from: (params.From ?? params.Caller ?? "").slice(0, 32) || "anonymous",
    to: (params.To ?? params.Called ?? "").slice(0, 32),
  };
}

/** A voicemail recorded (the Record action) or transcribed; where it goes rides in the signed address. */
export function voicemailReport(params: Params, query: URLSearchParams): VoicemailReport {
  const department = id(query.get("department"), 9);
  const reason = query.get("reason");
  return {
    ...inboundCall(params),
    departmentId: department ? Number(department) : null,
    reason: VOICEMAIL_REASONS.find((r) => r === reason) ?? "menu",
    recordingUrl: params.RecordingUrl || null,
    durationSeconds: Math.max(0, Math.min(86_400, Number(params.RecordingDuration) || 0)),
    transcription: params.TranscriptionStatus === "completed" && params.TranscriptionText ? params.TranscriptionText.slice(0, 10_000) : null,
  };
}

/** The call a callback reports on, when it names one. */
export function reportedCall(params: Params): string | null {
  return params.CallSid || null;
}

/** What a caller answered a menu: the key pressed or the words heard (the provider's Gather). */
export function menuAnswer(params: Params): MenuAnswer {
  return { digits: (params.Digits ?? "").trim() || null, speech: (params.SpeechResult ?? "").trim().slice(0, 500) || null };
}

/**
 * The simulator's clock for a call (SimulatedClock, an ISO instant, signed
 * with the rest of the form): lets tests and the simulator play opening
 * hours. Heeded only where the simulator plays the organization's provider,
 * or on a server started with SIMULATED_CLOCK=on (the test servers).
 */
export function simulatedClock(params: Params, config: ProviderConfig): Date | null {
  if (!simulatorEnabled(config) && env().SIMULATED_CLOCK !== "on") return null;
  const at = params.SimulatedClock ? new Date(params.SimulatedClock) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** A browser device starts a call: joining an accepted queue call, or dialing a number. */
export function deviceCall(params: Params): DeviceCall {
  const queueEntryId = id(params.QueueEntryId, 15);
  return {
    callSid: params.CallSid ?? null,
    agentId: userIdFromClient(params.From ?? params.Caller),
    queueEntry: queueEntryId || params.QueueName ? { id: queueEntryId ? BigInt(queueEntryId) : null, queueName: params.QueueName || null } : null,
    to: (params.To ?? "").trim(),
    contactId: id(params.contactId, 15),
    campaignContactId: id(params.CampaignContactId, 18),
    /** A caller who asked to be called back, whom the agent accepted (issue 23): the number comes from their entry, not from `To`. */
    callbackEntryId: id(params.CallbackEntryId, 15),
    recordingAsked: params.recording === "true",
  };
}

/** A forwarded caller's Dial ended (its action): the caller, and how the outside number's leg went. */
export function forwardedCallEnd(params: Params): ForwardedCallEnd | null {
  const status = finalCallStatus(params.DialCallStatus);
  if (!status || !params.CallSid) return null;
  return {
    callSid: params.CallSid,
    from: (params.From ?? params.Caller ?? "").slice(0, 32),
    to: (params.To ?? "").slice(0, 32),
    status,
    duration: seconds(params.DialCallDuration),
    forwardedTo: params.DialCallSid ?? null,
  };
}

/** A call's final status (null while it is still going). */
export function callStatusReport(params: Params): CallStatusReport | null {
  const status = finalCallStatus(params.CallStatus);
  return status && params.CallSid ? { callSid: params.CallSid, status, duration: seconds(params.CallDuration) } : null;
}

/** The provider's QueueResult in the domain's words (a result it does not list here, e.g. system-error or redirected, failed). */
const WAIT_ENDS: Record<string, WaitEnd> = { bridged: "answered", hangup: "hung-up", completed: "hung-up", leave: "sent-on" };

/** A caller left the provider's queue: bridged to an agent, hung up, or an error. */
export function queueLeft(params: Params): QueueLeft | null {
  const queueTime = Number(params.QueueTime);
  const end = Object.hasOwn(WAIT_ENDS, params.QueueResult ?? "hangup") ? WAIT_ENDS[params.QueueResult ?? "hangup"] : "failed";
  return params.CallSid ? { callSid: params.CallSid, end, queueTime: params.QueueTime !== undefined && Number.isFinite(queueTime) ? queueTime : undefined } : null;
}

/**
 * A manual call ended. The provider reports it twice: the Dial's action for
 * the agent's leg and the dialed leg's status (ParentCallSid = the agent's);
 * both name the agent's leg as the call.
 */
export function manualCallEnd(params: Params, query: URLSearchParams): ManualCallEnd | null {
  const status: CallLogStatus | null = finalCallStatus(params.DialCallStatus ?? params.CallStatus);
  const callSid = params.ParentCallSid || params.CallSid;
  if (!status || !callSid) return null;
  const namedAgent = id(query.get("agent"), 9);
  return {
    callSid,
    status,
    /** The report of the agent's own leg (the Dial's action), not the dialed leg's. */
    agentLeg: !params.ParentCallSid,
    /** The dialed leg's own CallSid (its report only): the caller's leg once the call was handed over. */
    customerLegSid: params.ParentCallSid ? (params.CallSid ?? null) : null,
    agentId: (params.ParentCallSid ? null : userIdFromClient(params.From ?? params.Caller)) ?? (namedAgent ? Number(namedAgent) : null),
    to: (params.To ?? params.Called ?? "").slice(0, 32),
    contactId: id(query.get("contactId"), 15),
    campaignContactId: id(query.get("campaignContactId"), 18),
    duration: seconds(params.DialCallDuration ?? params.CallDuration),
  };
}

/** The number a manual call dialed picked up: its leg (the customer's), the agent's leg it belongs to, and whether the call is recorded (`record`, in the address its dial named). */
export function manualCallAnswered(params: Params, query: URLSearchParams): ManualCallAnswered | null {
  return params.CallStatus === "in-progress" && params.ParentCallSid && params.CallSid ? { callSid: params.ParentCallSid, customerLegSid: params.CallSid, record: query.get("record") === "1" } : null;
}

/** A campaign call's agent leg answered (its Client's status callback): that leg, and the contact's call it belongs to. */
export function agentLegAnswered(params: Params): AgentLegAnswered | null {
  return params.CallStatus === "in-progress" && params.ParentCallSid && params.CallSid ? { callSid: params.ParentCallSid, agentLegSid: params.CallSid } : null;
}

/** A campaign call's callbacks name their campaign contact in the address (`cc`). */
export function campaignCall(params: Params, query: URLSearchParams): CampaignCall | null {
  const cc = id(query.get("cc"), 18);
  return cc ? { campaignContactId: BigInt(cc), callSid: params.CallSid ?? "", machine: Boolean(params.AnsweredBy?.startsWith("machine")), waited: seconds(query.get("waited") ?? undefined) } : null;
}

/**
 * A recording the provider finished: the call log it belongs to (`call` in the
 * address we gave it; before issue 40 a queue call's named its queue entry,
 * `entry`; a campaign call's, its own CallSid), its sid, address and length.
 */
export function recordingReport(params: Params, query: URLSearchParams): RecordingReport | null {
  if (!params.RecordingUrl || (params.RecordingStatus && params.RecordingStatus !== "completed")) return null;
  const entry = id(query.get("entry"), 15);
  const call = query.get("call");
  const duration = Number(params.RecordingDuration);
  return {
    callSid: call && CALL_SID.test(call) ? call : null,
    /** The leg recorded (a campaign call recorded before issue 40 was its own log). */
    legSid: params.CallSid ?? null,
    queueEntryId: entry ? BigInt(entry) : null,
    recording: {
      sid: params.RecordingSid && /^RE[0-9A-Za-z]{32}$/.test(params.RecordingSid) ? params.RecordingSid : null,
      url: params.RecordingUrl,
      duration: params.RecordingDuration !== undefined && Number.isInteger(duration) && duration >= 0 ? Math.min(duration, 86_400) : null,
    },
  };
}

/** The provider's StatusCallbackEvent in the domain's words. */
const CONFERENCE_CHANGES: Record<string, ConferenceChange> = {
  "participant-join": "joined",
  "participant-leave": "left",
  "conference-start": "started",
  "conference-end": "ended",
};

/** A conference the service made reports a join, a leave, its start or its end (`call`: the live call it belongs to). */
export function conferenceEvent(params: Params, query: URLSearchParams): ConferenceEvent | null {
  const call = id(query.get("call"), 18);
  const event = params.StatusCallbackEvent;
  if (!call || !event || !params.ConferenceSid) return null;
  const change = Object.hasOwn(CONFERENCE_CHANGES, event) ? CONFERENCE_CHANGES[event] : "other";
  return { liveCallId: BigInt(call), change, conferenceSid: params.ConferenceSid, legSid: params.CallSid ?? null };
}

/** A dialed party's leg (a transfer's target, a third party, a supervisor) reached its final status (`p`: the participant). */
export function partyLegStatus(params: Params, query: URLSearchParams): PartyLegStatus | null {
  const participant = id(query.get("p"), 18);
  return participant && finalCallStatus(params.CallStatus) ? { participantId: BigInt(participant), status: finalCallStatus(params.CallStatus)!, legSid: params.CallSid ?? null } : null;
}

const WORD = /^[a-z][a-z0-9-]{0,63}$/i;
const word = (raw: string | undefined) => (raw && WORD.test(raw) ? raw.toLowerCase() : null);
const isPaymentField = (value: string): value is PaymentField => (PAYMENT_FIELDS as readonly string[]).includes(value);

/**
 * A payment session's report (Sid PK…; Required: the fields still to key;
 * ErrorType: why an entry was refused; Result and PaymentConfirmationCode at
 * its end). The card number arrives masked; only its last four digits are
 * kept, whatever arrived, so a full number can never be stored.
 */
export function paymentReport(params: Params, query: URLSearchParams): PaymentReport | null {
  const payment = id(query.get("payment"), 18);
  const sid = params.Sid;
  if (!payment || !sid || !/^PK[0-9A-Za-z]{32}$/.test(sid)) return null;
  const digits = (params.PaymentCardNumber ?? "").replace(/\D/g, "");
  const cardType = word(params.PaymentCardType);
  return {
    paymentId: BigInt(payment),
    paymentSid: sid,
    required:
      params.Required === undefined
        ? null
        : params.Required.split(",")
            .map((f) => f.trim())
            .filter(isPaymentField),
    error: word(params.ErrorType),
    card: digits || cardType ? { number: digits ? `•••• ${digits.slice(-4)}` : null, type: cardType } : null,
    ended: paymentEnd(word(params.Result), params.PaymentConfirmationCode),
  };
}

/** The provider's Result ("success", or why the payment failed) and confirmation code, as the payment's end. */
function paymentEnd(result: string | null, code: string | undefined): PaymentReport["ended"] {
  if (result === null) return null;
  if (result !== "success") return { succeeded: false, reason: result };
  return { succeeded: true, confirmationCode: code && /^[\w.:-]{1,128}$/.test(code) ? code : null };
}
