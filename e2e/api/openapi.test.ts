import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { API_TYPES_FILE, apiTypes } from "../../scripts/api-types.mjs";
import { describe, expect, it } from "vitest";
import { api } from "../support/api";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";

// The OpenAPI document must name every route file and every method it
// exports, with the schemas the route really validates.

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
// The catch-all only answers 404 for paths that do not exist; the document does not describe itself.
const UNDOCUMENTED = new Set(["/api/{unknown}", "/api/openapi.json"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** app/api/contacts/[id]/route.ts → /api/contacts/{id}; [...x] → {x}. */
function openApiPath(file: string): string {
  const relative = path.relative(path.dirname(API_DIR), path.dirname(file)).split(path.sep).join("/");
  return `/${relative.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}")}`;
}

function exportedMethods(source: string): string[] {
  const methods = new Set<string>();
  for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(m[1]);
  // Methods a path does not serve (methodsNotAllowed, 405) are not operations.
  for (const m of source.matchAll(/export (?:const )?\{([^}]*)\}(?! = methodsNotAllowed)/g)) {
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && /^(GET|POST|PUT|PATCH|DELETE)$/.test(name)) methods.add(name);
    }
  }
  return [...methods].sort();
}

describe("OpenAPI document", () => {
  it("is served without authentication and lists every route and method with a summary", async () => {
    const response = await api().get("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe("3.1.0");

    const expected = Object.fromEntries(
      routeFiles(API_DIR)
        .map((file) => [openApiPath(file), exportedMethods(readFileSync(file, "utf8"))] as const)
        .filter(([route]) => !UNDOCUMENTED.has(route)),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(70);
    const documented = Object.fromEntries(
      Object.entries(document.paths as Record<string, object>).map(([route, operations]) => [
        route,
        Object.keys(operations)
          .map((m) => m.toUpperCase())
          .sort(),
      ]),
    );
    expect(documented).toEqual(expected);

    const operationIds: string[] = [];
    for (const [route, operations] of Object.entries(document.paths as Record<string, Record<string, { summary?: string; tags?: string[]; operationId?: string }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${route}`).toEqual(expect.stringMatching(/\w/));
        expect(operation.tags, `${method} ${route}`).toHaveLength(1);
        operationIds.push(operation.operationId ?? `missing: ${method} ${route}`);
      }
    }
    expect(operationIds.filter((id) => id.startsWith("missing"))).toEqual([]);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("describes requests with the schemas the routes validate, and who may call them", async () => {
    const { body: document } = await api().get("/api/openapi.json");
    const create = document.paths["/api/contacts"].post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(["name", "phone"]);
    expect(create.description).toContain("dept_manager");
    expect(create.description).not.toContain("agent");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "401", "403", "409", "422"]));

    const list = document.paths["/api/contacts"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["q", "search", "tags", "tags_any", "status", "sort", "page", "per_page"]));
    const status = list.parameters.find((p: { name: string }) => p.name === "status");
    expect(status.schema.enum).toEqual(["active", "archived", "all"]);

    const show = document.paths["/api/contacts/{id}"].get;
    expect(show.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(Object.keys(show.responses)).toContain("404");

    const inbound = document.paths["/api/telephony/inbound"].post;
    expect(inbound.parameters[0].name).toBe("X-Twilio-Signature");
    expect(inbound.requestBody.content).toHaveProperty("application/x-www-form-urlencoded");

    expect(document.paths["/api/login"].post.security).toEqual([]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("says that the bodies of destructive and settings routes take no other keys (issue 40)", async () => {
    const { body: document } = await api().get("/api/openapi.json");
    const body = (path: string, method: string) => document.paths[path][method].requestBody.content["application/json"].schema;
    const strict: [string, string][] = [
      ["/api/settings/retention/run", "post"],
      ["/api/settings/telephony", "put"],
      ["/api/settings/import", "put"],
      ["/api/settings/routing", "put"],
      ["/api/organization", "patch"],
      ["/api/contacts/merge", "post"],
      ["/api/contacts/duplicates/auto-merge", "post"],
      ["/api/contacts/duplicates/dismiss", "post"],
      ["/api/tags/{name}", "patch"],
      ["/api/tags/{name}/merge", "post"],
      ["/api/imports/{id}/confirm", "post"],
      ["/api/campaigns/{id}/contacts", "delete"],
      ["/api/custom-fields/{id}", "delete"],
    ];
    for (const [path, method] of strict) expect([path, method, body(path, method).additionalProperties]).toEqual([path, method, false]);
    // Each bulk action is one strict shape.
    const actions = body("/api/contacts/bulk-actions", "post");
    const alternatives = actions.oneOf ?? actions.anyOf ?? actions.allOf?.flatMap((part: { oneOf?: unknown[]; anyOf?: unknown[] }) => part.oneOf ?? part.anyOf ?? []);
    expect(alternatives.length).toBe(5);
    expect(alternatives.every((a: { additionalProperties?: boolean }) => a.additionalProperties === false)).toBe(true);
    expect(body("/api/settings/retention/run", "post").required).toEqual(["dry_run"]);
  });

  it("spells out the contact's shape as the API really answers it", async () => {
    const { body: document } = await api().get("/api/openapi.json");
    const schemas = document.components.schemas;
    const tenant = await createTenant();
    const contact = await makeContact(tenant, { email: "shape@example.com" });
    const keys = (value: object) => Object.keys(value).sort();

    expect(keys(contact)).toEqual(keys(schemas.Contact.properties));
    const list = await tenant.client.get("/api/contacts", tenant.managerA.token);
    expect(keys(list.body)).toEqual(keys(schemas.ContactPage.properties));
    expect(keys(list.body.meta)).toEqual(keys(schemas.PageMeta.properties));
    const detail = await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token);
    expect(keys(detail.body)).toEqual(keys(schemas.ContactDetail.properties));
    expect(document.paths["/api/contacts"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ContactPage" });
    expect(document.paths["/api/contacts/{id}"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ContactDetail" });
  });

  it("gives every success answer a schema and every request body its media type, the upload's file included", async () => {
    const { body: document } = await api().get("/api/openapi.json");
    const bare: string[] = [];
    for (const [route, operations] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          const json = status.startsWith("2") ? response.content?.["application/json"] : undefined;
          if (json && (!json.schema || (json.schema.type === "object" && !json.schema.properties && !json.schema.description))) bare.push(`${method} ${route} ${status}`);
        }
      }
    }
    expect(bare).toEqual([]);
    const upload = document.paths["/api/contacts/import/csv"].post.requestBody.content["multipart/form-data"].schema;
    expect(upload.required).toEqual(["file"]);
    expect(upload.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(Object.keys(upload.properties)).toEqual(expect.arrayContaining(["mapping", "department_id", "sheet"]));
    expect(Object.keys(document.paths["/api/campaigns/{id}/start"].post.responses)).toContain("409");
    expect(document.paths["/api/contacts/export"].get.responses["200"].content).toHaveProperty("text/csv");
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const response = await api().get("/api/openapi.json");
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(response.body), absoluteRef: "/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it("is what the typed client's checked-in types were generated from (npm run api:types)", async () => {
    const { body: document } = await api().get("/api/openapi.json");
    const checkedIn = readFileSync(path.resolve(import.meta.dirname, "../..", API_TYPES_FILE), "utf8");
    // A failure here: the document changed; run `npm run build && npm run api:types` and commit lib/client/api/schema.d.ts.
    expect((await apiTypes(document)) === checkedIn).toBe(true);
  });
});
