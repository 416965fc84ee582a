import type { PaymentField } from "./payment-fields";
import type { CallLogStatus } from "./call-status";
import type { VoicemailReason } from "./voicemail-reasons";

// What the provider's callbacks tell the domain, in the domain's words. The
// provider's adapter parses its own requests into these (lib/twilio/in);
// domain functions take them and never see a form field. `callSid` and the
// other `…Sid` names are the provider's ids for calls and legs, opaque here.

/** A caller reached one of the organization's numbers. */
export interface InboundCall {
  /** The provider's id of the call; "" when the callback named none it could have made. */
  callSid: string;
  /** The provider's waiting line this caller would hold in (one per call); null without a call id. */
  waitingLine: string | null;
  from: string;
  to: string;
}

/** A caller left a voicemail (recorded, or its transcription arrived). */
export interface VoicemailReport extends InboundCall {
  departmentId: number | null;
  reason: VoicemailReason;
  recordingUrl: string | null;
  durationSeconds: number;
  transcription: string | null;
}

/** What a caller answered a menu: a key or the words heard. */
export interface MenuAnswer {
  digits: string | null;
  speech: string | null;
}

/** An agent's browser starts a call: joining an accepted queue call, or dialing a number. */
export interface DeviceCall {
  callSid: string | null;
  agentId: number | null;
  queueEntry: { id: bigint | null; queueName: string | null } | null;
  to: string;
  contactId: string | null;
  campaignContactId: string | null;
  /** A caller who asked to be called back, whom the agent accepted (issue 23): the number comes from their entry, not from `to`. */
  callbackEntryId: string | null;
  recordingAsked: boolean;
}

/** A forwarded caller's outside leg ended. */
export interface ForwardedCallEnd {
  callSid: string;
  from: string;
  to: string;
  status: CallLogStatus;
  duration: number;
  forwardedTo: string | null;
}

/** A call reached its final status. */
export interface CallStatusReport {
  callSid: string;
  status: CallLogStatus;
  duration: number;
}

/**
 * How a caller's time in the waiting line ended: taken by an agent, hung up,
 * sent on by the service (to voicemail, a callback), or failed (the provider's
 * error, a redirect away from the line).
 */
export type WaitEnd = "answered" | "hung-up" | "sent-on" | "failed";

/** A caller left the waiting line. */
export interface QueueLeft {
  callSid: string;
  end: WaitEnd;
  queueTime: number | undefined;
}

/** A manual call ended (reported for the agent's leg and for the dialed one). */
export interface ManualCallEnd {
  callSid: string;
  status: CallLogStatus;
  /** The report of the agent's own leg, not the dialed leg's. */
  agentLeg: boolean;
  /** The dialed leg's own id (its report only): the caller's leg once the call was handed over. */
  customerLegSid: string | null;
  agentId: number | null;
  to: string;
  contactId: string | null;
  campaignContactId: string | null;
  duration: number;
}

/** The number a manual call dialed picked up. */
export interface ManualCallAnswered {
  callSid: string;
  customerLegSid: string;
  record: boolean;
}

/** A campaign call's agent leg answered. */
export interface AgentLegAnswered {
  callSid: string;
  agentLegSid: string;
}

/** A campaign call's callback: its campaign contact, and whether a machine answered. */
export interface CampaignCall {
  campaignContactId: bigint;
  callSid: string;
  machine: boolean;
  waited: number;
}

/** A recording finished: the call log it belongs to, the leg recorded, the recording. */
export interface RecordingReport {
  callSid: string | null;
  legSid: string | null;
  queueEntryId: bigint | null;
  recording: { sid: string | null; url: string; duration: number | null };
}

/** What a call's conference reports: a leg joined or left, the conference started or ended, or something else (a mute, a hold). */
export type ConferenceChange = "joined" | "left" | "started" | "ended" | "other";

/** A call's conference reports a change. */
export interface ConferenceEvent {
  liveCallId: bigint;
  change: ConferenceChange;
  conferenceSid: string;
  legSid: string | null;
}

/** A dialed party's leg reached its final status. */
export interface PartyLegStatus {
  participantId: bigint;
  status: CallLogStatus;
  legSid: string | null;
}

/** A card payment's step, as the provider reports it at the payment's status address (issue 47). */
export interface PaymentReport {
  /** Our id of the payment (the status address names it). */
  paymentId: bigint;
  /** The provider's id of the payment session. */
  paymentSid: string;
  /** The fields still to key, as the provider says; null when this report does not say. */
  required: PaymentField[] | null;
  /** Why the caller's last entry was refused (invalid-card-number…); null when it was not. */
  error: string | null;
  /** The card as the provider shows it, masked here to its last four digits whatever arrived. */
  card: { number: string | null; type: string | null } | null;
  /** The payment's end: succeeded (with the processor's confirmation), or failed and why (payment-connector-error, caller-hung-up…); null while it runs. */
  ended: { succeeded: true; confirmationCode: string | null } | { succeeded: false; reason: string } | null;
}
