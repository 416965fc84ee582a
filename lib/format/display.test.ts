import { describe, expect, it } from "vitest";
import { formatCount, formatShortDateTime } from "./display";

describe("formatShortDateTime", () => {
  const now = new Date("2026-11-22T12:00:00");
  it("shows day and time, without the year, for this year", () => {
    const text = formatShortDateTime("2026-11-18T15:35:00", now);
    expect(text).not.toContain("2026");
    expect(text).toMatch(/18/);
    expect(text).toMatch(/35/);
  });
  it("shows the date with its year, without the time, for an earlier year", () => {
    const text = formatShortDateTime("2025-03-04T15:35:00", now);
    expect(text).toContain("2025");
    expect(text).not.toMatch(/35/);
  });
  it("shows a dash for no time", () => expect(formatShortDateTime(null, now)).toBe("—"));
});

describe("formatCount", () => {
  it("puts the noun in the plural except for one", () => {
    expect([0, 1, 2].map((n) => formatCount(n, "contact"))).toEqual(["0 contacts", "1 contact", "2 contacts"]);
  });
});
