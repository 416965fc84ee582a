import "server-only";
import { enqueueCall } from "@/lib/queue/enqueue-call";
import { getSettings } from "@/lib/settings/get-settings";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { findPlan } from "./find-plan";
import { menuChoice, menuPrompt } from "./menu-choice";
import { isOpen } from "./opening-hours";
import type { RoutingTarget } from "./schemas";

export interface InboundCall {
  callSid: string;
  from: string;
  to: string;
}

/** The menu's address; `try` counts the caller's attempts (signed with the address, so a caller cannot skip ahead). */
const menuPath = (attempt: number) => `/api/telephony/menu?try=${attempt}`;

/**
 * A call arrives (issue 23): the plan answering the dialed number decides.
 * No plan: enqueued at once, exactly as the specification states. Closed
 * (hours on the organization's clock, holidays): the plan's message. A menu:
 * asked. Otherwise the plan's queue.
 */
export async function routeInboundCall({ organizationId, call, clock }: { organizationId: number; call: InboundCall; /** The simulator's clock, else now. */ clock: Date | null }): Promise<VoiceAnswer> {
  const plan = findPlan(await getSettings(organizationId, "routing"), call.to);
  if (!plan) return sendTo(organizationId, call, { type: "queue", department_id: null });
  const { time_zone } = await getSettings(organizationId, "organization");
  if (!isOpen(plan, time_zone, clock ?? new Date())) return { kind: "say-and-hang-up", message: plan.closed_message };
  if (plan.menu) return { kind: "menu", prompt: menuPrompt(plan.menu), path: menuPath(1) };
  return sendTo(organizationId, call, plan.queue);
}

/**
 * The caller answered the menu (or did not). A key or words that choose no
 * option, or silence, ask again once; then the menu's default option. A plan
 * changed meanwhile never errors: no menu any more sends the caller to the plan's queue.
 */
export async function answerMenu({ organizationId, call, attempt, input }: { organizationId: number; call: InboundCall; attempt: number; input: { digits: string | null; speech: string | null } }): Promise<VoiceAnswer> {
  const plan = findPlan(await getSettings(organizationId, "routing"), call.to);
  if (!plan?.menu) return sendTo(organizationId, call, plan?.queue ?? { type: "queue", department_id: null });
  const chosen = menuChoice(plan.menu, input);
  if (chosen) return sendTo(organizationId, call, chosen.target);
  if (attempt < 2) return { kind: "menu", prompt: `Sorry, I did not get that. ${menuPrompt(plan.menu)}`, path: menuPath(attempt + 1) };
  const fallback = plan.menu.options.find((o) => o.digit === plan.menu!.default_digit) ?? plan.menu.options[0];
  return sendTo(organizationId, call, fallback.target);
}

async function sendTo(organizationId: number, call: InboundCall, target: RoutingTarget): Promise<VoiceAnswer> {
  if (target.type === "number") return { kind: "forward", to: target.number };
  const entry = await enqueueCall({ organizationId, ...call, departmentId: target.department_id });
  return { kind: "enqueue", queueName: entry.queue_name, waitPath: "/api/telephony/queue-wait", leavePath: "/api/telephony/dequeue" };
}
