import { describe, expect, it } from "vitest";
import { nulCharacterErrors, nulCharacterPath } from "./validation";

describe("nulCharacterPath", () => {
  it("finds a NUL in nested strings and keys, by dotted path", () => {
    expect(nulCharacterPath({ name: "Ada", custom_fields: { note: "a\u0000b" } })).toBe("custom_fields.note");
    expect(nulCharacterPath({ tags: ["ok", "b\u0000"] })).toBe("tags.1");
    expect(nulCharacterPath({ custom_fields: { "k\u0000ey": 1 } })).toBe("custom_fields.key");
    expect(nulCharacterPath("\u0000")).toBe("body");
  });

  it("passes everything else, other control characters included", () => {
    expect(nulCharacterPath({ name: "Zoë \t\n\u0001", n: 5, x: null, list: [true, { y: "ok" }] })).toBeUndefined();
    expect(nulCharacterErrors({ name: "fine" })).toBeUndefined();
    expect(nulCharacterErrors({ name: "bad\u0000" })).toEqual({ name: ["may not contain the NUL character."] });
  });
});
