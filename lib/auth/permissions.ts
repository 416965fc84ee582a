import type { Role } from "@/lib/generated/prisma/enums";

// The one role → permission table. Routes name a permission; nothing else in
// the code compares role names to decide what a user may do.
const PERMISSIONS = {
  "users.read": ["super_admin", "account_admin"],
  "users.write": ["super_admin", "account_admin"],
  "organizations.write": ["super_admin"],
  /** Take an organization's claim on an SSO domain away (issue 59): the operator's call, never an organization's own. */
  "sso_domains.revoke": ["super_admin"],
  "departments.read": ["super_admin", "account_admin", "dept_manager", "agent"],
  "departments.write": ["super_admin", "account_admin"],
  "contacts.read": ["super_admin", "account_admin", "dept_manager"],
  "contacts.write": ["super_admin", "account_admin", "dept_manager"],
  "contacts.import": ["super_admin", "account_admin", "dept_manager"],
  "custom_fields.read": ["super_admin", "account_admin", "dept_manager", "agent"],
  "custom_fields.write": ["super_admin", "account_admin"],
  "settings.manage": ["super_admin", "account_admin"],
  "audit.read": ["super_admin", "account_admin", "dept_manager"],
  "calls.place": ["super_admin", "account_admin", "dept_manager", "agent"],
  "calls.monitor": ["super_admin", "account_admin", "dept_manager"],
  "calls.read": ["super_admin", "account_admin", "dept_manager", "agent"],
  "queue.handle": ["super_admin", "account_admin", "dept_manager", "agent"],
  /** Change a queue's distribution (issue 44): admins any queue, a manager their department's. */
  "queues.manage": ["super_admin", "account_admin", "dept_manager"],
  /** Set an agent's skills (issue 44): admins anyone's, a manager their department's people. */
  "skills.write": ["super_admin", "account_admin", "dept_manager"],
  /** Mark any voicemail of their queues done, whoever claimed it (agents: only their own or unclaimed ones). */
  "voicemails.manage": ["super_admin", "account_admin", "dept_manager"],
  "campaigns.manage": ["super_admin", "account_admin", "dept_manager"],
  "dispositions.write": ["super_admin", "account_admin", "dept_manager"],
  "reports.read": ["super_admin", "account_admin", "dept_manager", "agent"],
  "messages.read": ["super_admin", "account_admin", "dept_manager", "agent"],
  "messages.send": ["super_admin", "account_admin", "dept_manager", "agent"],
  "message_templates.write": ["super_admin", "account_admin", "dept_manager"],
  "sms.settings": ["super_admin", "account_admin", "dept_manager"],
  /** Place and release legal holds that keep recordings past retention (issue 47). */
  "legal_hold.manage": ["super_admin", "account_admin"],
  /** Erase a person's data, or export it, on their request (issue 47): people only, never an integration key. */
  "personal_data.manage": ["super_admin", "account_admin"],
  /** Create, list and revoke the organization's integration keys (issue 24). */
  "integrations.manage": ["super_admin", "account_admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Roles a user of `role` may hand out when creating or editing users. */
export function assignableRoles(role: Role): Role[] {
  if (role === "super_admin") return ["super_admin", "account_admin", "dept_manager", "agent"];
  if (role === "account_admin") return ["account_admin", "dept_manager", "agent"];
  return [];
}

/** May a user of `role` give someone `target`? */
export function mayAssign(role: Role, target: Role): boolean {
  return assignableRoles(role).includes(target);
}

// The roles from the least to the most rights: a user acts on (reads the sessions of, resets the
// factors of, sets the skills of, provisions) people at or below their own rank, never above it
// (issue 59, point 5). What they may do to those people is still the permission table's.
const RANK: readonly Role[] = ["agent", "dept_manager", "account_admin", "super_admin"];

/** The roles a user of `role` may act on: their own and those below it. */
export function rolesAtOrBelow(role: Role): Role[] {
  return RANK.slice(0, RANK.indexOf(role) + 1);
}

/**
 * May a user of this role sign in through an organization's single sign-on?
 * A connection vouches for people of its organization, so its reach ends at
 * the organization's admin: the super admin administers every tenant and
 * never signs in through one of them (issue 59, point 1).
 */
export function maySignInThroughConnection(role: Role): boolean {
  return rolesAtOrBelow("account_admin").includes(role);
}

/**
 * Whose password a directory (an integration key with the scim scope) may set:
 * an agent's. Anyone's above would let whoever holds the key choose a
 * manager's or an admin's password and sign in as them (issue 59).
 */
export function directoryMaySetPassword(role: Role): boolean {
  return role === "agent";
}

/** Managers and agents work in a department; admins have none. */
export function roleHasDepartment(role: Role): boolean {
  return role === "dept_manager" || role === "agent";
}

/** The roles that hold a permission (for the OpenAPI document). */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/** The resource families an integration key is scoped to (issue 24). */
// scim: provisioning from a directory (/scim/v2, issue 46); no /api route belongs to it.
export const KEY_FAMILIES = ["contacts", "calls", "campaigns", "messages", "reports", "users", "scim"] as const;
export type KeyFamily = (typeof KEY_FAMILIES)[number];
export type KeyScopes = Partial<Record<KeyFamily, "read" | "write">>;

// The family each permission belongs to. A permission in no family is never a
// key's: settings, users' accounts, integration keys themselves, placing and
// monitoring calls, the queue, the audit log are for people.
const FAMILY_OF: Partial<Record<Permission, KeyFamily>> = {
  "contacts.read": "contacts",
  "contacts.write": "contacts",
  "contacts.import": "contacts",
  "custom_fields.read": "contacts",
  "calls.read": "calls",
  "campaigns.manage": "campaigns",
  "messages.read": "messages",
  "messages.send": "messages",
  "message_templates.write": "messages",
  "reports.read": "reports",
  "users.read": "users",
  "departments.read": "users",
};

/**
 * May an integration key with these scopes make this request? The route's
 * permission names the family; reading (GET) needs read or write, anything
 * else write. A route that asks no permission is never a key's.
 */
export function keyMay(scopes: KeyScopes, permission: Permission | undefined, method: string): boolean {
  const family = permission ? FAMILY_OF[permission] : undefined;
  if (!family) return false;
  const granted = scopes[family];
  return granted === "write" || (granted === "read" && (method === "GET" || method === "HEAD"));
}
