import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CALLBACK_PATHS } from "./callback-paths";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The route folders under app/api/telephony, as paths. */
function routeFolders(dir = path.join(ROOT, "app/api/telephony")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFolders(full);
    return entry.name === "route.ts" ? [`/${path.relative(path.join(ROOT, "app"), dir).split(path.sep).join("/")}`] : [];
  });
}

describe("the provider's callback paths", () => {
  it("are each a route, and every provider callback route is named", () => {
    for (const route of Object.values(CALLBACK_PATHS)) expect(existsSync(path.join(ROOT, "app", route, "route.ts")), route).toBe(true);
    expect(routeFolders().sort()).toEqual(Object.values(CALLBACK_PATHS).sort());
  });
});
