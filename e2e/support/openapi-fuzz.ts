import { api } from "./api";
import { makeContact } from "./contacts";
import { createTenant, type Tenant } from "./factories";

// What the OpenAPI fuzz files share (e2e/api/openapi-fuzz*.test.ts): the
// document's operations, and how a fuzzed request is sent and aimed at a real
// record. Two files, so that the longest half runs beside the other instead of
// after it (issue 60).

export type Json = Record<string, any>;
export interface Operation {
  path: string;
  method: string;
  operation: Json;
}

/** Every operation the server's document lists, with its path and method. */
export async function documentOperations(): Promise<Operation[]> {
  const { body: document } = await api().get("/api/openapi.json");
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation: operation as Json })),
  );
}

/** The first tag of each operation, once each: a test per tag. */
export function tagsOf(operations: Operation[]): string[] {
  return [...new Set(operations.map((o) => o.operation.tags[0] as string))];
}

export function fill(path: string, value: string): string {
  return path.replace(/\{\w+\}/g, encodeURIComponent(value));
}

export function bodySchema(operation: Json): Json | undefined {
  return operation.requestBody?.content?.["application/json"]?.schema;
}

export async function send(baseUrl: string, token: string, method: string, path: string, body?: string, form = false): Promise<number> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = form ? "application/x-www-form-urlencoded" : "application/json";
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  try {
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: controller.signal });
    // An event stream that opened: its answer was checked, the stream is closed.
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
    else await response.arrayBuffer();
    return response.status;
  } finally {
    clearTimeout(timer);
  }
}

/** A real record for a path's id where the tenant has one (the first its list shows), so the body reaches the code behind the look-up. */
export async function realId(tenant: Tenant, path: string): Promise<string> {
  const collection = path.slice(0, path.indexOf("/{"));
  if (collection === "/api/tags") return "fuzzed";
  const listed = await tenant.client.get(collection, tenant.admin.token);
  const items = Array.isArray(listed.body) ? listed.body : Array.isArray(listed.body?.data) ? listed.body.data : [];
  const first = items.find((item: Json) => item && (item.id ?? item.name) !== undefined);
  return first ? String(first.id ?? first.name) : "999999999";
}

/** An organization of its own with a record for each kind of id a path takes: a custom field, a contact with a tag. */
export async function tenantWithRecords(): Promise<Tenant> {
  const tenant = await createTenant();
  await tenant.client.post("/api/custom-fields", { name: "fuzzed_field", label: "Fuzzed", field_type: "text_short" }, tenant.admin.token);
  await makeContact(tenant, { tags: ["fuzzed"], custom_fields: { fuzzed_field: "x" } }, tenant.admin.token);
  return tenant;
}
