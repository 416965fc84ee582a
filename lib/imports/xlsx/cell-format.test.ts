import { describe, expect, it } from "vitest";
import { cellText, isDateFormat } from "./cell-format";

const cell = (raw: string, format = "General", type = "n", strings: string[] = []) => cellText({ type, raw, format, strings, date1904: false, isDate: isDateFormat(format) });

describe("cell values as a spreadsheet shows them", () => {
  it("reads day numbers in date formats as ISO dates, with the time when the format shows one", () => {
    expect(cell("46095", "m/d/yyyy")).toBe("2026-03-14");
    expect(cell("46095.5", "m/d/yyyy h:mm")).toBe("2026-03-14 12:00");
    expect(cell("46095", 'dd"."mm"."yyyy')).toBe("2026-03-14");
    expect(cellText({ type: "n", raw: "44633", format: "d-mmm-yy", strings: [], date1904: true, isDate: true })).toBe("2026-03-14");
  });

  it("keeps every digit of a phone number stored as a number, and the decimals of a number format", () => {
    expect(cell("12125550199")).toBe("12125550199");
    expect(cell("1.2125550199E10")).toBe("12125550199");
    expect(cell("3.5", "0.00")).toBe("3.50");
    expect(cell("1234.5", "#,##0.00")).toBe("1234.50");
    expect(cell("0.125", "0.0%")).toBe("12.5%");
    expect(cell("42", "[Red]0;[Blue]-0")).toBe("42");
  });

  it("reads text, booleans and errors as they are", () => {
    expect(cell("1", "General", "s", ["a", "Zoë"])).toBe("Zoë");
    expect(cell("1", "General", "b")).toBe("TRUE");
    expect(cell("#N/A", "General", "e")).toBe("#N/A");
    expect(cell("", "General")).toBe("");
    expect(isDateFormat("General")).toBe(false);
    expect(isDateFormat("0.00")).toBe(false);
    expect(isDateFormat("[$-409]mmmm d, yyyy")).toBe(true);
  });
});
