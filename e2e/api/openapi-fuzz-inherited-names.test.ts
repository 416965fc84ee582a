import { describe, expect, it } from "vitest";
import { bodySchema, documentOperations, fill, type Json, realId, send, tagsOf, tenantWithRecords } from "../support/openapi-fuzz";

// The document-driven fuzz of e2e/api/openapi-fuzz.test.ts, its longest part
// in a file of its own: every answer must be a 2xx or a 4xx the document lists
// (e2e/support/response-check.ts fails the test on any it does not).

// Issue 40: keys and values named like the properties every plain object
// inherits. `{"toString": 1}` once reached a lookup such as `aliases[key]`,
// which found Object.prototype.toString, and answered 500 on eight routes.
const INHERITED_NAMES = ["toString", "constructor", "hasOwnProperty", "__proto__", "valueOf", "__defineGetter__"];

/** A body schema's own properties, those of each alternative of a union too (bulk actions), and of an array's items (bulk create). */
function propertiesOf(schema: Json | undefined): Record<string, Json> {
  if (!schema) return {};
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])] as Json[];
  return Object.assign({}, ...alternatives.map(propertiesOf), schema.properties ?? {});
}

function accepts(schema: Json, type: string): boolean {
  const types = [schema.type, ...[...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((s: Json) => s.type)].flat();
  return types.includes(type) || (type === "object" && schema.additionalProperties !== undefined && schema.additionalProperties !== false);
}

/** JSON texts (written by hand: `__proto__` must arrive as a key) naming inherited properties as keys and as values, at the top and one level down. */
function inheritedNameBodies(schema: Json): string[] {
  const wrap = (object: string) => (schema.type === "array" ? `[${object}]` : object);
  const bodies: string[] = [];
  for (const name of INHERITED_NAMES) {
    for (const value of ["1", '"x"', "{}", '{"a":1}', "[]", "null"]) bodies.push(wrap(`{"${name}":${value}}`));
    for (const [field, property] of Object.entries(propertiesOf(schema.type === "array" ? schema.items : schema))) {
      if (accepts(property, "string") || property.enum) bodies.push(wrap(`{"${field}":"${name}"}`));
      if (accepts(property, "object")) bodies.push(wrap(`{"${field}":{"${name}":"x"}}`), wrap(`{"${field}":{"${name}":1}}`));
      if (accepts(property, "array")) bodies.push(wrap(`{"${field}":["${name}"]}`), wrap(`{"${field}":[{"${name}":1}]}`));
    }
  }
  return bodies;
}

describe("keys named like inherited object properties", async () => {
  const operations = (await documentOperations()).filter((o) => bodySchema(o.operation) && o.path !== "/api/logout");
  const tags = tagsOf(operations);

  it.each(tags)("%s: every JSON body naming toString, constructor, __proto__ … gets a 2xx or a 4xx, never a 5xx", { timeout: 240_000 }, async (tag) => {
    const tenant = await tenantWithRecords();
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations.filter((o) => o.operation.tags[0] === tag)) {
      const path = /\{\w+\}/.test(operation.path) ? fill(operation.path, await realId(tenant, operation.path)) : operation.path;
      for (const body of inheritedNameBodies(bodySchema(operation.operation)!)) {
        sent += 1;
        const status = await send(tenant.client.baseUrl, tenant.admin.token, operation.method, path, body);
        if (status >= 500) failures.push(`${operation.method} ${path} ${body} → ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(0);
  });
});
