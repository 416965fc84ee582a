// Numbers whose local time is (or is not) inside calling hours right now, so
// the campaign tests hold at any hour of the day they run. Shared by the API
// suites and the browser suite (no test-runner imports here).
// Every place leaves at least ten million numbers: test files run in parallel
// processes against one fake provider, and tests that read back what was
// dialed must never see another file's number (a 4-digit range once did).
const PLACES = [
  { zone: "America/New_York", prefix: "+1212", digits: 7 },
  { zone: "America/Los_Angeles", prefix: "+1415", digits: 7 },
  { zone: "Pacific/Honolulu", prefix: "+1808", digits: 7 },
  { zone: "Europe/London", prefix: "+4420", digits: 8 },
  { zone: "Asia/Tokyo", prefix: "+813", digits: 8 },
  { zone: "Australia/Sydney", prefix: "+612", digits: 8 },
  { zone: "Asia/Kolkata", prefix: "+9122", digits: 8 },
];

function minutesNow(zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get("hour") % 24) * 60 + get("minute");
}

let counter = 0;
function numberIn(place: (typeof PLACES)[number]): string {
  counter += 1;
  const unique = (process.pid * 7919 + counter * 104_729 + Date.now() + Math.floor(Math.random() * 10 ** place.digits)) % 10 ** place.digits;
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
