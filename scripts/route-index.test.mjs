import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiPath, INDEX_FILE, renderRouteIndex } from "./route-index.mjs";

describe("route index", () => {
  it("is the table the route folders give (run `npm run routes` after adding or moving one)", () => {
    expect(readFileSync(INDEX_FILE, "utf8")).toBe(renderRouteIndex());
  });

  it("names a path by its folder", () => {
    expect(apiPath("contacts/[id]/restore")).toBe("/api/contacts/{id}/restore");
    expect(apiPath("auth/[...nextauth]")).toBe("/api/auth/{nextauth}");
    expect(apiPath("health")).toBe("/api/health");
  });
});
