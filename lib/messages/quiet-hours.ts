import { localClock, phoneTimeZones } from "@/lib/campaigns/contact-timezones";

// Quiet hours are the recipient's: a number whose zones are known from its
// country and area code is judged in each of them (quiet if any of them is,
// as the dialer does for calls); an unknown one in the organization's zone.

export interface QuietHours {
  start: string;
  end: string;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function quietAt(minutes: number, { start, end }: QuietHours): boolean {
  const [from, to] = [minutesOf(start), minutesOf(end)];
  if (from === to) return false;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/**
 * null when a campaign text may go to `phone` now; else when it may (the
 * first minute after quiet hours in every zone of the number).
 */
export function quietUntil(phone: string, hours: QuietHours | null, fallbackZone: string, now: Date): Date | null {
  if (!hours) return null;
  const zones = phoneTimeZones(phone);
  const judged = zones.length ? zones : [fallbackZone];
  const quiet = (at: Date) => judged.some((zone) => quietAt(localClock(at, zone).minutes, hours));
  if (!quiet(now)) return null;
  // Step a minute at a time from the next whole minute: at most a day, and zones with odd offsets come out right.
  const start = Math.ceil(now.getTime() / 60_000) * 60_000;
  for (let at = start; at < start + 26 * 3_600_000; at += 60_000) {
    if (!quiet(new Date(at))) return new Date(at);
  }
  return null;
}
