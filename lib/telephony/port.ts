import { provided, provide } from "@/lib/process/process-registry";
import type { PaymentField } from "./payment-fields";
import type { VoiceAnswer } from "./voice-answer";

// The port: everything the domain asks of a telephony provider, in the
// domain's words. Domain code (calls, campaigns, messages, queue, routing)
// calls `telephony()` and never imports a provider's package, its REST
// parameters or its document format. One adapter implements this
// (lib/twilio/rest/twilio-telephony.ts); start-up provides it
// (lib/server/startup.ts). A second provider, or a test double, is another
// folder with another object of this shape.
//
// Ids of calls, legs and conferences are the provider's own, opaque here.

/** Where a leg sits in its call's conference (hold, transfer, three-way, monitoring). */
export interface ConferenceSeat {
  /** The conference's name (ours: `call_<live call id>`). */
  conference: string;
  /** The conference starts (the music stops) when this leg enters. */
  startsConference: boolean;
  /** The conference ends for everyone when this leg leaves (the customer's). */
  endsConference: boolean;
  /** Where the provider reports joins and leaves (our callback path). */
  statusPath: string;
}

/** Someone dialed into a call's conference. */
export interface Invitee {
  /** Whom to ring: a phone number, or an agent's browser (`agentAddress`). */
  to: string;
  from: string;
  statusPath: string;
  /** Where the conference reports joins and leaves: passed by every party, since whoever joins first starts the conference with their settings (issue 40). */
  conferenceStatusPath: string;
  /** Listen only (a supervisor listening, a coach before speaking). */
  muted?: boolean;
  /** Heard only by this leg (whisper). */
  coachLegSid?: string | null;
  /** The conference ends when this leg leaves (never, for added parties). */
  endsConference?: boolean;
}

/** A campaign's outbound call to one contact. */
export interface CampaignDial {
  to: string;
  from: string;
  /** The campaign contact the call is for (its callbacks name it). */
  campaignContactId: bigint;
  /** Tell a person from an answering machine before connecting. */
  detectMachine: boolean;
}

/** A text handed to the provider. */
export interface OutgoingText {
  /** Our message's id: its delivery reports name it. */
  messageId: bigint;
  /** sms, or whatsapp (the same resource, to and from the WhatsApp addresses of these numbers). */
  channel: "sms" | "whatsapp";
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  /** A WhatsApp template (outside the 24-hour window): the provider's content template and its variables; the body is then not sent. */
  template: { contentSid: string; variables: Record<string, string> } | null;
}

/** The provider took the text (its id, its first status) or refused it (its code and reason). */
export type TextAnswer = { accepted: true; sid: string; status: string } | { accepted: false; code: string | null; reason: string };

/** A payment session as the service asks for it (its settings and the agent's amount). */
export interface PaymentSession {
  /** One per request: the provider does a repeated request once. */
  idempotencyKey: string;
  statusPath: string;
  connector: string;
  amount: number;
  currency: string;
  description: string | null;
  securityCode: boolean;
  postalCode: boolean;
  cardTypes: readonly string[];
}

export type PaymentChange = { idempotencyKey: string; statusPath: string } & ({ capture: PaymentField } | { status: "complete" | "cancel" });

export interface TelephonyPort {
  // Live calls (lib/calls decides when; the provider's refusal is a 502, nothing of ours changed).
  /** Whether a moved leg is in its conference at once (a provider double's are), or when the conference reports the join. */
  legsJoinAtOnce(organizationId: number): Promise<boolean>;
  moveLegToConference(organizationId: number, legSid: string, seat: ConferenceSeat): Promise<void>;
  /** The provider's id of a conference in progress, by our name for it (null before it has started). */
  conferenceSidNamed(organizationId: number, name: string): Promise<string | null>;
  holdLeg(organizationId: number, conferenceSid: string, legSid: string, on: boolean): Promise<void>;
  dialIntoConference(organizationId: number, conference: string, invitee: Invitee): Promise<{ legSid: string; joined: boolean }>;
  changeParticipation(organizationId: number, conferenceSid: string, legSid: string, how: { muted: boolean; coachLegSid: string | null }): Promise<void>;
  removeFromConference(organizationId: number, conferenceSid: string, legSid: string): Promise<void>;
  /** Starts the call's one recording on a leg; its id (null when the provider reports it later). */
  recordLeg(organizationId: number, legSid: string, statusPath: string): Promise<string | null>;
  hangUpLeg(organizationId: number, legSid: string): Promise<void>;
  /** Pauses (its pause is skipped in the file) or resumes the call's recording on the leg it was started on. */
  pauseRecording(organizationId: number, legSid: string, recordingSid: string, paused: boolean): Promise<void>;
  /** Starts a payment session on the caller's leg (they key the card; the agent hears none of it); the provider's id of it. */
  startPayment(organizationId: number, legSid: string, session: PaymentSession): Promise<string>;
  /** Asks the caller for one field of the card, or sends the payment to the processor (complete), or calls it off (cancel). */
  updatePayment(organizationId: number, legSid: string, paymentSid: string, change: PaymentChange): Promise<void>;
  /** Deletes a recording at the provider (one already gone counts as deleted). */
  deleteRecording(organizationId: number, recording: { callSid: string; url: string | null; sid: string | null }): Promise<void>;
  /** A recording's audio (the simulator's or the provider's, a Range passed on); null when there is nothing to fetch it from. */
  recordingMedia(organizationId: number, recording: { callSid: string; url: string | null; sid: string | null; seconds: number | null }, range: string | null): Promise<Response | null>;

  // Campaigns and texts.
  /** Places a campaign call; the provider's id of it. Throws when the provider does not take it. */
  dialCampaignContact(organizationId: number, dial: CampaignDial): Promise<string>;
  sendText(organizationId: number, text: OutgoingText): Promise<TextAnswer>;
  /** A file someone sent with a message, from the provider's media address (null: not one of this account's, or no account). */
  textMedia(organizationId: number, url: string): Promise<Response | null>;

  // The organization's numbers and the provider's names for things.
  /** The organization's caller ID and the numbers callers dial. */
  numbers(organizationId: number): Promise<{ callerId: string | null; phoneNumbers: string[] }>;
  /** How an agent's browser is dialed. */
  agentAddress(userId: number): string;
  /** The provider's waiting line a caller holds in (one per call); `null` gives the placeholder a preview shows. */
  waitingLineName(callSid: string | null): string;
  /** Whether a string can be the provider's id of a call. */
  isCallSid(value: string): boolean;
  /** An id of our own for a part of a call the provider never named (a requeued caller's wait), shaped like the provider's. */
  newCallSid(): string;
  /** The same in SQL, from the text expression `seed`: one seed, one id (a statement that makes entries for many rows). */
  callSidSql(seed: string): string;
  /** How the organization's softphone starts: `enabled`, simulated (the server plays the provider); `voice_ready`, a browser device can register. */
  softphoneReadiness(organizationId: number): Promise<{ enabled: boolean; voice_ready: boolean }>;
  /** A voice answer as the provider's document (the routing preview shows it). */
  renderVoiceAnswer(answer: VoiceAnswer, organizationId: number): string;
}

const NAME = "telephony";

/** Start-up's wiring: the provider every bundle of this process talks to. */
export function provideTelephony(port: TelephonyPort): void {
  provide(NAME, port);
}

/** The provider start-up wired. */
export function telephony(): TelephonyPort {
  const port = provided<TelephonyPort>(NAME);
  if (!port) throw new Error("No telephony provider was wired: start-up (lib/server/startup.ts) provides one before serving.");
  return port;
}
