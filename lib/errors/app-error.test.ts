import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, fromDatabaseError } from "./app-error";
import { fieldErrors } from "@/lib/http/validation";

describe("errors", () => {
  it("maps codes to the contract's statuses and messages", () => {
    expect(AppError.unauthenticated()).toMatchObject({ status: 401, message: "Unauthenticated." });
    expect(AppError.forbidden()).toMatchObject({ status: 403, message: "Forbidden." });
    expect(AppError.notFound()).toMatchObject({ status: 404, message: "Not found." });
    expect(AppError.validation({ a: ["b"] })).toMatchObject({ status: 422, message: "The given data was invalid." });
    expect(AppError.tooManyRequests(0.2).details.headers).toEqual({ "Retry-After": "1" });
  });

  it("turns unique violations into 409 naming the field, and missing records into 404", () => {
    const conflict = fromDatabaseError({ code: "P2002", meta: { target: ["organization_id", "phone"] } });
    expect(conflict).toMatchObject({ status: 409, details: { errors: { phone: [expect.any(String)] } } });
    expect(fromDatabaseError({ code: "P2025" })?.status).toBe(404);
    expect(fromDatabaseError(new Error("boom"))).toBeUndefined();
  });

  it("answers 503 with Retry-After when the database could not give a connection or start a transaction in time (P2024, P2028)", () => {
    for (const code of ["P2024", "P2028"]) {
      const error = fromDatabaseError(Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code }));
      expect(error?.status).toBe(503);
      expect(error?.details.headers).toEqual({ "Retry-After": "1" });
    }
  });

  it("keys validation messages by field path", () => {
    const result = z.object({ a: z.string(), b: z.object({ c: z.number() }) }).safeParse({ b: { c: "x" } });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(["a", "b.c"]);
  });
});

describe("unique violations through driver adapters", () => {
  it("names the field from the constraint's fields or its index name", () => {
    const byFields = fromDatabaseError({ code: "P2002", meta: { driverAdapterError: { cause: { constraint: { fields: ['"email"'] } } } } });
    expect(byFields?.details.errors).toEqual({ email: [expect.any(String)] });
    const byIndex = fromDatabaseError({ code: "P2002", meta: { driverAdapterError: { cause: { table: "users", constraint: { index: "users_email_key" } } } } });
    expect(byIndex?.details.errors).toHaveProperty("email");
    const scoped = fromDatabaseError({
      code: "P2002",
      meta: { driverAdapterError: { cause: { table: "contacts", constraint: { index: "contacts_organization_id_phone_key" } } } },
    });
    expect(scoped?.details.errors).toHaveProperty("phone");
  });
});
