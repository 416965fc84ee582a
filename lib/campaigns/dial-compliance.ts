import { isTimeZone, localClock, phoneTimeZones } from "./contact-timezones";

// The checks before every campaign dial, as one pure function: the engine
// records its answer (why a dial was allowed, or why it was skipped) on the
// campaign contact. Whatever a campaign says, nobody is called before 08:00 or
// after 21:00 in their own time.

export const LEGAL_EARLIEST = 8 * 60;
export const LEGAL_LATEST = 21 * 60;

export interface CallingWindow {
  /** "HH:MM", local to the contact (or to `timezone` under the campaign policy). */
  start: string;
  end: string;
  /** ISO weekdays allowed (1 = Monday … 7 = Sunday). */
  days: number[];
  /** The campaign's own zone, used when the policy is "campaign". */
  timezone?: string | null;
}

export interface DialCandidate {
  phone: string;
  tags: string[];
  attempts: number;
  /** A time zone from the contact's custom field, when it has one. */
  timezoneField?: string | null;
  /** When any campaign last dialed this number. */
  lastDialedAt: Date | null;
  archived: boolean;
  optedOut: boolean;
}

export interface DialPolicy {
  window: CallingWindow;
  timezonePolicy: "contact" | "campaign";
  maxAttempts: number;
  retryDelayMinutes: number;
  excludeDnc: boolean;
}

export type DialDecision =
  | { allowed: true; checks: string[]; local_time: string; zones: string[]; attempt: number }
  | {
      allowed: false;
      reason: "dnc" | "archived" | "opted_out" | "max_attempts" | "recently_dialed" | "outside_window" | "unknown_timezone";
      detail: string;
      retry_at?: Date;
      local_time?: string;
      zones?: string[];
    };

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** The zones whose clocks decide: the contact's field, else the number's zones (all of them), or the campaign's zone by policy. */
export function decidingZones(candidate: DialCandidate, policy: DialPolicy): string[] {
  if (policy.timezonePolicy === "campaign" && policy.window.timezone && isTimeZone(policy.window.timezone)) {
    // The campaign's clock, but never outside legal hours where the contact is.
    return [policy.window.timezone, ...contactZones(candidate)];
  }
  return contactZones(candidate);
}

/** "12 min", "under a minute": how long ago, with no clock to name (issue 45: no ISO string where a person reads). */
function minutesAgo(now: Date, then: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  return minutes < 1 ? "under a minute" : `${minutes} min`;
}

function contactZones(candidate: DialCandidate): string[] {
  if (candidate.timezoneField && isTimeZone(candidate.timezoneField)) return [candidate.timezoneField];
  return phoneTimeZones(candidate.phone).filter(isTimeZone);
}

export function decideDial(candidate: DialCandidate, policy: DialPolicy, now: Date): DialDecision {
  if (candidate.archived) return { allowed: false, reason: "archived", detail: "The contact is archived." };
  if (candidate.optedOut) return { allowed: false, reason: "opted_out", detail: "The contact opted out of calls." };
  if (policy.excludeDnc && candidate.tags.some((t) => t.trim().toLowerCase() === "dnc")) return { allowed: false, reason: "dnc", detail: "Tagged DNC." };
  if (candidate.attempts >= policy.maxAttempts) return { allowed: false, reason: "max_attempts", detail: `Reached ${policy.maxAttempts} attempts.` };
  if (candidate.lastDialedAt && now.getTime() - candidate.lastDialedAt.getTime() < policy.retryDelayMinutes * 60_000) {
    const retryAt = new Date(candidate.lastDialedAt.getTime() + policy.retryDelayMinutes * 60_000);
    return {
      allowed: false,
      reason: "recently_dialed",
      detail: `Dialed by a campaign ${minutesAgo(now, candidate.lastDialedAt)} ago, within the retry delay of ${policy.retryDelayMinutes} min.`,
      retry_at: retryAt,
    };
  }
  const zones = decidingZones(candidate, policy);
  if (zones.length === 0) return { allowed: false, reason: "unknown_timezone", detail: "No time zone is known for this number: it is never dialed blind." };

  const start = Math.max(LEGAL_EARLIEST, toMinutes(policy.window.start));
  const end = Math.min(LEGAL_LATEST, toMinutes(policy.window.end));
  const clocks = zones.map((zone) => ({ zone, ...localClock(now, zone) }));
  // Campaign policy: the window applies on the campaign's clock, legal hours on the contact's.
  const outside = clocks.find((clock, index) => {
    const windowApplies = policy.timezonePolicy === "contact" || index === 0 || zones.length === 1;
    const from = windowApplies ? start : LEGAL_EARLIEST;
    const to = windowApplies ? end : LEGAL_LATEST;
    return clock.minutes < from || clock.minutes >= to || (windowApplies && !policy.window.days.includes(clock.weekday));
  });
  const localTime = clocks.map((c) => `${c.text} ${c.zone}`).join(", ");
  if (outside) {
    return {
      allowed: false,
      reason: "outside_window",
      detail: `Local time ${outside.text} in ${outside.zone} is outside the calling window.`,
      retry_at: new Date(now.getTime() + 15 * 60_000),
      local_time: localTime,
      zones,
    };
  }
  return {
    allowed: true,
    checks: [
      "not archived",
      "not opted out",
      policy.excludeDnc ? "not tagged DNC" : "DNC not excluded by the campaign",
      `attempt ${candidate.attempts + 1} of ${policy.maxAttempts}`,
      "not dialed within the retry delay",
      "inside the calling window and legal hours",
    ],
    local_time: localTime,
    zones,
    attempt: candidate.attempts + 1,
  };
}
