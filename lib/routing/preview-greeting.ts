import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { getSettings } from "@/lib/settings/get-settings";
import { telephony } from "@/lib/telephony/port";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { menuPrompt } from "./menu-choice";
import { isOpen } from "./opening-hours";
import type { RoutingPlan } from "@/lib/settings/routing-schemas";

/**
 * What a caller would hear first from a plan (Settings → Routing's preview):
 * the provider's document the inbound callback would answer now, and when closed, the
 * closed message. Nothing is enqueued or saved.
 */
export async function previewGreeting({ actor, plan }: { actor: SessionUser; plan: RoutingPlan }) {
  const { time_zone } = await getSettings(actor.organization_id, "organization");
  const open = isOpen(plan, time_zone, new Date());
  const answer: VoiceAnswer = !open
    ? { kind: "say-and-hang-up", message: plan.closed_message }
    : plan.menu
      ? { kind: "menu", prompt: menuPrompt(plan.menu), path: "/api/telephony/menu?try=1" }
      : { kind: "enqueue", queueName: telephony().waitingLineName(null), waitPath: "/api/telephony/queue-wait", leavePath: "/api/telephony/dequeue" };
  return { open_now: open, time_zone, twiml: telephony().renderVoiceAnswer(answer, actor.organization_id) };
}
