import { describe, expect, it } from "vitest";
import { neutralizeCell } from "./neutralize-cell";
import { toVCard } from "./vcard";

describe("export cells", () => {
  it("neutralizes cells a spreadsheet would run as formulas", () => {
    for (const value of ['=HYPERLINK("x")', "+SUM(A1:A9)", "-2+3", "@cmd", "\tx", "\rx"]) expect(neutralizeCell(value)).toBe(`'${value}`);
    expect(neutralizeCell("Ada")).toBe("Ada");
    expect(neutralizeCell("a=b")).toBe("a=b");
  });
});

describe("vCard", () => {
  it("writes a well-formed 3.0 card with escaped values and folded lines", () => {
    const card = toVCard({ name: "Zoë O'Brien", phone: "+14155552673", email: "zoe@example.ie", company: "O'Brien, Smith; Partners", notes: "Line one\nline two", tags: ["dnc", "vip"] });
    const lines = card.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCARD");
    expect(lines[1]).toBe("VERSION:3.0");
    expect(lines).toContain("FN:Zoë O'Brien");
    expect(lines).toContain("N:O'Brien;Zoë;;;");
    expect(lines).toContain("ORG:O'Brien\\, Smith\\; Partners");
    expect(lines).toContain("NOTE:Line one\\nline two");
    expect(lines).toContain("CATEGORIES:dnc,vip");
    expect(lines.at(-2)).toBe("END:VCARD");
    const long = toVCard({ name: "A", phone: "+1", email: null, company: null, tags: [], notes: "x".repeat(200) });
    for (const line of long.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(long.replace(/\r\n /g, "")).toContain(`NOTE:${"x".repeat(200)}`);
  });
});
