import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { hashPassword, verifyPassword } from "./password";
import { hashToken } from "./tokens";

describe("passwords and tokens", () => {
  it("hashes with bcrypt and verifies", async () => {
    const hash = await hashPassword("s3cret-pass");
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await verifyPassword("s3cret-pass", hash)).toBe(true);
    expect(await verifyPassword("wrong", hash)).toBe(false);
  });

  it("hashes at cost 10 unless PASSWORD_HASH_COST says otherwise (4-15)", () => {
    const cost = (value?: string) => parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: value }).PASSWORD_HASH_COST;
    expect(cost()).toBe(10);
    expect(cost("4")).toBe(4);
    expect(() => cost("3")).toThrow(/PASSWORD_HASH_COST/);
    expect(() => cost("16")).toThrow(/PASSWORD_HASH_COST/);
  });

  it("compares against a decoy when there is no account, and never matches", async () => {
    expect(await verifyPassword("password", undefined)).toBe(false);
    expect(await verifyPassword("", null)).toBe(false);
  });

  it("stores tokens as SHA-256 hex", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
