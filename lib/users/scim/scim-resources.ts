import "server-only";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ScimFailure } from "./scim-failure";
import { ENTERPRISE_USER_SCHEMA, storedProfile } from "./directory-profile";

// Our users and departments as SCIM resources (RFC 7643 §4): a user's
// userName is their sign-in email; a department is a group whose members are
// its agents and managers. Ids are ours, as strings.

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export const scimBase = () => `${env().APP_URL}/scim/v2`;

export const scimUserSelect = {
  id: true,
  email: true,
  name: true,
  active: true,
  role: true,
  scim_external_id: true,
  directory_profile: true,
  created_at: true,
  updated_at: true,
  department: { select: { id: true, name: true } },
} as const satisfies Prisma.UserSelect;

type ScimUserRow = Prisma.UserGetPayload<{ select: typeof scimUserSelect }>;

export function toScimUser(user: ScimUserRow) {
  const location = `${scimBase()}/Users/${user.id}`;
  const profile = storedProfile(user.directory_profile);
  return {
    schemas: profile.enterprise ? [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] : [USER_SCHEMA],
    id: String(user.id),
    ...(user.scim_external_id && { externalId: user.scim_external_id }),
    userName: user.email,
    name: { formatted: user.name, ...(profile.givenName && { givenName: profile.givenName }), ...(profile.familyName && { familyName: profile.familyName }) },
    displayName: user.name,
    emails: [{ value: user.email, type: "work", primary: true }],
    active: user.active,
    groups: user.department ? [{ value: String(user.department.id), display: user.department.name, $ref: `${scimBase()}/Groups/${user.department.id}` }] : [],
    ...(profile.enterprise && { [ENTERPRISE_USER_SCHEMA]: profile.enterprise }),
    meta: { resourceType: "User", created: user.created_at.toISOString(), lastModified: user.updated_at.toISOString(), location },
  };
}

export const scimGroupSelect = {
  id: true,
  name: true,
  scim_external_id: true,
  created_at: true,
  updated_at: true,
  users: { where: { scim_deleted_at: null, role: { in: ["agent", "dept_manager"] } }, select: { id: true, name: true }, orderBy: { id: "asc" } },
} as const satisfies Prisma.DepartmentSelect;

type ScimGroupRow = Prisma.DepartmentGetPayload<{ select: typeof scimGroupSelect }>;

export function toScimGroup(department: ScimGroupRow, { members = true } = {}) {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(department.id),
    ...(department.scim_external_id && { externalId: department.scim_external_id }),
    displayName: department.name,
    ...(members && { members: department.users.map((user) => ({ value: String(user.id), display: user.name, $ref: `${scimBase()}/Users/${user.id}` })) }),
    meta: { resourceType: "Group", created: department.created_at.toISOString(), lastModified: department.updated_at.toISOString(), location: `${scimBase()}/Groups/${department.id}` },
  };
}

/** A list answer (RFC 7644 §3.4.2): the page asked for with startIndex (from 1) and count. */
export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

// SCIM's integers have no range of their own; ours are PostgreSQL's. A
// startIndex or count past it is a client's mistake, answered as one (400)
// rather than handed to the database to fail on (500).
const MAX_INTEGER = 2_147_483_647;

/** One of the paging parameters as a whole number; absent or not a number: `fallback`. */
function pageParameter(url: URL, name: "startIndex" | "count", fallback: number): number {
  const raw = url.searchParams.get(name);
  const value = raw === null || raw.trim() === "" ? fallback : Number(raw);
  if (Number.isNaN(value)) return fallback;
  if (Math.abs(value) > MAX_INTEGER) throw new ScimFailure(400, `${name} must be an integer from -${MAX_INTEGER} to ${MAX_INTEGER}.`, "invalidValue");
  return Math.floor(value);
}

/** startIndex and count as clients send them (RFC 7644 §3.4.2.4): 1-based (less is 1), a negative count 0, at most 200 a page. */
export function pageOf(url: URL): { startIndex: number; count: number } {
  const startIndex = Math.max(1, pageParameter(url, "startIndex", 1));
  const count = Math.min(200, Math.max(0, pageParameter(url, "count", 100)));
  return { startIndex, count };
}

/** A resource id from the path: ours are positive integers; anything else names nothing (404). */
export function resourceId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
