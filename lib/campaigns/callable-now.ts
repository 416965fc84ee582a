import { decideDial, decidingZones, type DialCandidate, type DialPolicy } from "./dial-compliance";

// Whether a contact the campaign would call can be called now, and if not,
// when: the engine's own checks (decideDial) asked about a fresh contact. The
// answer depends only on the clocks that decide for the contact, so it is
// worked out once per set of zones, however many contacts share them.

const STEP_MS = 15 * 60_000;
const HORIZON_MS = 8 * 86_400_000;

export interface Callability {
  callable_now: boolean;
  /** The contacts' local time(s), e.g. "14:05 America/Chicago". */
  local_time: string | null;
  /** null when callable now, or never within a week (no known zone, no allowed day). */
  next_callable_at: Date | null;
  reason: "outside_window" | "unknown_timezone" | null;
}

export function callabilityOf(policy: DialPolicy, now: Date) {
  const byZones = new Map<string, Callability>();
  return (contact: Pick<DialCandidate, "phone" | "timezoneField">): Callability => {
    const candidate: DialCandidate = { ...contact, tags: [], attempts: 0, lastDialedAt: null, archived: false, optedOut: false };
    const key = decidingZones(candidate, policy).join("|");
    const known = byZones.get(key);
    if (known) return known;
    const decision = decideDial(candidate, policy, now);
    let answer: Callability;
    if (decision.allowed) answer = { callable_now: true, local_time: decision.local_time, next_callable_at: null, reason: null };
    else if (decision.reason !== "outside_window") answer = { callable_now: false, local_time: null, next_callable_at: null, reason: "unknown_timezone" };
    else answer = { callable_now: false, local_time: decision.local_time ?? null, next_callable_at: nextOpening(candidate, policy, now), reason: "outside_window" };
    byZones.set(key, answer);
    return answer;
  };
}

/** The first quarter hour within a week when the checks allow the call (the engine retries on the same step). */
function nextOpening(candidate: DialCandidate, policy: DialPolicy, now: Date): Date | null {
  const first = Math.ceil(now.getTime() / STEP_MS) * STEP_MS;
  for (let at = first; at - now.getTime() <= HORIZON_MS; at += STEP_MS) {
    if (decideDial(candidate, policy, new Date(at)).allowed) return new Date(at);
  }
  return null;
}
