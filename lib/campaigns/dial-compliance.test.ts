import { describe, expect, it } from "vitest";
import { phoneTimeZones } from "./contact-timezones";
import { decideDial, type DialCandidate, type DialPolicy } from "./dial-compliance";

const policy: DialPolicy = {
  window: { start: "09:00", end: "20:00", days: [1, 2, 3, 4, 5, 6, 7] },
  timezonePolicy: "contact",
  maxAttempts: 3,
  retryDelayMinutes: 60,
  excludeDnc: true,
};
const candidate = (extra: Partial<DialCandidate> = {}): DialCandidate => ({ phone: "+12125550100", tags: [], attempts: 0, lastDialedAt: null, archived: false, optedOut: false, ...extra });
// Wednesday 2026-11-18 17:00 UTC = 12:00 in New York, 09:00 in Los Angeles, 07:00 in Honolulu.
const noonInNewYork = new Date("2026-11-18T17:00:00Z");

describe("time zones of a number", () => {
  it("finds the zone of an area code, and every zone of a country-wide prefix", () => {
    expect(phoneTimeZones("+12125550100")).toEqual(["America/New_York"]);
    expect(phoneTimeZones("+18085550100")).toEqual(["Pacific/Honolulu"]);
    expect(phoneTimeZones("+442079460958")).toContain("Europe/London");
  });
});

describe("the checks before a dial", () => {
  it("allows a dial inside the window and says why", () => {
    const decision = decideDial(candidate(), policy, noonInNewYork);
    expect(decision).toMatchObject({ allowed: true, attempt: 1, zones: ["America/New_York"], local_time: "12:00 America/New_York" });
  });

  it("never dials outside the contact's own hours, whatever the campaign's window", () => {
    expect(decideDial(candidate({ phone: "+18085550100" }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "outside_window" });
    const wide = { ...policy, window: { ...policy.window, start: "00:00", end: "23:59" } };
    // 07:00 in Honolulu is before the legal 08:00 even when the campaign allows all day.
    expect(decideDial(candidate({ phone: "+18085550100" }), wide, noonInNewYork)).toMatchObject({ allowed: false, reason: "outside_window" });
    // 21:30 in New York is after the legal 21:00.
    expect(decideDial(candidate(), wide, new Date("2026-11-19T02:30:00Z"))).toMatchObject({ allowed: false, reason: "outside_window" });
  });

  it("uses a time-zone custom field over the number", () => {
    expect(decideDial(candidate({ timezoneField: "Pacific/Honolulu" }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "outside_window" });
    expect(decideDial(candidate({ phone: "+18085550100", timezoneField: "America/New_York" }), policy, noonInNewYork)).toMatchObject({ allowed: true });
  });

  it("skips DNC in any letter case, archived, opted-out, capped and recently dialed contacts", () => {
    expect(decideDial(candidate({ tags: ["Dnc"] }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "dnc" });
    expect(decideDial(candidate({ tags: ["dnc"] }), { ...policy, excludeDnc: false }, noonInNewYork)).toMatchObject({ allowed: true });
    expect(decideDial(candidate({ archived: true }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "archived" });
    expect(decideDial(candidate({ optedOut: true }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "opted_out" });
    expect(decideDial(candidate({ attempts: 3 }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "max_attempts" });
    const recent = decideDial(candidate({ lastDialedAt: new Date(noonInNewYork.getTime() - 10 * 60_000) }), policy, noonInNewYork);
    expect(recent).toMatchObject({ allowed: false, reason: "recently_dialed" });
    expect(decideDial(candidate({ lastDialedAt: new Date(noonInNewYork.getTime() - 61 * 60_000) }), policy, noonInNewYork)).toMatchObject({ allowed: true });
  });

  it("honours the campaign's days and refuses numbers with no known zone", () => {
    const weekdays = { ...policy, window: { ...policy.window, days: [1, 2, 3, 4, 5] } };
    expect(decideDial(candidate(), weekdays, new Date("2026-11-21T17:00:00Z"))).toMatchObject({ allowed: false, reason: "outside_window" }); // Saturday
    expect(decideDial(candidate({ phone: "+999123" }), policy, noonInNewYork)).toMatchObject({ allowed: false, reason: "unknown_timezone" });
  });

  it("under the campaign's clock still keeps the contact's legal hours", () => {
    const campaignClock: DialPolicy = { ...policy, timezonePolicy: "campaign", window: { ...policy.window, timezone: "America/New_York" } };
    expect(decideDial(candidate({ phone: "+14155550100" }), campaignClock, noonInNewYork)).toMatchObject({ allowed: true }); // 09:00 in LA
    expect(decideDial(candidate({ phone: "+18085550100" }), campaignClock, noonInNewYork)).toMatchObject({ allowed: false, reason: "outside_window" }); // 07:00 in Honolulu
  });
});
