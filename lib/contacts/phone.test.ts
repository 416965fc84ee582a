import { describe, expect, it } from "vitest";
import { formatAsTyped, toE164 } from "./phone";

describe("a phone number as people type it", () => {
  it("reads a national number in the organization's country", () => {
    expect(toE164("2125550199", "US")).toBe("+12125550199");
    expect(toE164("(212) 555-0199", "US")).toBe("+12125550199");
    expect(toE164("020 7946 0958", "GB")).toBe("+442079460958");
    expect(toE164("06 12 34 56 78", "fr")).toBe("+33612345678");
  });

  it("lets an explicit + or 00 prefix win over the default country", () => {
    expect(toE164("+44 20 7946 0958", "US")).toBe("+442079460958");
    expect(toE164("0044 20 7946 0958", "US")).toBe("+442079460958");
    expect(toE164("+12125550199", "GB")).toBe("+12125550199");
  });

  it("does not make a country out of an unfinished national number", () => {
    expect(toE164("2125550", "US")).toBeNull();
    expect(toE164("212", "US")).toBeNull();
    expect(toE164("", "US")).toBeNull();
    expect(toE164("2125550199", "ZZ")).toBeNull();
  });

  it("groups digits as they are typed", () => {
    expect(formatAsTyped("2125550199", "US")).toBe("(212) 555-0199");
    expect(formatAsTyped("+442079460958", "US")).toBe("+44 20 7946 0958");
    expect(formatAsTyped("0044207", "US")).toBe("+44 20 7");
    expect(formatAsTyped("", "US")).toBe("");
  });
});
