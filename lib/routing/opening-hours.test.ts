import { describe, expect, it } from "vitest";
import { isOpen, wallClock } from "./opening-hours";

const weekdays = {
  mon: [{ start: "09:00", end: "17:00" }],
  tue: [{ start: "09:00", end: "17:00" }],
  wed: [{ start: "09:00", end: "17:00" }],
  thu: [{ start: "09:00", end: "17:00" }],
  fri: [{ start: "09:00", end: "17:00" }],
  sat: [],
  sun: [{ start: "10:00", end: "14:00" }],
};
const plan = { hours: weekdays, holidays: ["2026-12-25"] };
const NY = "America/New_York";

describe("opening hours on the organization's clock", () => {
  it("keeps 09:00-17:00 local across the autumn daylight-saving change (New York, 1 November 2026)", () => {
    // Friday 30 October, EDT (UTC-4): 09:00 local is 13:00 UTC.
    expect(isOpen(plan, NY, new Date("2026-10-30T12:59:00Z"))).toBe(false);
    expect(isOpen(plan, NY, new Date("2026-10-30T13:00:00Z"))).toBe(true);
    // Monday 2 November, EST (UTC-5): 09:00 local is now 14:00 UTC; 13:30 UTC is 08:30, still closed.
    expect(isOpen(plan, NY, new Date("2026-11-02T13:30:00Z"))).toBe(false);
    expect(isOpen(plan, NY, new Date("2026-11-02T14:00:00Z"))).toBe(true);
    expect(isOpen(plan, NY, new Date("2026-11-02T21:59:00Z"))).toBe(true);
    expect(isOpen(plan, NY, new Date("2026-11-02T22:00:00Z"))).toBe(false);
    // Sunday 1 November itself: 10:00 local is 15:00 UTC after the change (it was 14:00 UTC the Sunday before).
    expect(isOpen(plan, NY, new Date("2026-11-01T14:30:00Z"))).toBe(false);
    expect(isOpen(plan, NY, new Date("2026-10-25T14:30:00Z"))).toBe(true);
    expect(isOpen(plan, NY, new Date("2026-11-01T15:00:00Z"))).toBe(true);
  });

  it("keeps them across the spring change (New York, 8 March 2026) and in a zone ahead of UTC (Berlin)", () => {
    expect(isOpen(plan, NY, new Date("2026-03-06T14:00:00Z"))).toBe(true); // Friday 09:00 EST
    expect(isOpen(plan, NY, new Date("2026-03-09T12:30:00Z"))).toBe(false); // Monday 08:30 EDT
    expect(isOpen(plan, NY, new Date("2026-03-09T13:00:00Z"))).toBe(true); // Monday 09:00 EDT
    // Berlin changes on 29 March 2026: 09:00 local is 08:00 UTC before, 07:00 UTC after.
    expect(isOpen(plan, "Europe/Berlin", new Date("2026-03-27T07:30:00Z"))).toBe(false);
    expect(isOpen(plan, "Europe/Berlin", new Date("2026-03-30T07:30:00Z"))).toBe(true);
  });

  it("reads the weekday and date locally (late evening in New York is already tomorrow in UTC), closes on holidays and on days left out", () => {
    expect(wallClock(new Date("2026-11-26T03:30:00Z"), NY)).toEqual({ date: "2026-11-25", weekday: "wed", time: "22:30" });
    expect(isOpen(plan, NY, new Date("2026-12-25T15:00:00Z"))).toBe(false); // a Friday, but a holiday
    expect(isOpen(plan, NY, new Date("2026-12-26T15:00:00Z"))).toBe(false); // Saturday: no intervals
    expect(isOpen({ hours: { mon: weekdays.mon }, holidays: [] }, NY, new Date("2026-12-29T15:00:00Z"))).toBe(false); // Tuesday left out
    expect(isOpen({ hours: null, holidays: ["2026-12-25"] }, NY, new Date("2026-12-24T03:00:00Z"))).toBe(true); // always open
    expect(isOpen({ hours: null, holidays: ["2026-12-25"] }, NY, new Date("2026-12-25T06:00:00Z"))).toBe(false);
  });
});
