import twilio from "twilio";
import { identityFor } from "./identity";

// Call-control documents. Built with the provider's own TwiML builder, which
// escapes every value: nothing a caller or client sends becomes markup.
const { VoiceResponse } = twilio.twiml;

export const HOLD_MUSIC_URL = "http://com.twilio.sounds.music.s3.amazonaws.com/MARKOVICHAMP-Borghestral.mp3";

export function enqueueTwiml({ queueName, waitUrl, actionUrl }: { queueName: string; waitUrl: string; actionUrl: string }): string {
  const response = new VoiceResponse();
  response.enqueue({ waitUrl, waitUrlMethod: "POST", action: actionUrl, method: "POST" }, queueName);
  return response.toString();
}

/**
 * Hold instructions: where the caller is in line and how long it may take
 * (when it is time to say so), then music. With a callback offer, all of it
 * inside a <Gather> for one key, so a press during the music is heard; with
 * no press the document ends and the provider asks the wait address again.
 */
export function holdTwiml({
  position,
  expectedWaitSeconds,
  callbackOffer,
}: {
  position: number | null;
  expectedWaitSeconds: number | null;
  callbackOffer?: { digit: string; actionUrl: string } | null;
}): string {
  const response = new VoiceResponse();
  const target = callbackOffer ? response.gather({ input: ["dtmf"], numDigits: 1, timeout: 1, action: callbackOffer.actionUrl, method: "POST" }) : response;
  if (position) {
    const parts: string[] = ["Thank you for calling. All of our agents are busy.", `You are caller number ${position} in line.`];
    if (expectedWaitSeconds && expectedWaitSeconds > 0) {
      const minutes = Math.max(1, Math.round(expectedWaitSeconds / 60));
      parts.push(`Your expected wait is about ${minutes} minute${minutes === 1 ? "" : "s"}.`);
    }
    target.say(parts.join(" "));
  }
  if (callbackOffer) target.say(`To be called back instead, keeping your place in line, press ${callbackOffer.digit === "*" ? "star" : callbackOffer.digit === "#" ? "pound" : callbackOffer.digit}.`);
  target.play({}, HOLD_MUSIC_URL);
  return response.toString();
}

/** A waiting caller leaves the provider's queue (they chose a callback): its action address says what they hear. */
export function leaveQueueTwiml(): string {
  const response = new VoiceResponse();
  response.leave();
  return response.toString();
}

/**
 * Connects the agent's device to exactly one waiting caller (one provider
 * queue per call). Never recorded here: a recorded call's recording is
 * started on the caller's leg (lib/calls/start-call-recording.ts), which a
 * Dial's recording, ended by the first hold or transfer, would duplicate.
 * The same holds for the dials below.
 */
export function dialQueueTwiml(queueName: string): string {
  const response = new VoiceResponse();
  response.dial().queue(queueName);
  return response.toString();
}

export function dialNumberTwiml({
  to,
  callerId,
  actionUrl,
  statusUrl,
  announcementUrl = null,
}: {
  to: string;
  callerId: string | null;
  actionUrl: string;
  statusUrl: string;
  announcementUrl?: string | null;
}): string {
  const response = new VoiceResponse();
  const dial = response.dial({ ...(callerId && { callerId }), action: actionUrl, method: "POST" });
  // "answered" tells the service the dialed leg's CallSid (the leg hold and transfer move) the moment it picks up;
  // `url` is what the called person hears first, alone, before the two are connected (the recording announcement).
  dial.number({ statusCallback: statusUrl, statusCallbackEvent: ["answered", "completed"], statusCallbackMethod: "POST", ...(announcementUrl && { url: announcementUrl, method: "POST" }) }, to);
  return response.toString();
}

/** Words said (or audio played) to the one party whose leg asked, then back to the call. */
export function announceTwiml({ text, audioUrl }: { text: string | null; audioUrl: string | null }): string {
  const response = new VoiceResponse();
  if (audioUrl) response.play(audioUrl);
  else if (text) response.say(text);
  return response.toString();
}

/**
 * Connects a campaign contact to the agent's browser. The agent's leg reports
 * itself when it answers (`legUrl`: hold and transfer move it), and the
 * Dial's action (`endUrl`) lets the contact follow the agent into the call's
 * conference when the bridge ends because the agent's leg was moved.
 */
export function dialAgentTwiml({
  agentId,
  callerId,
  legUrl,
  endUrl,
  announcement = null,
}: {
  agentId: number;
  callerId: string | null;
  legUrl: string;
  endUrl: string;
  announcement?: { text: string | null; audioUrl: string | null } | null;
}): string {
  const response = new VoiceResponse();
  // The recording announcement, heard by the contact before the agent is dialed.
  if (announcement?.audioUrl) response.play(announcement.audioUrl);
  else if (announcement?.text) response.say(announcement.text);
  response
    .dial({ action: endUrl, method: "POST", ...(callerId && { callerId }) })
    .client({ statusCallback: legUrl, statusCallbackEvent: ["answered"], statusCallbackMethod: "POST" }, identityFor(agentId));
  return response.toString();
}

/** What a call's conference reports to its status address, whichever leg starts it (TwiML or a dialed party). */
export const CONFERENCE_EVENTS = ["start", "end", "join", "leave", "hold"] as const;

/** A leg's place in its call's conference (hold, transfer, three-way, monitoring). */
export function conferenceTwiml({ conference, startsConference, endsConference, statusUrl }: { conference: string; startsConference: boolean; endsConference: boolean; statusUrl: string }): string {
  const response = new VoiceResponse();
  response.dial().conference(
    {
      beep: "false",
      startConferenceOnEnter: startsConference,
      endConferenceOnExit: endsConference,
      waitUrl: HOLD_MUSIC_URL,
      waitMethod: "GET",
      statusCallback: statusUrl,
      statusCallbackEvent: [...CONFERENCE_EVENTS],
      statusCallbackMethod: "POST",
    },
    conference,
  );
  return response.toString();
}

/**
 * A caller menu: the prompt inside a <Gather> that takes one key or a few
 * words; with no answer the provider falls through to the redirect, which
 * asks the service again without Digits (a try that counts).
 */
export function menuTwiml({ prompt, actionUrl }: { prompt: string; actionUrl: string }): string {
  const response = new VoiceResponse();
  response.gather({ input: ["dtmf", "speech"], numDigits: 1, timeout: 5, speechTimeout: "auto", action: actionUrl, method: "POST" }).say(prompt);
  response.redirect({ method: "POST" }, actionUrl);
  return response.toString();
}

/**
 * The recording announcement (issue 47): played or said, then, when a key
 * declines, the offer, heard inside a Gather so a key pressed during the
 * announcement counts too. Either way the call goes on at `actionUrl`: with
 * the key pressed (Digits), or without one (the Redirect after the Gather).
 */
export function consentTwiml({ text, audioUrl, optOut, actionUrl }: { text: string | null; audioUrl: string | null; optOut: { digit: string; offer: string } | null; actionUrl: string }): string {
  const response = new VoiceResponse();
  const speaker = optOut ? response.gather({ input: ["dtmf"], numDigits: 1, timeout: 4, action: actionUrl, method: "POST" }) : response;
  if (audioUrl) speaker.play(audioUrl);
  else if (text) speaker.say(text);
  if (optOut) speaker.say(optOut.offer);
  response.redirect({ method: "POST" }, actionUrl);
  return response.toString();
}

/**
 * A voicemail: what the caller hears, the tone, up to two minutes of message
 * (ended by # or silence). The provider posts the recording to `actionUrl`
 * and, when it has one, the transcription to `transcriptionUrl`.
 */
export function voicemailTwiml({ prompt, actionUrl, transcriptionUrl }: { prompt: string; actionUrl: string; transcriptionUrl: string }): string {
  const response = new VoiceResponse();
  response.say(prompt);
  response.record({ maxLength: 120, timeout: 5, finishOnKey: "#", playBeep: true, action: actionUrl, method: "POST", transcribe: true, transcribeCallback: transcriptionUrl });
  response.say("We did not hear a message. Goodbye.");
  response.hangup();
  return response.toString();
}

/** A caller sent on to an outside number (a menu option): the provider bridges them and, when it ends, tells `actionUrl` how it went (the call is logged). */
export function forwardTwiml(to: string, actionUrl: string): string {
  const response = new VoiceResponse();
  response.dial({ action: actionUrl, method: "POST" }, to);
  return response.toString();
}

/** Keeps the caller on the line a moment, then asks the service again. */
export function pauseAndRedirectTwiml(seconds: number, url: string): string {
  const response = new VoiceResponse();
  response.pause({ length: seconds });
  response.redirect({ method: "POST" }, url);
  return response.toString();
}

export function sayAndHangUp(message: string): string {
  const response = new VoiceResponse();
  response.say(message);
  response.hangup();
  return response.toString();
}

export function emptyTwiml(): string {
  return new VoiceResponse().toString();
}
