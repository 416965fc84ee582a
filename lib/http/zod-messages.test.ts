import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-messages";

// Issue 45, point 9: form errors in words a person uses, never a schema's.

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("messages in people's words", () => {
  it("asks for what is missing by its name", () => {
    expect(messages(z.object({ name: z.string() }), {})).toEqual(["Enter the name."]);
    expect(messages(z.object({ name: z.string().min(1) }), { name: "" })).toEqual(["Enter the name."]);
    expect(messages(z.object({ first_name: z.string().min(1) }), { first_name: "" })).toEqual(["Enter the first name."]);
  });
  it("says what is wrong with what was typed", () => {
    expect(messages(z.object({ name: z.string().max(80) }), { name: "x".repeat(81) })).toEqual(["Use at most 80 characters."]);
    expect(messages(z.object({ password: z.string().min(8) }), { password: "short" })).toEqual(["Use at least 8 characters."]);
    expect(messages(z.object({ level: z.number().int().min(1).max(10) }), { level: 11 })).toEqual(["Enter 10 or less."]);
    expect(messages(z.object({ level: z.number() }), { level: "high" })).toEqual(["Enter a number here."]);
    expect(messages(z.object({ email: z.email() }), { email: "nope" })).toEqual(["Enter an email address, like name@example.com."]);
    expect(messages(z.object({ role: z.enum(["agent", "admin"]) }), { role: "boss" })).toEqual(["Choose one of: agent, admin."]);
    expect(messages(z.object({ tags: z.array(z.string()).min(1) }), { tags: [] })).toEqual(["Choose at least one."]);
  });
  it("never shows zod's own wording, and a schema's own message still wins", () => {
    const all = [...messages(z.object({ a: z.string().min(3), b: z.number().positive(), c: z.url(), d: z.array(z.number()).max(1) }), { a: "x", b: -1, c: "x", d: [1, 2] })];
    for (const message of all) expect(message).not.toMatch(/Too (small|big)|expected|Invalid/);
    expect(messages(z.object({ name: z.string().min(1, "Give the disposition a name.") }), { name: "" })).toEqual(["Give the disposition a name."]);
  });
});
