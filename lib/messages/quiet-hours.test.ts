import { describe, expect, it } from "vitest";
import { quietUntil } from "./quiet-hours";

const night = { start: "21:00", end: "08:00" };
const newYork = "+12125550199";

describe("quietUntil", () => {
  it("lets a text go during the day at the recipient's local time", () => {
    expect(quietUntil(newYork, night, "UTC", new Date("2026-11-23T17:00:00Z"))).toBeNull(); // 12:00 in New York
  });

  it("holds it at night until quiet hours end there", () => {
    // 02:00 UTC is 21:00 in New York (EST, UTC-5): held until 08:00 EST, 13:00 UTC.
    expect(quietUntil(newYork, night, "UTC", new Date("2026-11-24T02:00:00Z"))).toEqual(new Date("2026-11-24T13:00:00Z"));
  });

  it("uses the organization's zone for a number of unknown zone, and nothing when no quiet hours are set", () => {
    expect(quietUntil("+999123456", night, "Europe/Paris", new Date("2026-11-23T22:30:00Z"))).toEqual(new Date("2026-11-24T07:00:00Z"));
    expect(quietUntil(newYork, null, "UTC", new Date("2026-11-24T02:00:00Z"))).toBeNull();
  });

  it("handles a window inside one day", () => {
    expect(quietUntil("+999123456", { start: "12:00", end: "13:00" }, "UTC", new Date("2026-11-23T12:30:00Z"))).toEqual(new Date("2026-11-23T13:00:00Z"));
  });
});
