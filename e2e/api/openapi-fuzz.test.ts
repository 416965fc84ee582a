import { describe, expect, it } from "vitest";
import { loginAs } from "../support/api";
import { createTenant, FACTORY_PASSWORD, type Tenant } from "../support/factories";
import { bodySchema, documentOperations, fill, type Json, type Operation, realId, send, tagsOf, tenantWithRecords } from "../support/openapi-fuzz";

// A fuzz test driven by the document itself (issue 24): every operation gets
// malformed variants of its path ids, query parameters and JSON body, sent as
// an account admin of an organization of its own. No answer may be a 5xx, and
// every answer must be one the document lists with that shape: the setup file
// e2e/support/response-check.ts fails the test on any it does not.

/** A value of the wrong kind for a schema, or a value outside its range. */
function wrongValue(schema: Json | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t: string) => t !== "null") : schema?.type;
  if (schema?.enum) return "__not_one_of_them__";
  switch (type) {
    case "integer":
    case "number":
      return "twelve";
    case "boolean":
      return "perhaps";
    case "array":
      return "not-a-list";
    case "object":
      return 42;
    default:
      return { nested: ["not", "a", "string"] };
  }
}

/** The same for a query string, where everything is text. */
function wrongQueryValue(schema: Json | undefined): string {
  const type = Array.isArray(schema?.type) ? schema.type.find((t: string) => t !== "null") : schema?.type;
  if (schema?.enum) return "__not_one_of_them__";
  if (type === "integer" || type === "number") return "-1e999";
  if (type === "boolean") return "perhaps";
  return "x".repeat(2_000);
}

/** The malformed requests for one operation: [path, body]. */
function variants({ path, operation }: Operation): { path: string; body?: string; form?: boolean }[] {
  const out: { path: string; body?: string; form?: boolean }[] = [];
  const hasParams = /\{\w+\}/.test(path);
  const base = fill(path, "999999999");
  if (hasParams) out.push({ path: fill(path, "not an id"), body: bodySchema(operation) ? "{}" : undefined }, { path: fill(path, "0"), body: bodySchema(operation) ? "{}" : undefined });
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    if (parameter.in !== "query") continue;
    out.push({ path: `${base}?${parameter.name}=${encodeURIComponent(wrongQueryValue(parameter.schema))}`, body: bodySchema(operation) ? "{}" : undefined });
  }
  const schema = bodySchema(operation);
  if (schema) {
    out.push(
      { path: base, body: '{"unfinished' },
      { path: base, body: "[]" },
      { path: base, body: "null" },
      { path: base, body: "{}" },
      { path: base, body: JSON.stringify({ unknown_field: "\u0000" }) },
      { path: base, body: JSON.stringify({ unknown_field: "\ud800" }) },
    );
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      out.push({ path: base, body: JSON.stringify({ [name]: wrongValue(property) }) });
    }
  }
  if (operation.requestBody?.content?.["application/x-www-form-urlencoded"]) out.push({ path: base, body: "CallSid=CA%00&From=nobody", form: true });
  if (operation.requestBody?.content?.["multipart/form-data"]) out.push({ path: base, body: "--x\r\nnot a form" });
  if (out.length === 0) out.push({ path: base });
  return out;
}

describe("every operation of the document, fuzzed", async () => {
  const operations = await documentOperations();
  const tags = tagsOf(operations);

  it.each(tags)("%s: malformed requests get a documented 4xx, never a 5xx", { timeout: 180_000 }, async (tag) => {
    const tenant: Tenant = await createTenant();
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations.filter((o) => o.operation.tags[0] === tag)) {
      // Signing out revokes the token it was sent with: it gets one of its own.
      const token = operation.path === "/api/logout" ? await loginAs(tenant.client, tenant.admin.email, FACTORY_PASSWORD) : tenant.admin.token;
      for (const variant of variants(operation)) {
        sent += 1;
        const status = await send(tenant.client.baseUrl, token, operation.method, variant.path, variant.body, variant.form);
        if (status >= 500) failures.push(`${operation.method} ${variant.path.slice(0, 120)} ${variant.body?.slice(0, 80) ?? ""} → ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.filter((o) => o.operation.tags[0] === tag).length);
  });
});

// Issue 59, point 6: bodies are exact. Every write of the document is sent a key no schema of ours
// names, on a real record where the tenant has one; none may succeed, and a 422 names the key.
// `{"dryRun": true}` to a retention run once deleted 75 recordings: an unknown key is refused, never dropped.
const UNKNOWN_KEY = "unexpected_key_59";

describe("an unknown key in any body", async () => {
  const operations = (await documentOperations()).filter((o) => o.method !== "GET" && o.path.startsWith("/api/") && o.path !== "/api/logout" && (!o.operation.requestBody || bodySchema(o.operation)));
  const tags = tagsOf(operations);

  it.each(tags)("%s: is refused with a 4xx that names it, never taken", { timeout: 240_000 }, async (tag) => {
    const tenant = await tenantWithRecords();
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.operation.tags[0] === tag)) {
      const path = /\{\w+\}/.test(operation.path) ? fill(operation.path, await realId(tenant, operation.path)) : operation.path;
      const array = bodySchema(operation.operation)?.type === "array";
      const body = JSON.stringify(array ? [{ [UNKNOWN_KEY]: true }] : { [UNKNOWN_KEY]: true });
      const response = await fetch(`${tenant.client.baseUrl}${path}`, {
        method: operation.method,
        headers: { Authorization: `Bearer ${tenant.admin.token}`, Accept: "application/json", "Content-Type": "application/json" },
        body,
      });
      const answer = await response.json().catch(() => null);
      // A bulk route answers 200 with its items' failures one by one: there, the item must be refused naming the key.
      const itemRefused = array && answer?.created === 0 && JSON.stringify(answer?.errors ?? []).includes(UNKNOWN_KEY);
      if (response.status < 300 && !itemRefused) failures.push(`${operation.method} ${path} → ${response.status} ${JSON.stringify(answer).slice(0, 160)}`);
      else if (response.status === 422 && !Object.keys(answer?.errors ?? {}).some((key) => key.endsWith(UNKNOWN_KEY)))
        failures.push(`${operation.method} ${path} → 422 not naming the key: ${JSON.stringify(answer).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
