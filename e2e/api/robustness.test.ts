import { describe, expect, it } from "vitest";
import { api } from "../support/api";
import { createTenant } from "../support/factories";

// Bad input gets a 4xx, never a 500: every operation of the OpenAPI document
// is sent malformed ids, query values and bodies by an account admin and an
// agent of a fresh organization, and every answer must be below 500 with the
// contract's JSON error body.

type Operation = { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> } };

// Left out: sign-in and sign-out (they would spend or revoke the tokens and
// rate limits the other suites use), next-auth's own protocol, the provider's
// signed callbacks (telephony.test.ts sends them malformed), and the two
// imports, whose limits and multipart bodies imports.test.ts covers.
// The event stream never ends: its bad input (unknown types, no token) is tested in e2e/api/events.test.ts.
const SKIPPED = /^\/api\/(login|auth\/|logout|telephony\/|voice\/manual\/|contacts\/import\/|events$)/;

// 99999999999 is an exact JavaScript integer past PostgreSQL's int4; year
// 0000 is valid ISO 8601 that PostgreSQL refuses.
const BAD_VALUES: unknown[] = ["a\u0000b", null, "x", -1, 1e308, 99_999_999_999, [1, "a"], { k: { deep: [] } }, "9".repeat(40)];
const BAD_QUERY = ["%00", "x", "-1", "99999999999999999999", "99999999999", "2020-02-30", "0000-01-01", "a,,b"];
const BAD_IDS = ["abc", "99999999999999999999", "99999999999", "%00", "-5", "1"];

function requestsFor(path: string, method: string, operation: Operation) {
  const base = path.replace(/\{\w+\}/g, "1");
  const out: { path: string; body?: unknown; raw?: string }[] = [];
  if (path.includes("{")) for (const id of BAD_IDS) out.push({ path: path.replace(/\{\w+\}/g, id) });
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "query") for (const value of BAD_QUERY) out.push({ path: `${base}?${parameter.name}=${value}` });
  }
  if (["post", "put", "patch"].includes(method)) {
    out.push({ path: base, raw: "{not json" }, { path: base, raw: "null" }, { path: base, body: [] }, { path: base, body: "text" }, { path: base, body: {} });
    const properties = Object.keys(operation.requestBody?.content["application/json"]?.schema?.properties ?? {});
    for (const property of properties) for (const value of BAD_VALUES) out.push({ path: base, body: { [property]: value } });
  }
  return out;
}

describe("malformed input", () => {
  it("never gets a server error from any documented operation", async () => {
    const tenant = await createTenant();
    const client = api();
    const { body: document } = await client.get("/api/openapi.json");
    const jobs: { method: string; path: string; token: string; body?: unknown; raw?: string }[] = [];
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      if (SKIPPED.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        for (const token of [tenant.admin.token, tenant.agentA.token]) {
          for (const request of requestsFor(path, method, operation)) jobs.push({ method: method.toUpperCase(), token, ...request });
        }
      }
    }
    expect(jobs.length).toBeGreaterThan(2_000);

    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const response = await client.request(job.method, job.path, {
          token: job.token,
          ...(job.raw !== undefined ? { raw: job.raw, headers: { "Content-Type": "application/json" } } : job.body !== undefined ? { body: job.body } : {}),
        });
        const isJson = response.headers.get("content-type")?.includes("application/json");
        if (response.status >= 500 || (response.status >= 400 && (!isJson || typeof response.body?.message !== "string"))) {
          failures.push(`${response.status} ${job.method} ${job.path} ${JSON.stringify(job.body ?? job.raw ?? "").slice(0, 80)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
  }, 180_000);
});

describe("deeply nested JSON", () => {
  const DEPTH = 100_000;
  const nested = "[".repeat(DEPTH) + "]".repeat(DEPTH);

  it("answers 422 or 413 on every write operation, never a server error", async () => {
    const tenant = await createTenant();
    const client = api();
    const { body: document } = await client.get("/api/openapi.json");
    const failures: string[] = [];
    let sent = 0;
    let refused = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      // The provider's callbacks take signed form posts (refused unsigned before any parsing);
      // signing out would revoke the token the loop uses.
      // next-auth's routes are sent the same below, by their real paths.
      if (/^\/api\/(telephony\/|voice\/manual\/|logout|auth\/\{)/.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (!["post", "put", "patch", "delete"].includes(method)) continue;
        const property = Object.keys(operation.requestBody?.content["application/json"]?.schema?.properties ?? {})[0] ?? "value";
        for (const raw of [nested, `{"${property}":${nested}}`]) {
          sent += 1;
          const response = await client.request(method.toUpperCase(), path.replace(/\{\w+\}/g, "1"), { token: tenant.admin.token, raw, headers: { "Content-Type": "application/json" } });
          // A route that reads no body may answer as usual; any error is the contract's shape.
          if (response.status === 422) refused += 1;
          if (response.status >= 500 || (response.status >= 400 && typeof response.body?.message !== "string")) failures.push(`${response.status} ${method.toUpperCase()} ${path}`);
        }
      }
    }
    // next-auth's own routes read their bodies through the same guard.
    for (const path of ["/api/auth/session", "/api/auth/callback/credentials", "/api/auth/signout"]) {
      for (const raw of [nested, "{bad json"]) {
        sent += 1;
        const response = await client.request("POST", path, { raw, headers: { "Content-Type": "application/json" } });
        if (![400, 413].includes(response.status) || typeof response.body?.message !== "string") failures.push(`${response.status} POST ${path}`);
      }
    }
    expect(sent).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(sent / 2);
    expect(failures).toEqual([]);
  }, 120_000);
});
