import { describe, expect, it } from "vitest";
import { canonicalFieldType } from "./field-types";
import { createCustomFieldSchema } from "./schemas";

describe("field types as people write them", () => {
  it("takes the stored names, the spec's labels and the usual synonyms", () => {
    const cases: Record<string, string> = {
      text_short: "text_short",
      "Text (short)": "text_short",
      text: "text_short",
      TEXT_LONG: "text_long",
      "Text (long)": "text_long",
      textarea: "text_long",
      "Number (integer)": "integer",
      int: "integer",
      "Number (decimal)": "decimal",
      number: "decimal",
      Date: "date",
      select: "dropdown",
      "Checkbox (yes/no boolean)": "checkbox",
      boolean: "checkbox",
    };
    for (const [given, stored] of Object.entries(cases)) expect(canonicalFieldType(given), given).toBe(stored);
  });

  it("leaves anything else to be refused with the list of types", () => {
    expect(canonicalFieldType("colour")).toBe("colour");
    expect(canonicalFieldType(5)).toBe(5);
    const parsed = createCustomFieldSchema.safeParse({ name: "x", label: "X", field_type: "colour" });
    expect(parsed.success).toBe(false);
    expect(createCustomFieldSchema.parse({ name: "x", label: "X", field_type: "Dropdown", options: ["A"] }).field_type).toBe("dropdown");
  });
});
