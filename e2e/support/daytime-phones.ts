// Numbers whose local time is (or is not) inside calling hours right now, so
// the campaign tests hold at any hour of the day they run. Shared by the API
// suites and the browser suite (no test-runner imports here).
const PLACES = [
  { zone: "America/New_York", prefix: "+1212555", digits: 4 },
  { zone: "America/Los_Angeles", prefix: "+1415555", digits: 4 },
  { zone: "Pacific/Honolulu", prefix: "+1808555", digits: 4 },
  { zone: "Europe/London", prefix: "+44207946", digits: 4 },
  { zone: "Asia/Tokyo", prefix: "+81355", digits: 6 },
  { zone: "Australia/Sydney", prefix: "+61285", digits: 6 },
  { zone: "Asia/Kolkata", prefix: "+91224", digits: 6 },
];

function minutesNow(zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get("hour") % 24) * 60 + get("minute");
}

let counter = 0;
function numberIn(place: (typeof PLACES)[number]): string {
  counter += 1;
  const unique = (process.pid * 7919 + counter * 104_729 + Date.now()) % 10 ** place.digits;
  return `${place.prefix}${String(unique).padStart(place.digits, "0")}`;
}

/** A number where it is now between 09:00 and 20:00. */
export function inHoursPhone(): string {
  return numberIn(PLACES.find((p) => minutesNow(p.zone) >= 9 * 60 + 5 && minutesNow(p.zone) < 20 * 60 - 5)!);
}

/** A number where it is now before 07:00 or after 22:00. */
export function outOfHoursPhone(): string {
  return numberIn(PLACES.find((p) => minutesNow(p.zone) < 7 * 60 || minutesNow(p.zone) >= 22 * 60)!);
}
