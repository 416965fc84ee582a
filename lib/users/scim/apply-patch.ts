import { ScimFailure } from "./scim-failure";

// PATCH as RFC 7644 §3.5.2 defines it, on a resource held as plain JSON:
// add, replace and remove, with a path or without (the value then holds the
// attributes), a path into a complex attribute (name.givenName), and a value
// filter into a multi-valued one (emails[type eq "work"].value,
// members[value eq "2819c223"]). Attribute names are matched case-insensitively,
// as SCIM's are; op names too (Entra ID sends "Replace"). A path may name its
// schema (§3.10): the core schema's prefix is the resource itself, an
// extension's (Entra ID's and Okta's enterprise attributes,
// "urn:…:enterprise:2.0:User:department") is that extension's object, and a
// schema the resource does not have is ignored, operation by operation (issue
// 63: one attribute the service does not keep refused a directory's whole
// update). The operations apply all or none (§3.5.2: a PATCH is atomic).

export interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

type Resource = Record<string, unknown>;

const PATH = /^([A-Za-z][\w-]*)(?:\[\s*([A-Za-z][\w-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*\])?(?:\.([A-Za-z][\w-]*))?$/i;

/** The key in `object` named `name` in any case, or `name` itself. */
function keyOf(object: Resource, name: string): string {
  return Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
}

function asItems(value: unknown): Resource[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Resource[];
}

/** A value for a multi-valued attribute is appended; for any other it replaces. Items equal by `value` are not added twice. */
function addTo(resource: Resource, name: string, value: unknown, multiValued: readonly string[]) {
  const key = keyOf(resource, name);
  if (multiValued.some((m) => m.toLowerCase() === name.toLowerCase())) {
    const current = asItems(resource[key]);
    const added = asItems(value).filter((item) => !current.some((existing) => existing?.value !== undefined && existing.value === item?.value));
    resource[key] = [...current, ...added];
  } else if (value && typeof value === "object" && !Array.isArray(value) && resource[key] && typeof resource[key] === "object") {
    resource[key] = { ...(resource[key] as Resource), ...(value as Resource) };
  } else {
    resource[key] = value;
  }
}

/** What a resource's PATCH may touch: its multi-valued attributes, the read-only ones (a change to them is refused), its extension schemas. */
export interface PatchShape {
  readOnly?: readonly string[];
  extensions?: readonly string[];
}

/** A path that names its schema ("urn:…:User:department"): the schema and the rest ("" when the path is the schema itself). */
function splitSchema(path: string, extensions: readonly string[]): { schema: string | null; rest: string } {
  if (!/^urn:/i.test(path)) return { schema: null, rest: path };
  const whole = extensions.find((e) => e.toLowerCase() === path.toLowerCase());
  if (whole) return { schema: whole, rest: "" };
  const head = path.split("[")[0];
  const cut = head.lastIndexOf(":");
  return { schema: path.slice(0, cut), rest: path.slice(cut + 1) };
}

/** The object an operation applies to: the resource, an extension's object in it, or null (a schema it does not have: ignored). */
function targetOf(resource: Resource, path: string, extensions: readonly string[]): { target: Resource; path: string } | null {
  const { schema, rest } = splitSchema(path, extensions);
  if (schema === null) return { target: resource, path };
  if (/^urn:ietf:params:scim:schemas:core:2\.0:/i.test(schema)) return { target: resource, path: rest };
  const extension = extensions.find((e) => e.toLowerCase() === schema.toLowerCase());
  if (!extension) return null;
  if (rest === "") return { target: resource, path: extension };
  const key = keyOf(resource, extension);
  if (!resource[key] || typeof resource[key] !== "object") resource[key] = {};
  return { target: resource[key] as Resource, path: rest };
}

/** Applies the operations in order to a copy of `resource`; any operation that cannot apply refuses them all (400). */
export function applyPatch(resource: Resource, operations: PatchOperation[], multiValued: readonly string[], { readOnly = [], extensions = [] }: PatchShape = {}): Resource {
  const result: Resource = structuredClone(resource);
  for (const operation of operations) {
    const op = String(operation.op ?? "").toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove") throw new ScimFailure(400, `Unknown operation "${operation.op}".`, "invalidSyntax");
    if (!operation.path) {
      if (op === "remove") throw new ScimFailure(400, "A remove needs a path.", "noTarget");
      if (!operation.value || typeof operation.value !== "object" || Array.isArray(operation.value)) throw new ScimFailure(400, "Without a path, the value must hold the attributes.", "invalidValue");
      // Each attribute of the value as if it were the path ("name.givenName" as a key, Entra ID's way, included).
      for (const [name, value] of Object.entries(operation.value as Resource)) applyPath(result, op, name, value, multiValued, extensions);
      continue;
    }
    applyPath(result, op, operation.path.trim(), operation.value, multiValued, extensions);
  }
  for (const name of readOnly) {
    if (JSON.stringify(resource[keyOf(resource, name)]) !== JSON.stringify(result[keyOf(result, name)])) throw new ScimFailure(400, `${name} is read-only: it cannot be changed.`, "mutability");
  }
  return result;
}

function applyPath(resource: Resource, op: string, path: string, value: unknown, multiValued: readonly string[], extensions: readonly string[]) {
  const at = targetOf(resource, path, extensions);
  if (!at) return;
  // The extension's object as a whole ({ "urn:…:enterprise:2.0:User": { department } }).
  if (extensions.includes(at.path)) return applyAt(at.target, op, at.path, undefined, undefined, value, multiValued);
  const match = PATH.exec(at.path);
  if (!match) throw new ScimFailure(400, `The path ${path} is not supported.`, "invalidPath");
  const [, attribute, filterAttribute, filterValue, subAttribute] = match;
  const filter = filterAttribute ? { attribute: filterAttribute, value: JSON.parse(filterValue) as unknown } : undefined;
  applyAt(at.target, op, attribute, filter, subAttribute, value, multiValued);
}

function applyAt(
  resource: Resource,
  op: string,
  attribute: string,
  filter: { attribute: string; value: unknown } | undefined,
  sub: string | undefined,
  value: unknown,
  multiValued: readonly string[],
) {
  const key = keyOf(resource, attribute);
  if (filter) {
    const items = asItems(resource[key]);
    const matches = (item: Resource) => item && String(item[keyOf(item, filter.attribute)]) === String(filter.value);
    if (op === "remove") {
      resource[key] = sub
        ? items.map((item) => (matches(item) ? Object.fromEntries(Object.entries(item).filter(([k]) => k.toLowerCase() !== sub.toLowerCase())) : item))
        : items.filter((item) => !matches(item));
      return;
    }
    const hits = items.filter(matches);
    if (hits.length === 0) {
      if (op === "replace" && !sub) throw new ScimFailure(400, `No ${attribute} matches the filter.`, "noTarget");
      // add (or replace of a sub-attribute) with no match: the item the filter describes is made.
      resource[key] = [...items, { [filter.attribute]: filter.value, ...(sub ? { [sub]: value } : (value as Resource)) }];
      return;
    }
    resource[key] = items.map((item) => (matches(item) ? (sub ? { ...item, [keyOf(item, sub)]: value } : { ...item, ...(value as Resource) }) : item));
    return;
  }
  if (sub) {
    const parent = (resource[key] && typeof resource[key] === "object" ? resource[key] : {}) as Resource;
    if (op === "remove") delete parent[keyOf(parent, sub)];
    else parent[keyOf(parent, sub)] = value;
    resource[key] = parent;
    return;
  }
  if (op === "remove") {
    // members with a value list (Entra ID's way of removing some members): those items go.
    if (value !== undefined && multiValued.some((m) => m.toLowerCase() === attribute.toLowerCase())) {
      const gone = new Set(asItems(value).map((item) => String(item?.value)));
      resource[key] = asItems(resource[key]).filter((item) => !gone.has(String(item?.value)));
    } else delete resource[key];
    return;
  }
  if (op === "add") addTo(resource, attribute, value, multiValued);
  else if (isComplex(value) && isComplex(resource[key]) && !multiValued.some((m) => m.toLowerCase() === attribute.toLowerCase()))
    // A complex attribute's sub-attributes not in the value are left as they were (§3.5.2.3).
    resource[key] = { ...(resource[key] as Resource), ...(value as Resource) };
  else resource[key] = value;
}

const isComplex = (value: unknown): value is Resource => Boolean(value) && typeof value === "object" && !Array.isArray(value);
