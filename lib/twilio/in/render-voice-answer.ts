import "server-only";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { organizationCallbackUrl } from "@/lib/twilio/provider-config";
import {
  announceTwiml,
  consentTwiml,
  conferenceTwiml,
  dialAgentTwiml,
  dialNumberTwiml,
  dialQueueTwiml,
  emptyTwiml,
  enqueueTwiml,
  forwardTwiml,
  holdTwiml,
  leaveQueueTwiml,
  menuTwiml,
  voicemailTwiml,
  pauseAndRedirectTwiml,
  sayAndHangUp,
} from "@/lib/twilio/twiml";

/** The domain's answer as the provider's TwiML; paths become the organization's signed callback addresses. */
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
      return dialNumberTwiml({
        to: answer.to,
        callerId: answer.callerId,
        actionUrl: url(answer.endPath),
        statusUrl: url(answer.endPath),
        announcementUrl: answer.announcementPath ? url(answer.announcementPath) : null,
      });
    case "dial-agent":
      return dialAgentTwiml({ agentId: answer.agentId, callerId: answer.callerId, legUrl: url(answer.legPath), endUrl: url(answer.endPath), announcement: answer.announcement ?? null });
    case "announce":
      return announceTwiml(answer);
    case "join-conference":
      return conferenceTwiml({ ...answer, statusUrl: url(answer.statusPath) });
    case "menu":
      return menuTwiml({ prompt: answer.prompt, actionUrl: url(answer.path) });
    case "consent":
      return consentTwiml({ text: answer.text, audioUrl: answer.audioUrl, optOut: answer.optOut, actionUrl: url(answer.path) });
    case "forward":
      return forwardTwiml(answer.to, url(answer.endPath));
    case "voicemail":
      return voicemailTwiml({ prompt: answer.prompt, actionUrl: url(answer.path), transcriptionUrl: url(answer.transcriptionPath) });
    case "wait-and-ask-again":
      return pauseAndRedirectTwiml(answer.seconds, url(answer.path));
  }
}
