import { describe, expect, it } from "vitest";
import { mapColumns, rowToInput } from "./column-mapping";

describe("import column mapping", () => {
  const headers = ["\uFEFFName", "Phone Number", "E-mail", "Company Name", "Tags", "Notes", "Lead Source", "Birthday"];

  it("maps headers by synonym, case and punctuation aside; others to custom fields or unmapped", () => {
    const mapping = mapColumns(headers, [{ name: "lead_source", label: "Lead source" }]);
    expect(mapping.targets.slice(0, 7)).toEqual([
      { kind: "field", field: "name" },
      { kind: "field", field: "phone" },
      { kind: "field", field: "email" },
      { kind: "field", field: "company" },
      { kind: "field", field: "tags" },
      { kind: "field", field: "notes" },
      { kind: "custom", name: "lead_source" },
    ]);
    expect(mapping.unmapped).toEqual(["Birthday"]);
  });

  it("lets an explicit mapping win, including ignoring a column", () => {
    const mapping = mapColumns(["Mobile", "Work phone", "Who"], [], { "Work phone": "phone", Mobile: "ignore", who: "name" });
    expect(mapping.targets).toEqual([null, { kind: "field", field: "phone" }, { kind: "field", field: "name" }]);
  });

  it("turns a row into contact input: trimmed, tags split on ; or ,", () => {
    const mapping = mapColumns(headers, [{ name: "lead_source", label: "Lead source" }]);
    expect(rowToInput(["  Ada  ", " +14155552671 ", "ADA@x.com", "", "vip;london, uk", "n", "Web", "1815"], mapping)).toEqual({
      name: "Ada",
      phone: "+14155552671",
      email: "ADA@x.com",
      tags: ["vip", "london", "uk"],
      notes: "n",
      custom_fields: { lead_source: "Web" },
    });
  });

  it("reads an opt-out column as yes or no, and leaves anything else for validation to refuse", () => {
    const mapping = mapColumns(["Name", "Phone", "Do Not Call"], []);
    expect(mapping.targets[2]).toEqual({ kind: "field", field: "opted_out" });
    const read = (cell: string) => rowToInput(["Ada", "+14155552671", cell], mapping).opted_out;
    expect(["Yes", "y", "TRUE", "1", "x"].map(read)).toEqual([true, true, true, true, true]);
    expect(["No", "n", "false", "0"].map(read)).toEqual([false, false, false, false]);
    expect(read("")).toBeUndefined();
    expect(read("maybe")).toBe("maybe");
    expect(mapColumns(["Mobile", "Unsubscribed"], [], { Unsubscribed: "opted_out" }).targets[1]).toEqual({ kind: "field", field: "opted_out" });
    // The export's own header, so an exported file imports back with its opt-outs.
    expect(mapColumns(["Opted out"], []).targets[0]).toEqual({ kind: "field", field: "opted_out" });
  });
});
