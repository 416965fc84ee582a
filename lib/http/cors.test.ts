import { afterEach, describe, expect, it } from "vitest";
import { corsHeaders, isCorsPath } from "./cors";

afterEach(() => {
  delete process.env.FRONTEND_URL;
});

describe("CORS rules", () => {
  it("covers exactly the spec's path prefixes", () => {
    for (const path of ["/api/user", "/sanctum/csrf-cookie", "/dashboard/stats", "/auth/callback", "/analytics/x"]) expect(isCorsPath(path)).toBe(true);
    for (const path of ["/", "/login", "/apix", "/api", "/sanctum/other", "/users"]) expect(isCorsPath(path)).toBe(false);
  });

  it("allows only the configured front-end origin, with credentials", () => {
    process.env.FRONTEND_URL = "https://app.example.com/";
    const allowed = corsHeaders("https://app.example.com");
    expect(allowed.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(allowed.get("access-control-allow-credentials")).toBe("true");
    expect([...corsHeaders("https://evil.example.com").keys()]).toEqual([]);
    expect([...corsHeaders(null).keys()]).toEqual([]);
  });

  it("echoes the requested method and headers on a preflight", () => {
    process.env.FRONTEND_URL = "https://app.example.com";
    const headers = corsHeaders("https://app.example.com", { method: "PATCH", headers: "authorization,x-foo" });
    expect(headers.get("access-control-allow-methods")).toBe("PATCH");
    expect(headers.get("access-control-allow-headers")).toBe("authorization,x-foo");
  });
});
