/** Is this an IANA time zone the runtime knows ("America/New_York")? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** How far `zone`'s clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a day ("2026-11-26", plus `days`) begins on `zone`'s clock: midnight there, daylight saving included. */
export function startOfDay(day: string, zone: string, days = 0): Date {
  const [y, m, d] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d + days);
  const guess = midnightUtc - offsetAt(midnightUtc, zone);
  return new Date(midnightUtc - offsetAt(guess, zone));
}

/** The instant a wall-clock time ("2026-11-26T14:00") names on `zone`'s clock. */
export function zonedInstant(local: string, zone: string): Date {
  const [day, time] = local.split("T");
  const [hours, minutes] = time.split(":").map(Number);
  const midnight = startOfDay(day, zone).getTime();
  const guess = midnight + (hours * 60 + minutes) * 60_000;
  // Across a daylight-saving change the day is 23 or 25 hours long: read the offset at the time itself.
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d, hours, minutes);
  return new Date(wall - offsetAt(guess, zone));
}

/** The date (YYYY-MM-DD) `offset` days from today on a zone's clock: the reports' default range, the same on the server and in the browser. */
export function dayInZone(offset: number, zone: string | null): string {
  let format = dayFormats.get(zone);
  // Made once per zone: toLocaleDateString builds a formatter per call (35 ms of the Reports page's load on a phone).
  if (!format) dayFormats.set(zone, (format = new Intl.DateTimeFormat("en-CA", { timeZone: zone ?? undefined })));
  return format.format(new Date(Date.now() + offset * 86_400_000));
}

const dayFormats = new Map<string | null, Intl.DateTimeFormat>();
