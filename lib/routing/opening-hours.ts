import { WEEKDAYS, type RoutingPlan } from "@/lib/settings/routing-schemas";

/** The organization's wall clock at an instant: its date, weekday and HH:MM, daylight saving included. */
export function wallClock(at: Date, timeZone: string): { date: string; weekday: (typeof WEEKDAYS)[number]; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", weekday: "short", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = parts.weekday.toLowerCase().slice(0, 3) as (typeof WEEKDAYS)[number];
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Is the plan open at this instant? Hours are read on the organization's own
 * clock, so 09:00–17:00 stays 09:00–17:00 local across a daylight-saving change.
 */
export function isOpen(plan: Pick<RoutingPlan, "hours" | "holidays">, timeZone: string, at: Date): boolean {
  const { date, weekday, time } = wallClock(at, timeZone);
  if (plan.holidays.includes(date)) return false;
  if (plan.hours === null) return true;
  return (plan.hours[weekday] ?? []).some((interval) => interval.start <= time && time < interval.end);
}
