import "server-only";
import { organizationCallbackUrl } from "./provider-config";
import { conferenceTwiml, dialAgentTwiml, dialNumberTwiml, dialQueueTwiml, emptyTwiml, enqueueTwiml, forwardTwiml, holdTwiml, leaveQueueTwiml, menuTwiml, voicemailTwiml, pauseAndRedirectTwiml, sayAndHangUp } from "./twiml";

/**
 * What the service wants a call to do next, in the domain's words. Domain
 * functions answer one of these; the voice routes render it as the
 * provider's TwiML (decision 015: the provider is an adapter at the edge).
 * Paths are the service's own callback paths; the renderer makes them the
 * organization's signed callback addresses.
 */
export type VoiceAnswer =
  | { kind: "nothing" }
  | { kind: "say-and-hang-up"; message: string }
  | { kind: "enqueue"; queueName: string; waitPath: string; leavePath: string }
  | { kind: "hold-in-queue"; position: number | null; expectedWaitSeconds: number | null; callbackOffer?: { digit: string; path: string } | null }
  | { kind: "leave-queue" }
  | { kind: "dial-queue"; queueName: string }
  | { kind: "dial-number"; to: string; callerId: string | null; endPath: string }
  | { kind: "dial-agent"; agentId: number; callerId: string | null; legPath: string; endPath: string }
  | { kind: "wait-and-ask-again"; seconds: number; path: string }
  | { kind: "menu"; prompt: string; path: string }
  | { kind: "forward"; to: string; endPath: string }
  | { kind: "voicemail"; prompt: string; path: string; transcriptionPath: string }
  | { kind: "join-conference"; conference: string; startsConference: boolean; endsConference: boolean; statusPath: string };

export const NOTHING: VoiceAnswer = { kind: "nothing" };

export function renderVoiceAnswer(answer: VoiceAnswer, organizationId: number): string {
  const url = (path: string) => organizationCallbackUrl(organizationId, path);
  switch (answer.kind) {
    case "nothing":
      return emptyTwiml();
    case "say-and-hang-up":
      return sayAndHangUp(answer.message);
    case "enqueue":
      return enqueueTwiml({ queueName: answer.queueName, waitUrl: url(answer.waitPath), actionUrl: url(answer.leavePath) });
    case "hold-in-queue":
      return holdTwiml({ ...answer, callbackOffer: answer.callbackOffer ? { digit: answer.callbackOffer.digit, actionUrl: url(answer.callbackOffer.path) } : null });
    case "leave-queue":
      return leaveQueueTwiml();
    case "dial-queue":
      return dialQueueTwiml(answer.queueName);
    case "dial-number":
      return dialNumberTwiml({ to: answer.to, callerId: answer.callerId, actionUrl: url(answer.endPath), statusUrl: url(answer.endPath) });
    case "dial-agent":
      return dialAgentTwiml({ agentId: answer.agentId, callerId: answer.callerId, legUrl: url(answer.legPath), endUrl: url(answer.endPath) });
    case "join-conference":
      return conferenceTwiml({ ...answer, statusUrl: url(answer.statusPath) });
    case "menu":
      return menuTwiml({ prompt: answer.prompt, actionUrl: url(answer.path) });
    case "forward":
      return forwardTwiml(answer.to, url(answer.endPath));
    case "voicemail":
      return voicemailTwiml({ prompt: answer.prompt, actionUrl: url(answer.path), transcriptionUrl: url(answer.transcriptionPath) });
    case "wait-and-ask-again":
      return pauseAndRedirectTwiml(answer.seconds, url(answer.path));
  }
}
