import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withKeyAliases } from "./key-aliases";

describe("withKeyAliases", () => {
  const schema = withKeyAliases({ display_label: "label" }, z.object({ label: z.string() }).strict());

  it("renames an alias to the schema's key", () => {
    expect(schema.parse({ display_label: "Size" })).toEqual({ label: "Size" });
  });

  it("keeps the schema's own key when both are sent, and leaves other keys to the schema", () => {
    expect(schema.parse({ label: "Own", display_label: "Alias" })).toEqual({ label: "Own" });
    expect(schema.safeParse({ label: "x", colour: "red" }).success).toBe(false);
    expect(schema.safeParse("not an object").success).toBe(false);
  });
});

describe("withKeyAliases and inherited property names (issue 40)", () => {
  const schema = withKeyAliases({ display_label: "label" }, z.object({ label: z.string() }).strict());

  it("reports toString, constructor and __proto__ as the unknown keys they are", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const result = schema.safeParse(JSON.parse(`{"label":"x","${name}":{"label":1}}`));
      expect(result.success).toBe(false);
      expect(result.error!.issues).toEqual([expect.objectContaining({ code: "unrecognized_keys", keys: [name] })]);
    }
  });

  it("takes no inherited property as an alias", () => {
    expect(schema.safeParse({ label: "x", valueOf: 1 }).success).toBe(false);
    expect(schema.parse({ display_label: "Size" })).toEqual({ label: "Size" });
  });
});
