import { z } from "zod";

// What a directory says of a person beyond what the service acts on, kept and
// given back as it was sent (issue 63): the name's parts, and the enterprise
// extension's attributes (RFC 7643 §4.3). Entra ID and Okta send these by
// default and compare what they read back with what they sent: a server that
// drops them is sent the same update again and again.

export const ENTERPRISE_USER_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

const text = z.string().trim().max(255);
/** RFC 7643's manager is { value, displayName }; Entra ID sends the manager's id, or a list of one such object: each kept as the first. */
const managerObject = z.looseObject({ value: text.nullish(), displayName: text.nullish() });
const manager = z
  .union([
    text.transform((value) => ({ value, displayName: null })),
    managerObject,
    z
      .array(managerObject)
      .max(1)
      .transform((list) => list[0] ?? {}),
  ])
  .transform((m: { value?: string | null; displayName?: string | null }) => ({ ...(m.value && { value: m.value }), ...(m.displayName && { displayName: m.displayName }) }));

const enterpriseSchema = z.looseObject({
  employeeNumber: text.nullish(),
  costCenter: text.nullish(),
  organization: text.nullish(),
  division: text.nullish(),
  department: text.nullish(),
  manager: manager.nullish(),
});

export interface DirectoryProfile {
  givenName?: string;
  familyName?: string;
  enterprise?: { employeeNumber?: string; costCenter?: string; organization?: string; division?: string; department?: string; manager?: { value?: string; displayName?: string } };
}

const present = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== "" && !(typeof value === "object" && !Object.keys(value).length)));

/** The profile in a resource as the directory sent it: its attributes the service keeps, the rest left out. A malformed one: the error's path and message. */
export function readDirectoryProfile(resource: Record<string, unknown>, name: { givenName?: string | null; familyName?: string | null } | null | undefined) {
  const key = Object.keys(resource).find((k) => k.toLowerCase() === ENTERPRISE_USER_SCHEMA.toLowerCase());
  const parsed = enterpriseSchema.safeParse(key ? (resource[key] ?? {}) : {});
  if (!parsed.success) return { error: { path: `${ENTERPRISE_USER_SCHEMA}:${parsed.error.issues[0].path.join(".")}`, message: parsed.error.issues[0].message } };
  const { employeeNumber, costCenter, organization, division, department, manager } = parsed.data;
  const enterprise = present({ employeeNumber, costCenter, organization, division, department, manager });
  const profile: DirectoryProfile = present({ givenName: name?.givenName?.trim().slice(0, 255), familyName: name?.familyName?.trim().slice(0, 255) });
  if (Object.keys(enterprise).length) profile.enterprise = enterprise as DirectoryProfile["enterprise"];
  return { profile };
}

/** The profile as the stored JSON reads it (anything else in it is ignored). */
export function storedProfile(value: unknown): DirectoryProfile {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as DirectoryProfile) : {};
}
