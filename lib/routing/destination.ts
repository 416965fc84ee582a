import "server-only";
import type { RoutingPlan, RoutingTarget } from "@/lib/settings/routing-schemas";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { voicemailAnswer } from "@/lib/calls/voicemail/leave-voicemail";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

// Where a routing target sends a caller: the one decision real calls
// (route-inbound-call.ts) and Settings → Routing's preview (walk-plan.ts)
// both take (issue 62, point 3). A number forwards; a voicemail target takes
// a message; a queue takes the caller, unless the plan sends callers to
// voicemail when nobody serving the queue is on duty and nobody is.

export type Destination =
  { kind: "forward"; to: string } | { kind: "voicemail"; departmentId: number | null; prompt: string; reason: "menu" | "no_agents" } | { kind: "queue"; departmentId: number | null };

/** What a caller hears before the tone when no plan names a prompt. */
const DEFAULT_VOICEMAIL_PROMPT = "Please leave a message after the tone.";
export const NOBODY_ON_DUTY = "Nobody can take your call right now.";

/** `onDuty`: is someone serving the queue on duty; asked only when the plan's answer depends on it. */
export async function destinationOf(target: RoutingTarget, plan: RoutingPlan | null, onDuty: (departmentId: number | null) => Promise<boolean>): Promise<Destination> {
  if (target.type === "number") return { kind: "forward", to: target.number };
  const prompt = plan?.voicemail_prompt ?? DEFAULT_VOICEMAIL_PROMPT;
  if (target.type === "voicemail") return { kind: "voicemail", departmentId: target.department_id, prompt, reason: "menu" };
  if (plan?.no_agents === "voicemail" && !(await onDuty(target.department_id))) {
    return { kind: "voicemail", departmentId: target.department_id, prompt: `${NOBODY_ON_DUTY} ${prompt}`, reason: "no_agents" };
  }
  return { kind: "queue", departmentId: target.department_id };
}

/** The provider's instructions for a destination; a queue's once the caller's line there is known. */
export function destinationAnswer(destination: Destination, queueName: string): VoiceAnswer {
  if (destination.kind === "forward") return { kind: "forward", to: destination.to, endPath: CALLBACK_PATHS.forwarded };
  if (destination.kind === "voicemail") return voicemailAnswer({ prompt: destination.prompt, departmentId: destination.departmentId, reason: destination.reason });
  return { kind: "enqueue", queueName, waitPath: CALLBACK_PATHS.queueWait, leavePath: CALLBACK_PATHS.dequeue };
}
