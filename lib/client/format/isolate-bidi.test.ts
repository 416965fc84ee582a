import { describe, expect, it } from "vitest";
import { isolateBidi } from "./isolate-bidi";

describe("isolateBidi", () => {
  it("leaves text without bidirectional controls as it is", () => {
    expect(isolateBidi("Ada Lovelace")).toBe("Ada Lovelace");
    expect(isolateBidi("שלום Ada")).toBe("שלום Ada");
  });

  it("isolates a right-to-left override and closes it before the text ends", () => {
    expect(isolateBidi("invoice\u202Egnp.exe")).toBe("\u2068invoice\u202Egnp.exe\u202C\u2069");
  });

  it("closes every embedding and isolate left open, innermost first, and nothing already closed", () => {
    expect(isolateBidi("a\u202Bb\u2067c\u202Ed")).toBe("\u2068a\u202Bb\u2067c\u202Ed\u202C\u2069\u202C\u2069");
    expect(isolateBidi("a\u202Eb\u202Cc")).toBe("\u2068a\u202Eb\u202Cc\u2069");
    // A PDI closes the override opened inside its isolate too.
    expect(isolateBidi("\u2066x\u202Ey\u2069z")).toBe("\u2068\u2066x\u202Ey\u2069z\u2069");
  });

  it("drops a stray PDI, which would close the isolate around the text", () => {
    expect(isolateBidi("a\u2069\u202Eb")).toBe("\u2068a\u202Eb\u202C\u2069");
  });
});
