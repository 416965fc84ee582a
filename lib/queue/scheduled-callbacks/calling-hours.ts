import { LEGAL_EARLIEST, LEGAL_LATEST } from "@/lib/campaigns/dial-compliance";
import { localClock, phoneTimeZones } from "@/lib/campaigns/contact-timezones";

/** The zones a number rings in (every one the prefix names), or the organization's when it names none. */
export function contactZones(phone: string, organizationZone: string): string[] {
  const zones = phoneTimeZones(phone);
  return zones.length ? zones : [organizationZone];
}

/**
 * Is `at` within the calling hours campaigns obey, 08:00-21:00 on the
 * contact's own clock, in every zone their number may ring in? Answers the
 * first zone where it is not, with the time there.
 */
export function outsideCallingHours(at: Date, zones: string[]): { zone: string; local: string } | null {
  for (const zone of zones) {
    const clock = localClock(at, zone);
    if (clock.minutes < LEGAL_EARLIEST || clock.minutes >= LEGAL_LATEST) return { zone, local: clock.text };
  }
  return null;
}

/** `at` on a zone's clock as YYYY-MM-DD HH:MM. */
export function wallTime(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}
