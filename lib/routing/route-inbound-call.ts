import "server-only";
import { enqueueCallSurely } from "@/lib/queue/enqueue-call";
import { answerInTime, callerWaitsMs } from "@/lib/telephony/answer-in-time";
import { callPathSettings } from "@/lib/settings/get-settings";
import type { InboundCall, MenuAnswer } from "@/lib/telephony/call-events";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { findPlan } from "@/lib/settings/find-plan";
import { menuChoice, menuDefault, menuPath, menuPrompt } from "./menu-choice";
import { destinationAnswer, destinationOf } from "./destination";
import { isOpen } from "./opening-hours";
import type { RoutingPlan, RoutingTarget } from "@/lib/settings/routing-schemas";
import { anyoneOnDuty } from "./anyone-on-duty";
import { closedAnswer } from "./closed-answer";
import { consentAnnouncement, optOutOffer } from "@/lib/recordings/consent-announcement";
import { recordConsent } from "@/lib/recordings/recording-consent";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

/** Where the caller goes after the recording announcement, with the key they pressed or none. */
const CONSENT_PATH = CALLBACK_PATHS.consent;

/**
 * A call arrives (issue 23): the plan answering the dialed number decides.
 * No plan: enqueued at once, exactly as the specification states. Closed
 * (hours on the organization's clock, holidays): the plan's message, then a
 * voicemail when the plan takes them. A recorded call that may reach an agent
 * hears the recording announcement first, when there is one (issue 47). A
 * menu: asked. Otherwise the plan's queue.
 */
export async function routeInboundCall({
  organizationId,
  call,
  clock,
  recorded,
}: {
  organizationId: number;
  call: InboundCall;
  /** The simulator's clock, else now. */ clock: Date | null;
  /** The organization records its calls. */ recorded: boolean;
}): Promise<VoiceAnswer> {
  const plan = findPlan(await callPathSettings(organizationId, "routing"), call.to);
  if (plan) {
    const { time_zone } = await callPathSettings(organizationId, "organization");
    if (!isOpen(plan, time_zone, clock ?? new Date())) return closedAnswer(plan);
  }
  const announcement = recorded ? consentAnnouncement((await callPathSettings(organizationId, "calls")).recording_consent, call.to) : null;
  if (announcement) {
    const optOut = announcement.optOutDigit ? { digit: announcement.optOutDigit, offer: optOutOffer(announcement.optOutDigit) } : null;
    return { kind: "consent", text: announcement.text, audioUrl: announcement.audioUrl, optOut, path: CONSENT_PATH };
  }
  return afterAnnouncement(organizationId, call);
}

/**
 * The caller heard the recording announcement: pressing its opt-out key
 * declines the recording (the call goes on, never recorded: start-call-recording.ts
 * asks), any other key or none is the consent the announcement asked for.
 * Either way the call is routed as it would have been.
 */
export async function answerConsent({ organizationId, call, digits }: { organizationId: number; call: InboundCall; digits: string | null }): Promise<VoiceAnswer> {
  const announcement = consentAnnouncement((await callPathSettings(organizationId, "calls")).recording_consent, call.to);
  if (announcement) {
    const declined = Boolean(announcement.optOutDigit && digits === announcement.optOutDigit);
    await recordConsent({ organizationId, callSid: call.callSid, outcome: declined ? "declined" : "announced", announcement, digit: declined ? digits : null });
  }
  return afterAnnouncement(organizationId, call);
}

/** The plan's menu, or its queue (no plan: the general queue, exactly as the specification states). */
async function afterAnnouncement(organizationId: number, call: InboundCall): Promise<VoiceAnswer> {
  const plan = findPlan(await callPathSettings(organizationId, "routing"), call.to);
  if (!plan) return sendTo(organizationId, call, { type: "queue", department_id: null }, null);
  if (plan.menu) return { kind: "menu", prompt: menuPrompt(plan.menu), path: menuPath(1) };
  return sendTo(organizationId, call, plan.queue, plan);
}

/**
 * The caller answered the menu (or did not). A key or words that choose no
 * option, or silence, ask again once; then the menu's default option. A plan
 * changed meanwhile never errors: no menu any more sends the caller to the plan's queue.
 */
export async function answerMenu({ organizationId, call, attempt, input }: { organizationId: number; call: InboundCall; attempt: number; input: MenuAnswer }): Promise<VoiceAnswer> {
  const plan = findPlan(await callPathSettings(organizationId, "routing"), call.to);
  if (!plan?.menu) return sendTo(organizationId, call, plan?.queue ?? { type: "queue", department_id: null }, plan);
  const chosen = menuChoice(plan.menu, input);
  if (chosen) return sendTo(organizationId, call, chosen.target, plan);
  if (attempt < 2) return { kind: "menu", prompt: `Sorry, I did not get that. ${menuPrompt(plan.menu)}`, path: menuPath(attempt + 1) };
  return sendTo(organizationId, call, menuDefault(plan.menu).target, plan);
}

/** The caller goes where the target says (destinationOf): a queue enqueues them. */
async function sendTo(organizationId: number, call: InboundCall, target: RoutingTarget, plan: RoutingPlan | null): Promise<VoiceAnswer> {
  const destination = await destinationOf(target, plan, (departmentId) => anyoneOnDuty(organizationId, departmentId));
  if (destination.kind !== "queue") return destinationAnswer(destination, "");
  // The caller's line at the provider is named after their call, so a busy database need not keep them in silence (answerInTime).
  const entry = await answerInTime(
    enqueueCallSurely({ organizationId, ...call, departmentId: destination.departmentId }),
    callerWaitsMs(),
    () => ({ queue_name: call.waitingLine! }),
    "enqueueing a caller",
  );
  return destinationAnswer(destination, entry.queue_name);
}
