import { describe, expect, it } from "vitest";
import { createContactSchema } from "@/lib/contacts/schemas";
import { loginSchema } from "@/lib/sign-in/schemas";
import { validate } from "./validation";
import { AppError } from "@/lib/errors/app-error";

function fieldErrors(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.details.errors ?? {};
    throw error;
  }
  throw new Error("expected a validation error");
}

describe("required text fields", () => {
  it("say 'required' when the field is missing or null", () => {
    expect(fieldErrors(() => validate(createContactSchema, { phone: "+14155550100" })).name).toEqual(["The name field is required."]);
    expect(fieldErrors(() => validate(createContactSchema, { name: null, phone: "+14155550100" })).name).toEqual(["The name field is required."]);
    expect(fieldErrors(() => validate(loginSchema, { email: "a@b.c" })).password).toEqual(["The password field is required."]);
  });

  it("say 'must be a string' when the field has another type", () => {
    const errors = fieldErrors(() => validate(createContactSchema, { name: 5, phone: 14155550100 }));
    expect(errors.name).toEqual(["The name must be a string."]);
    expect(errors.phone).toEqual(["The phone must be a string."]);
    expect(fieldErrors(() => validate(loginSchema, { email: ["a@b.c"], password: "x" })).email).toEqual(["The email must be a string."]);
  });
});
