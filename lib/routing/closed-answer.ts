import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { voicemailAnswer } from "@/lib/calls/voicemail/leave-voicemail";
import type { RoutingPlan } from "@/lib/settings/routing-schemas";

/** Outside a plan's hours: its message, then the end of the call or a voicemail for the plan's queue. Real calls and the preview both answer with it. */
export function closedAnswer(plan: RoutingPlan): VoiceAnswer {
  if (plan.closed_action === "message") return { kind: "say-and-hang-up", message: plan.closed_message };
  return voicemailAnswer({ prompt: `${plan.closed_message} ${plan.voicemail_prompt}`, departmentId: closedVoicemailQueue(plan), reason: "closed" });
}

/** Whose voicemail a closed plan's callers leave: the plan's queue's (the general queue when the plan forwards to a number). */
export function closedVoicemailQueue(plan: RoutingPlan): number | null {
  return plan.queue.type === "number" ? null : plan.queue.department_id;
}
