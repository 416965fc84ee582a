import { ScimFailure } from "./scim-failure";

// PATCH as RFC 7644 §3.5.2 defines it, on a resource held as plain JSON:
// add, replace and remove, with a path or without (the value then holds the
// attributes), a path into a complex attribute (name.givenName), and a value
// filter into a multi-valued one (emails[type eq "work"].value,
// members[value eq "2819c223"]). Attribute names are matched case-insensitively,
// as SCIM's are; op names too (Entra ID sends "Replace").

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

/** Applies the operations in order to a copy of `resource`; any operation that cannot apply refuses them all (400). */
export function applyPatch(resource: Resource, operations: PatchOperation[], multiValued: readonly string[]): Resource {
  const result: Resource = structuredClone(resource);
  for (const operation of operations) {
    const op = String(operation.op ?? "").toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove") throw new ScimFailure(400, `Unknown operation "${operation.op}".`, "invalidSyntax");
    if (!operation.path) {
      if (op === "remove") throw new ScimFailure(400, "A remove needs a path.", "noTarget");
      if (!operation.value || typeof operation.value !== "object" || Array.isArray(operation.value)) throw new ScimFailure(400, "Without a path, the value must hold the attributes.", "invalidValue");
      for (const [name, value] of Object.entries(operation.value as Resource)) {
        // "name.givenName" as a key (Entra ID sends these): the same as the path.
        const [head, tail] = name.split(".");
        if (tail) applyAt(result, op, head, undefined, tail, value, multiValued);
        else if (op === "add") addTo(result, name, value, multiValued);
        else result[keyOf(result, name)] = value;
      }
      continue;
    }
    const match = PATH.exec(operation.path.trim());
    if (!match) throw new ScimFailure(400, `The path ${operation.path} is not supported.`, "invalidPath");
    const [, attribute, filterAttribute, filterValue, subAttribute] = match;
    const filter = filterAttribute ? { attribute: filterAttribute, value: JSON.parse(filterValue) as unknown } : undefined;
    applyAt(result, op, attribute, filter, subAttribute, operation.value, multiValued);
  }
  return result;
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
  else resource[key] = value;
}
