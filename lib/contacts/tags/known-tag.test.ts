import { describe, expect, it } from "vitest";
import { knownTag, knownTags } from "./known-tag";

describe("the organization's spelling of a typed tag", () => {
  const known = ["VIP", "london", "Lead", "lead"];
  it("takes the one existing spelling whatever the case typed", () => {
    expect(knownTag("vip", known)).toBe("VIP");
    expect(knownTag(" London ", known)).toBe("london");
  });
  it("keeps an exact match, an unknown tag, and a tag spelt several ways as typed", () => {
    expect(knownTag("lead", known)).toBe("lead");
    expect(knownTag("LEAD", known)).toBe("LEAD");
    expect(knownTag("spring", known)).toBe("spring");
  });
  it("reads a comma-separated list without empties or repeats", () => {
    expect(knownTags("vip, ,VIP,spring", known)).toEqual(["VIP", "spring"]);
  });
});
