import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, replaceUnstorableText, unstorableText, unstorableTextErrors } from "./validation";

const path = (value: unknown) => unstorableText(value)?.path;

describe("unstorableText", () => {
  it("finds a NUL in nested strings and keys, by dotted path", () => {
    expect(path({ name: "Ada", custom_fields: { note: "a\u0000b" } })).toBe("custom_fields.note");
    expect(path({ tags: ["ok", "b\u0000"] })).toBe("tags.1");
    expect(path({ custom_fields: { "k\u0000ey": 1 } })).toBe("custom_fields.key");
    expect(path("\u0000")).toBe("body");
  });

  it("finds half a surrogate pair, alone or out of order, in strings and keys (issue 40)", () => {
    expect(unstorableTextErrors({ name: "\ud800" })).toEqual({ name: ["may not contain half of a surrogate pair (text that is not valid Unicode)."] });
    expect(path({ tags: ["ok", "a\udc00b"] })).toBe("tags.1");
    expect(path({ note: "\udfff\ud800" })).toBe("note");
    expect(path({ custom_fields: { "k\ud800": 1 } })).toBe("custom_fields.k\ufffd");
    expect(replaceUnstorableText({ a: ["x\ud800\u0000"] })).toEqual({ a: ["x\ufffd\ufffd"] });
  });

  it("passes everything else, other control characters and whole pairs included", () => {
    expect(path({ name: "Zoë \t\n\u0001 \u{1F31F}", n: 5, x: null, list: [true, { y: "ok" }] })).toBeUndefined();
    expect(unstorableTextErrors({ name: "fine" })).toBeUndefined();
    expect(unstorableTextErrors({ name: "bad\u0000" })).toEqual({ name: ["may not contain the NUL character."] });
  });
});

describe("fieldErrors", () => {
  it("names unknown keys spelled like inherited properties as any other (issue 40)", () => {
    const result = z.object({ a: z.string() }).strict().safeParse(JSON.parse('{"a":"x","toString":1,"constructor":2,"__proto__":3,"hasOwnProperty":4}'));
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual(["__proto__", "constructor", "hasOwnProperty", "toString"]);
    expect(JSON.parse(JSON.stringify(errors)).toString).toEqual(["is not a known field."]);
  });
});
