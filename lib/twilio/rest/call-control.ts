import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { ConferenceSeat, Invitee } from "@/lib/telephony/port";
import { logger } from "@/lib/logger";
import { organizationCallbackUrl, providerConfig } from "@/lib/twilio/provider-config";
import { newCallSid } from "@/lib/twilio/call-sid";
import { providerRestClient } from "@/lib/twilio/rest-client";
import { simulatorEnabled } from "@/lib/twilio/simulator-enabled";
import { CONFERENCE_EVENTS, conferenceTwiml, HOLD_MUSIC_URL } from "@/lib/twilio/twiml";

// The provider's REST API for live calls (issue 22), behind the port's words:
// move a leg into a conference, hold it, dial someone in (as a participant,
// a coach or a silent listener), take a leg out. The only module that knows
// the twilio package's call-control shapes; lib/calls decides when, through
// the port (lib/telephony/port.ts).

/**
 * The organization's REST client; null when the call simulator plays the
 * provider (development without an account: there is no audio to move, so
 * the controls change the service's state and ask nothing).
 */
export async function client(organizationId: number) {
  const config = await providerConfig(organizationId);
  const rest = providerRestClient(config);
  if (rest) return rest;
  if (simulatorEnabled(config)) return null;
  throw new AppError("unavailable", "Telephony is not configured for this organization (Settings → Telephony).");
}

/**
 * Whether a moved leg is in its conference as soon as it is moved: the call
 * simulator's are (it plays no conference and reports no joins); a real
 * provider's join is reported by the conference's callback.
 */
export async function legsJoinAtOnce(organizationId: number): Promise<boolean> {
  return (await client(organizationId)) === null;
}

/** The provider refused or failed: 502 saying so; nothing of ours was changed before it. */
export async function provider<T>(what: string, organizationId: number, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.warn("provider call control failed", { what, organization_id: organizationId, error: (error as Error).message });
    throw new AppError("upstream", `The telephony provider could not ${what}; try again.`);
  }
}

/** Moves one leg of a bridged call into the call's conference (the bridge it leaves ends). */
export async function moveLegToConference(organizationId: number, legSid: string, seat: ConferenceSeat): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  const twiml = conferenceTwiml({ ...seat, statusUrl: organizationCallbackUrl(organizationId, seat.statusPath) });
  await provider("move the call into a conference", organizationId, () => rest.calls(legSid).update({ twiml }));
}

/** The provider's id of a conference in progress, by our name for it (null before it has started). */
export async function conferenceSidNamed(organizationId: number, name: string): Promise<string | null> {
  const rest = await client(organizationId);
  if (!rest) return null;
  const [found] = await provider("find the call's conference", organizationId, () => rest.conferences.list({ friendlyName: name, status: "in-progress", limit: 1 }));
  return found?.sid ?? null;
}

/** Holds a leg (it hears the hold music) or takes it off hold. */
export async function holdLeg(organizationId: number, conferenceSid: string, legSid: string, on: boolean): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  await provider(on ? "hold the call" : "resume the call", organizationId, () =>
    rest
      .conferences(conferenceSid)
      .participants(legSid)
      .update(on ? { hold: true, holdUrl: HOLD_MUSIC_URL, holdMethod: "GET" } : { hold: false }),
  );
}

/**
 * Dials someone into the call's conference: their leg's id, and whether they
 * are on already (`joined`: the simulator's parties pick up at once; a real
 * one's join is reported by the conference's callback).
 */
export async function dialIntoConference(organizationId: number, conference: string, invitee: Invitee): Promise<{ legSid: string; joined: boolean }> {
  const rest = await client(organizationId);
  if (!rest) return { legSid: newCallSid(), joined: true };
  const participant = await provider("dial the new party", organizationId, () =>
    rest.conferences(conference).participants.create({
      from: invitee.from,
      to: invitee.to,
      beep: "false",
      earlyMedia: true,
      startConferenceOnEnter: true,
      endConferenceOnExit: invitee.endsConference ?? false,
      muted: invitee.muted ?? false,
      ...(invitee.coachLegSid && { coaching: true, callSidToCoach: invitee.coachLegSid }),
      statusCallback: organizationCallbackUrl(organizationId, invitee.statusPath),
      statusCallbackEvent: ["answered", "completed"],
      statusCallbackMethod: "POST",
      conferenceStatusCallback: organizationCallbackUrl(organizationId, invitee.conferenceStatusPath),
      conferenceStatusCallbackEvent: [...CONFERENCE_EVENTS],
      conferenceStatusCallbackMethod: "POST",
      timeout: 25,
    }),
  );
  return { legSid: participant.callSid, joined: false };
}

/** Changes how a leg takes part: muted (listen), coaching one leg (whisper), or neither (barge). */
export async function changeParticipation(organizationId: number, conferenceSid: string, legSid: string, { muted, coachLegSid }: { muted: boolean; coachLegSid: string | null }): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  await provider("change how the supervisor takes part", organizationId, () =>
    rest
      .conferences(conferenceSid)
      .participants(legSid)
      .update({ muted, coaching: coachLegSid !== null, ...(coachLegSid && { callSidToCoach: coachLegSid }) }),
  );
}

/** Takes a leg out of the conference (its call ends). */
export async function removeFromConference(organizationId: number, conferenceSid: string, legSid: string): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  await provider("remove the party", organizationId, () => rest.conferences(conferenceSid).participants(legSid).remove());
}

/**
 * Starts the call's one recording on a leg (the customer's, which lasts from
 * answer to end): both sides, each in its own channel, until that leg ends.
 * Started on the leg itself (the Recordings resource), it goes on through the
 * leg's moves into the call's conference, where a <Dial record> or a
 * <Conference record> recording ends with its verb. The provider reports it
 * at `statusPath` when it is ready. The recording's sid; null with the
 * simulator (it reports a recording of its own when the call ends).
 */
export async function recordLeg(organizationId: number, legSid: string, statusPath: string): Promise<string | null> {
  const rest = await client(organizationId);
  if (!rest) return null;
  const recording = await provider("record the call", organizationId, () =>
    rest.calls(legSid).recordings.create({
      recordingChannels: "dual",
      recordingTrack: "both",
      recordingStatusCallback: organizationCallbackUrl(organizationId, statusPath),
      recordingStatusCallbackMethod: "POST",
      recordingStatusCallbackEvent: ["completed"],
    }),
  );
  return recording.sid;
}

/**
 * Pauses or resumes the call's recording (the Recordings resource of the leg
 * it was started on). A pause is skipped in the file, not filled with silence:
 * what was said while paused (a card number) is nowhere.
 */
export async function pauseRecording(organizationId: number, legSid: string, recordingSid: string, paused: boolean): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  await provider(paused ? "pause the recording" : "resume the recording", organizationId, () =>
    rest
      .calls(legSid)
      .recordings(recordingSid)
      .update(paused ? { status: "paused", pauseBehavior: "skip" } : { status: "in-progress" }),
  );
}

/** Ends one leg (the caller left alone in a conference when the last agent leaves, the agent who handed the call over). */
export async function hangUpLeg(organizationId: number, legSid: string): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  await provider("end the call", organizationId, () => rest.calls(legSid).update({ status: "completed" }));
}
