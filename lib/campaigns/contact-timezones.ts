import PHONE_TIMEZONES from "./phone-timezones.json";

// Where a phone number rings, as time zones: Google libphonenumber's timezone
// prefix map (Apache-2.0, data/timezones in libphonenumber; extracted into
// phone-timezones.json). The longest matching prefix of the E.164 digits wins;
// a prefix can name several zones (a country or area code spanning them).

const MAP = PHONE_TIMEZONES as Record<string, string[]>;
const LONGEST_PREFIX = Math.max(...Object.keys(MAP).map((k) => k.length));

/** The time zones a number may ring in; empty when the number is unknown to the map. */
export function phoneTimeZones(e164: string): string[] {
  const digits = e164.replace(/\D/g, "");
  for (let length = Math.min(LONGEST_PREFIX, digits.length); length > 0; length--) {
    const zones = MAP[digits.slice(0, length)];
    if (zones) return zones;
  }
  return [];
}

// A zone name the runtime knows (custom fields hold free text).
export { isTimeZone } from "@/lib/client/format/time-zone";

/** Minutes since local midnight and the ISO weekday (1 = Monday) in a zone. */
export function localClock(at: Date, zone: string): { minutes: number; weekday: number; text: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", minute: "2-digit", weekday: "short", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  const hour = Number(get("hour")) % 24;
  const minute = Number(get("minute"));
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
  return { minutes: hour * 60 + minute, weekday, text: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}` };
}
