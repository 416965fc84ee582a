import { describe, expect, it } from "vitest";
import { formatAsServer, formatCount, formatDate, formatDateTime, formatInZone, formatListTime, formatNumber, formatShortDateTime, formatTime, setDisplayTimeZone } from "./display";
import { startOfDay, zonedInstant } from "./time-zone";

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

describe("one clock (issue 45, point 3)", () => {
  const at = new Date("2026-11-26T14:00:00.000Z");
  it("writes a server sentence's time on the named clock, saying which, never as ISO", () => {
    expect(formatInZone(at, "America/New_York")).toBe("Nov 26, 2026, 9:00 AM (America/New York)");
    expect(formatInZone(at, "Pacific/Kiritimati")).toBe("Nov 27, 2026, 4:00 AM (Pacific/Kiritimati)");
  });
  it("shows a list's time as a time of day only when it is today on the organization's clock", () => {
    setDisplayTimeZone("America/New_York");
    try {
      // 23:30 in New York on the 26th is the 27th in UTC: still today there.
      expect(formatListTime("2026-11-27T04:30:00.000Z", new Date("2026-11-27T04:45:00.000Z"))).toMatch(/^11:30\sPM$/);
      expect(formatListTime("2026-11-25T14:00:00.000Z", at)).toBe(formatDate("2026-11-25T14:00:00.000Z"));
      expect(formatTime(at, { seconds: true })).toMatch(/^9:00:00\sAM$/);
    } finally {
      setDisplayTimeZone(undefined);
    }
  });
});

describe("the formatters made once per shape and zone", () => {
  it("follow the organization's clock when it changes (a formatter is kept per zone)", () => {
    const at = "2026-11-26T14:00:00.000Z";
    try {
      setDisplayTimeZone("America/New_York");
      const newYork = formatDateTime(at);
      setDisplayTimeZone("Asia/Tokyo");
      expect(formatDateTime(at)).not.toBe(newYork);
      expect(formatDateTime(at)).toBe(new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" }));
      setDisplayTimeZone("America/New_York");
      expect(formatDateTime(at)).toBe(newYork);
    } finally {
      setDisplayTimeZone(undefined);
    }
  });
  it("show a dash for a time that is not one, as for none", () => {
    expect([formatDateTime("not a time"), formatDate("2026-13-45"), formatTime("x"), formatListTime("x")]).toEqual(["—", "—", "—", "—"]);
  });
});

describe("startOfDay", () => {
  it("is midnight on the zone's clock, daylight saving included", () => {
    expect(startOfDay("2026-11-26", "America/New_York").toISOString()).toBe("2026-11-26T05:00:00.000Z");
    expect(startOfDay("2026-07-01", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(startOfDay("2026-11-26", "Pacific/Kiritimati", 1).toISOString()).toBe("2026-11-26T10:00:00.000Z");
    expect(startOfDay("2026-03-08", "America/New_York", 1).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDay("2026-01-01", "UTC").toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("zonedInstant", () => {
  it("reads a wall-clock time on the zone's clock", () => {
    expect(zonedInstant("2026-11-26T14:00", "America/New_York").toISOString()).toBe("2026-11-26T19:00:00.000Z");
    expect(zonedInstant("2026-07-01T09:30", "America/New_York").toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(zonedInstant("2026-11-27T00:15", "Pacific/Kiritimati").toISOString()).toBe("2026-11-26T10:15:00.000Z");
  });
});

describe("times and numbers in a page's HTML (issue 45, point 11: drawn whole from the HTML)", () => {
  const at = "2026-11-26T14:00:00.000Z";
  it("writes a time as the server does: on the named clock, in English, whatever the browser's zone", () => {
    expect(formatAsServer("America/New_York", () => formatDateTime(at))).toBe("Nov 26, 2026, 9:00 AM");
    expect(formatAsServer("Asia/Tokyo", () => formatTime(at))).toMatch(/^11:00\sPM$/);
  });
  it("leaves the page's own clock as it was, even when the formatting throws", () => {
    setDisplayTimeZone("Europe/Paris");
    try {
      expect(() =>
        formatAsServer("Asia/Tokyo", () => {
          throw new Error("bad");
        }),
      ).toThrow("bad");
      expect(formatDateTime(at)).toBe(new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" }));
    } finally {
      setDisplayTimeZone(undefined);
    }
  });
  it("counts the year on the organization's clock: New Year's Eve in New York is still last year there", () => {
    expect(formatAsServer("America/New_York", () => formatShortDateTime("2026-12-31T23:00:00.000Z", new Date("2027-01-01T01:00:00.000Z")))).not.toContain("2026");
    expect(formatAsServer("America/New_York", () => formatShortDateTime("2026-12-31T20:00:00.000Z", new Date("2027-01-01T06:00:00.000Z")))).toContain("2026");
  });
  it("writes numbers the same on the server and in any browser", () => {
    expect([formatNumber(0), formatNumber(1234), formatNumber(1234567)]).toEqual(["0", "1,234", "1,234,567"]);
    expect(formatCount(12000, "contact")).toBe("12,000 contacts");
  });
});
