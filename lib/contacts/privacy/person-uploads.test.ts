import { describe, expect, it } from "vitest";
import { byteNeedles } from "./person-uploads";

describe("byteNeedles", () => {
  it("finds a number however a file writes it, and every string in UTF-8 and both UTF-16 orders", () => {
    const hex = byteNeedles({ phones: ["+14155550177"], emails: ["Dora.Diaz@Example.com"], names: ["Dora Diaz", "Bo"] });
    const has = (text: string, encoding: BufferEncoding = "utf8") => hex.includes(Buffer.from(text, encoding).toString("hex"));
    for (const written of ["+14155550177", "14155550177", "4155550177", "(415) 555-0177", "+1 415 555 0177"]) expect(has(written), written).toBe(true);
    expect(has("dora.diaz@example.com")).toBe(true);
    expect(has("Dora Diaz", "utf16le")).toBe(true);
    expect(hex).toContain(Buffer.from("Dora Diaz", "utf16le").swap16().toString("hex"));
    // Too short to name anyone: a two-letter name would match any file.
    expect(has("Bo")).toBe(false);
  });
});
