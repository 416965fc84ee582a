import SCIMMY from "scimmy";
import { expect } from "vitest";
import { suiteUrl } from "./api";
import type { createTenant } from "./factories";

// A SCIM client as a directory is one: JSON as application/scim+json, an
// integration key with the scim scope as a bearer token. Every answer that is
// a resource (or a list of them) is read by an independent implementation,
// scimmy, which refuses what RFC 7643 does not allow (a wrong type, a missing
// required attribute, a reference to nothing): our tests do not only check
// what they expect, the answers conform (issue 63, point 7).

type Tenant = Awaited<ReturnType<typeof createTenant>>;

export const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
export const ENTERPRISE_USER = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

// The User schema with the enterprise extension, declared once however many test files load this.
const userSchema = SCIMMY.Schemas.User.definition;
const declared = (name: string) => {
  try {
    return Boolean(userSchema.attribute(name));
  } catch {
    return false; // scimmy throws for an extension the schema does not declare
  }
};
if (!declared(ENTERPRISE_USER)) userSchema.extend(SCIMMY.Schemas.EnterpriseUser.definition, false);

/** Throws scimmy's reason when `resource` is a User or Group that does not conform; anything else is left to the test. */
export function conforms(resource: { schemas?: string[] } | null): void {
  if (!resource?.schemas) return;
  if (resource.schemas.includes(LIST)) return (resource as { Resources?: { schemas?: string[] }[] }).Resources?.forEach(conforms);
  const schema = resource.schemas.includes(USER) ? userSchema : resource.schemas.includes(GROUP) ? SCIMMY.Schemas.Group.definition : null;
  if (!schema) return;
  try {
    schema.coerce(resource, "out");
  } catch (error) {
    throw new Error(`scimmy refuses the answer: ${(error as Error).message}\n${JSON.stringify(resource)}`);
  }
}

export async function scimKey(tenant: Tenant, scope: "read" | "write" = "write", { organization_key = false } = {}) {
  const created = await tenant.client.post("/api/integration-keys", { name: `Directory ${scope}`, scopes: { scim: scope }, ...(organization_key && { organization_key }) }, tenant.admin.token);
  expect(created.status).toBe(201);
  return created.body.secret as string;
}

/** A SCIM client: JSON as application/scim+json, the key as a bearer token; each answer checked by scimmy. */
export function scim(key: string, baseUrl = suiteUrl()) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/scim/v2${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, Accept: "application/scim+json", ...(body !== undefined && { "Content-Type": "application/scim+json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const answer = text ? JSON.parse(text) : null;
    if (response.ok) conforms(answer);
    return { status: response.status, headers: response.headers, body: answer };
  };
}
