import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";

// A provider's refusal is thrown by code bundled apart from the route (the
// telephony port, wired at start-up), with its own copy of AppError: the
// route must still know it for what it is (a 502, not a 500).
describe("AppError across bundles", () => {
  it("is recognised by its mark, not by which copy of the class made it", () => {
    const otherCopy = Object.assign(new Error("The telephony provider could not resume the recording; try again."), { code: "upstream", [Symbol.for("contact-center.app-error")]: true });
    expect(otherCopy instanceof AppError).toBe(true);
    expect(AppError.upstream("x") instanceof AppError).toBe(true);
    expect(new Error("plain") instanceof AppError).toBe(false);
    expect(Object.create(null) instanceof AppError).toBe(false);
    expect(AppError.upstream("x") instanceof Error).toBe(true);
  });
});
