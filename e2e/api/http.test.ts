import { describe, expect, it } from "vitest";
import { TEST_FRONTEND_ORIGIN } from "../support/server.mjs";
import { api, loginAs } from "../support/api";

const CORS_PATHS = ["/api/user", "/api/anything/deeper", "/api/contacts/import/csv", "/sanctum/csrf-cookie", "/dashboard/x", "/auth/x", "/analytics/x"];

describe("CORS", () => {
  it.each(CORS_PATHS)("answers the preflight for %s without authentication", async (path) => {
    const response = await fetch(`${api().baseUrl}${path}`, {
      method: "OPTIONS",
      headers: { Origin: TEST_FRONTEND_ORIGIN, "Access-Control-Request-Method": "DELETE", "Access-Control-Request-Headers": "authorization, x-custom" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(TEST_FRONTEND_ORIGIN);
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-allow-methods")).toContain("DELETE");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-custom");
  });

  it("adds the allow-origin header to actual responses for the front end only", async () => {
    const client = api();
    const token = await loginAs(client, "agent1@acme.example.com");
    const allowed = await client.request("GET", "/api/user", { token, headers: { Origin: TEST_FRONTEND_ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(TEST_FRONTEND_ORIGIN);
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    const unauthenticated = await client.request("GET", "/api/user", { headers: { Origin: TEST_FRONTEND_ORIGIN } });
    expect(unauthenticated.headers.get("access-control-allow-origin")).toBe(TEST_FRONTEND_ORIGIN);

    for (const origin of ["http://evil.test", "http://frontend.test.evil.test", "null"]) {
      const refused = await client.request("GET", "/api/user", { token, headers: { Origin: origin } });
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
      const preflight = await fetch(`${client.baseUrl}/api/user`, { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "GET" } });
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("leaves other paths alone", async () => {
    const response = await fetch(`${api().baseUrl}/login`, { headers: { Origin: TEST_FRONTEND_ORIGIN } });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("request handling", () => {
  it("refuses a department for another organization with 422 instead of creating it in the caller's", async () => {
    const client = api();
    const token = await loginAs(client, "admin@acme.example.com");
    const globex = await loginAs(client, "admin@globex.example.com");
    const theirs = (await client.get("/api/user", globex)).body.organization_id;
    const name = `Borrowed ${Date.now()}`;
    const response = await client.post("/api/departments", { name, organization_id: theirs }, token);
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("organization_id");
    const listed = await client.get("/api/departments?per_page=100", token);
    expect(listed.body.data.map((d: { name: string }) => d.name)).not.toContain(name);
  });

  it("refuses JSON bodies over 1 MB with 413", async () => {
    const client = api();
    const token = await loginAs(client, "admin@acme.example.com");
    const response = await client.request("POST", "/api/departments", {
      token,
      raw: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it("ignores unknown query parameters, clamps a large per_page and refuses a page or per_page of the wrong type on every list", async () => {
    const client = api();
    const token = await loginAs(client, "admin@acme.example.com");
    const clamped = await client.get("/api/users?per_page=500&unknown=1", token);
    expect(clamped.status).toBe(200);
    expect(clamped.body.meta).toMatchObject({ current_page: 1, per_page: 100 });
    for (const list of ["/api/users", "/api/departments", "/api/audit-log", "/api/contacts", "/api/campaigns", "/api/voice/call-logs", "/api/imports"]) {
      for (const query of ["page=-3", "per_page=abc", "page=x"]) {
        const response = await client.get(`${list}?${query}`, token);
        expect(response.status, `${list}?${query}`).toBe(422);
        expect(Object.keys(response.body.errors)).toEqual([query.split("=")[0]]);
      }
    }
  });

  it("answers JSON errors for unknown ids without leaking internals", async () => {
    const client = api();
    const token = await loginAs(client, "admin@acme.example.com");
    const response = await client.get(`/api/users/${2 ** 40}`, token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not found." });
  });

  it("gives the operator's backup to nobody without the token of this server's start, on either database", async () => {
    // backup-restore.test.ts (embedded suite only) tests the door on a server of its own; this is the suite's server.
    for (const headers of [{}, { "X-Operator-Token": "a-token-of-another-start" }] as Record<string, string>[]) {
      const response = await fetch(`${api().baseUrl}/api/operator/backup`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it.each([
    ["GET", "/api/no-such-thing"],
    ["POST", "/api/contacts/1/no-such-action"],
    ["DELETE", "/api/settings/nothing/here"],
  ])("answers %s %s, a path no route claims, with the JSON 404", async (method, path) => {
    const response = await api().request(method, path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body).toEqual({ message: "Not found." });
  });

  it.each([
    ["PATCH", "/api/contacts", "GET, HEAD, OPTIONS, POST"],
    ["DELETE", "/api/login", "OPTIONS, POST"],
    ["POST", "/api/contacts/1", "DELETE, GET, HEAD, OPTIONS, PUT"],
    ["PUT", "/api/telephony/inbound", "OPTIONS, POST"],
  ])("answers %s %s, a method the path does not serve, with a JSON 405 and Allow", async (method, path, allow) => {
    const response = await api().request(method, path, { body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.body).toEqual({ message: "Method not allowed." });
  });

  it("answers OPTIONS without an Origin with what the path serves", async () => {
    const response = await api().request("OPTIONS", "/api/contacts");
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });
});
