import "server-only";
import type { TelephonyPort } from "@/lib/telephony/port";
import { renderVoiceAnswer } from "@/lib/twilio/in/render-voice-answer";
import { callSidSql, isCallSid, newCallSid, waitingLineName } from "@/lib/twilio/call-sid";
import { identityFor } from "@/lib/twilio/identity";
import { providerConfig } from "@/lib/twilio/provider-config";
import { telephonyReadiness } from "@/lib/twilio/softphone-readiness";
import { changeParticipation, conferenceSidNamed, dialIntoConference, hangUpLeg, holdLeg, legsJoinAtOnce, moveLegToConference, pauseRecording, recordLeg, removeFromConference } from "./call-control";
import { dialCampaignContact } from "./dial-campaign-contact";
import { sendText } from "./send-text";
import { textMedia } from "./text-media";
import { deleteRecording, recordingMedia } from "./recording-media";
import { startPayment, updatePayment } from "./call-payments";

/** The port, as this provider answers it (start-up provides it: lib/server/startup.ts). */
export const twilioTelephony: TelephonyPort = {
  legsJoinAtOnce,
  moveLegToConference,
  conferenceSidNamed,
  holdLeg,
  dialIntoConference,
  changeParticipation,
  removeFromConference,
  recordLeg,
  hangUpLeg,
  pauseRecording,
  startPayment,
  updatePayment,
  recordingMedia,
  deleteRecording,
  dialCampaignContact,
  sendText,
  textMedia,
  async softphoneReadiness(organizationId) {
    const { enabled, voice_ready } = await telephonyReadiness(organizationId);
    return { enabled, voice_ready };
  },
  async numbers(organizationId) {
    const config = await providerConfig(organizationId);
    return { callerId: config.caller_id, phoneNumbers: config.phone_numbers };
  },
  // A browser device registers as `user_<id>` and is dialed as a Client.
  agentAddress: (userId) => `client:${identityFor(userId)}`,
  waitingLineName,
  isCallSid,
  newCallSid,
  callSidSql,
  renderVoiceAnswer,
};
