import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { formatInZone } from "@/lib/client/format/display";
import { zonedInstant } from "@/lib/client/format/time-zone";
import { getSettings } from "@/lib/settings/get-settings";
import { telephony } from "@/lib/telephony/port";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import type { RoutingPlan, RoutingTarget } from "@/lib/settings/routing-schemas";
import { anyoneOnDuty } from "./anyone-on-duty";
import { closedAnswer, closedVoicemailQueue } from "./closed-answer";
import { menuChoice, menuDefault, menuPath, menuPrompt } from "./menu-choice";
import { destinationAnswer, destinationOf, NOBODY_ON_DUTY } from "./destination";
import { isOpen, wallClock } from "./opening-hours";

/** What the simulated caller does at the menu: press a key, say words, or hang up; nothing: every choice is listed. */
export interface CallerMove {
  digits?: string;
  speech?: string;
  hang_up?: boolean;
}

const KEY_NAME: Record<string, string> = { "*": "star", "#": "pound" };
const key = (digit: string) => KEY_NAME[digit] ?? digit;
const quote = (text: string) => `“${text}”`;

/**
 * Settings → Routing's preview (issue 45, point 4): what a caller to this plan
 * hears and where they go, at a time chosen or now, as steps in words. It
 * follows the same decisions real calls take (opening hours on the
 * organization's clock, the closed message then a voicemail when the plan says
 * so, the menu and its default, a queue nobody serves taking a voicemail), and
 * plays the caller through the menu: a key, words, or hanging up. The
 * provider's instructions for the call's first answer come with it. Nothing is
 * enqueued or saved.
 */
export async function walkPlan({
  actor,
  plan,
  at: local,
  caller,
}: {
  actor: SessionUser;
  plan: RoutingPlan;
  /** A wall-clock time on the organization's clock ("2026-11-26T14:00"), or now. */ at: string | null;
  caller: CallerMove;
}) {
  const { time_zone } = await getSettings(actor.organization_id, "organization");
  const at = local ? zonedInstant(local, time_zone) : null;
  const when = at ?? new Date();
  const open = isOpen(plan, time_zone, when);
  const names = new Map((await prisma.department.findMany({ where: { organization_id: actor.organization_id }, select: { id: true, name: true } })).map((d) => [d.id, d.name]));
  const queueName = (departmentId: number | null) => (departmentId === null ? "the general queue" : `${names.get(departmentId) ?? "a department"}’s queue`);
  const steps: string[] = [`${formatInZone(when, time_zone)}: ${open ? "open" : "closed"} (${hoursToday(plan, time_zone, when)}).`];

  // Where a target sends the caller, as real calls do (sendTo); "now" knows who is on duty, another time does not.
  const sendTo = async (target: RoutingTarget): Promise<string[]> => {
    if (target.type === "number") return [`The call is forwarded to ${target.number}.`];
    if (target.type === "voicemail") return [`Hears ${quote(plan.voicemail_prompt)} and leaves a voicemail for ${queueName(target.department_id)}.`];
    const offer = plan.callback_offer;
    const callBack = offer ? `; after ${offer.after_seconds} s they may press ${key(offer.digit)} to be called back and keep their place` : "";
    const waits = `Waits in ${queueName(target.department_id)}, hearing their place in line and the expected wait every ${plan.announce_every_seconds} s${callBack}.`;
    if (plan.no_agents !== "voicemail") return [waits];
    const noOne = `Hears ${quote(`${NOBODY_ON_DUTY} ${plan.voicemail_prompt}`)} and leaves a voicemail for ${queueName(target.department_id)}.`;
    if (at) return [`If someone serving ${queueName(target.department_id)} is on duty then: ${waits[0].toLowerCase()}${waits.slice(1)}`, `If nobody is: ${noOne[0].toLowerCase()}${noOne.slice(1)}`];
    return (await anyoneOnDuty(actor.organization_id, target.department_id)) ? [waits] : [`Nobody serving ${queueName(target.department_id)} is on duty now.`, noOne];
  };

  // The provider's instructions a call to a target starts with (real calls' destination, without enqueuing anyone);
  // at a chosen time nobody's duty is known, so a queue takes the caller.
  const firstAnswer = async (target: RoutingTarget): Promise<VoiceAnswer> =>
    destinationAnswer(await destinationOf(target, plan, async (departmentId) => at !== null || anyoneOnDuty(actor.organization_id, departmentId)), telephony().waitingLineName(null));

  let first: VoiceAnswer;
  let ends: "ended" | "voicemail" | "queue" | "forwarded" | "menu";
  if (!open) {
    first = closedAnswer(plan);
    steps.push(`Hears ${quote(plan.closed_message)}`);
    if (plan.closed_action === "voicemail") {
      steps.push(`Then hears ${quote(plan.voicemail_prompt)} and leaves a voicemail for ${queueName(closedVoicemailQueue(plan))}.`);
      ends = "voicemail";
    } else {
      steps.push("Then the call ends.");
      ends = "ended";
    }
  } else if (plan.menu) {
    const menu = plan.menu;
    first = { kind: "menu", prompt: menuPrompt(menu), path: menuPath(1) };
    steps.push(`Hears the menu: ${quote(menuPrompt(menu))}`);
    const fallback = menuDefault(menu);
    if (caller.hang_up) {
      steps.push("Hangs up: the call ends, and nothing is left to follow up.");
      ends = "ended";
    } else if (caller.digits || caller.speech) {
      const chosen = menuChoice(menu, { digits: caller.digits ?? null, speech: caller.speech ?? null });
      steps.push(caller.digits ? `Presses ${key(caller.digits)}.` : `Says ${quote(caller.speech!)}.`);
      const where = await sendTo((chosen ?? fallback).target);
      if (chosen) steps.push(`That is ${chosen.label}.`, ...where);
      else steps.push(`Not understood: hears ${quote(`Sorry, I did not get that. ${menuPrompt(menu)}`)}`, `A second miss (or silence) takes ${fallback.label} (key ${key(fallback.digit)}).`, ...where);
      ends = endOf((chosen ?? fallback).target, where);
    } else {
      for (const option of menu.options) {
        const [where] = await sendTo(option.target);
        steps.push(
          `Pressing ${key(option.digit)}${option.words.length ? ` or saying ${[option.label, ...option.words].map(quote).join(", ")}` : ` or saying ${quote(option.label)}`}: ` +
            `${where[0].toLowerCase()}${where.slice(1)}`,
        );
      }
      steps.push(`No answer twice (or an answer it cannot place): ${fallback.label} (key ${key(fallback.digit)}).`);
      ends = "menu";
    }
  } else {
    const where = await sendTo(plan.queue);
    first = await firstAnswer(plan.queue);
    steps.push(...where);
    ends = endOf(plan.queue, where);
  }
  return { open_now: open, at: when, time_zone, steps, ends_in: ends, twiml: telephony().renderVoiceAnswer(first, actor.organization_id) };
}

/** Where the caller's steps end: a queue nobody serves now ends in its voicemail. */
function endOf(target: RoutingTarget, steps: string[]): "voicemail" | "queue" | "forwarded" {
  if (target.type === "number") return "forwarded";
  return target.type === "voicemail" || steps.at(-1)?.startsWith(`Hears “${NOBODY_ON_DUTY}`) ? "voicemail" : "queue";
}

/** "today 09:00–17:00", "a holiday", "no hours on Saturdays", "always open". */
function hoursToday(plan: RoutingPlan, zone: string, at: Date): string {
  if (plan.hours === null && plan.holidays.length === 0) return "always open";
  const { date, weekday } = wallClock(at, zone);
  if (plan.holidays.includes(date)) return "a holiday";
  if (plan.hours === null) return "always open";
  const today = plan.hours[weekday] ?? [];
  return today.length ? `hours today ${today.map((i) => `${i.start}–${i.end}`).join(", ")}` : "no hours on this day";
}
