import { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors/app-error";
import type { EventRecord, Visibility } from "@/lib/events/event-record";
import type { SessionUser } from "./session-user";
import { rolesAtOrBelow } from "./permissions";

// Who sees what, decided in one place: the only module (with permissions.ts,
// which maps roles to permissions) that looks at a user's role. Each helper
// returns a Prisma `where` fragment that callers spread into every read AND
// write, so a record outside the caller's reach is simply not found (404),
// never fetched then checked; scopeSql() translates the same fragment to SQL
// for the raw queries (reports, lists, tags). The predicates below answer the
// few yes/no questions pages and domain code ask, so that no other module
// compares roles (lib/auth/role-comparisons.test.ts keeps it that way).
//   super_admin: everything · account_admin: own organization
//   dept_manager: own department · agent: own records

/** Who is asking: what a scope is decided from (a session user, or the user a page has). */
type Actor = Pick<SessionUser, "id" | "role" | "organization_id" | "department_id"> & Partial<Pick<SessionUser, "queue_department_ids">>;

type OrgScope = { organization_id?: number };
type DeptScope = OrgScope & { department_id?: number };

export function organizationScope(user: Actor): OrgScope {
  return user.role === "super_admin" ? {} : { organization_id: user.organization_id };
}

/** Records that belong to a department (contacts, campaigns, tags through contacts). */
export function departmentScope(user: Actor): DeptScope {
  if (user.role === "super_admin") return {};
  if (user.role === "account_admin") return { organization_id: user.organization_id };
  return { organization_id: user.organization_id, department_id: user.department_id ?? -1 };
}

/**
 * Whether a user takes calls from a queue (issue 23): the organization's
 * general queue (no department), their own department's and those they are a
 * member of (Settings → Routing); admins every one. The queue list, accepting
 * a call, voicemails, follow-ups and the queue's events all ask this.
 */
export function servesQueue(user: Actor, departmentId: number | null): boolean {
  return queueServer(user)(departmentId);
}

/** servesQueue for one user, worked out once (an event stream asks it of every queue event). */
function queueServer(user: Actor): (departmentId: number | null) => boolean {
  if (servesEveryQueue(user)) return () => true;
  const served = new Set([...(user.department_id === null ? [] : [user.department_id]), ...(user.queue_department_ids ?? [])]);
  return (departmentId) => departmentId === null || served.has(departmentId);
}

export function servesEveryQueue(user: Actor): boolean {
  return departmentScope(user).department_id === undefined;
}

/**
 * Whether a user may change a queue's distribution (issue 44): admins every
 * queue, a manager their own department's (the general queue is the admins').
 */
export function managesQueue(user: Actor, departmentId: number | null): boolean {
  const own = departmentScope(user).department_id;
  return own === undefined || (departmentId !== null && departmentId === own);
}

/** The department queues a user serves besides the general one; null: every queue (admins). */
export function servedDepartments(user: Actor): number[] | null {
  if (servesEveryQueue(user)) return null;
  return [...new Set([...(user.department_id === null ? [] : [user.department_id]), ...(user.queue_department_ids ?? [])])].sort((a, b) => a - b);
}

/** servesQueue as a Prisma `where` on records with a department_id (voicemails, queue entries). */
export function servedQueueScope(user: Actor): { organization_id: number; OR?: ({ department_id: null } | { department_id: { in: number[] } })[] } {
  const departments = servedDepartments(user);
  if (departments === null) return { organization_id: user.organization_id };
  return { organization_id: user.organization_id, OR: [{ department_id: null }, { department_id: { in: departments } }] };
}

/**
 * servesQueue in SQL, for "who is on duty for this queue": the user `u`
 * (users) serves the queue `departmentId` (an SQL expression; NULL is the
 * general queue). The wallboard and routing's "anyone on duty?" share it.
 */
export function servesQueueSql(departmentId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${departmentId} IS NULL OR u.department_id = ${departmentId} OR u.role IN ('account_admin', 'super_admin')
    OR EXISTS (SELECT 1 FROM queue_members m WHERE m.user_id = u.id AND m.department_id = ${departmentId}))`;
}

/** Records that belong to a user inside a department (call logs). */
export function ownerScope(user: Actor): DeptScope & { user_id?: number } {
  if (user.role === "agent") return { organization_id: user.organization_id, user_id: user.id };
  return departmentScope(user);
}

/** Users the caller may see or manage (and whose figures reports show). */
export function userScope(user: Actor): DeptScope & { id?: number } {
  if (user.role === "agent") return { organization_id: user.organization_id, id: user.id };
  return departmentScope(user);
}

/**
 * Users the caller may see and act on: those of userScope() whose
 * role is not above the caller's (issue 59, point 5). Every route that names a
 * user (the user, their sessions, factors, skills, queue memberships) finds
 * them through it, so a higher role is simply not found (404).
 */
export function managedUserScope(user: Actor): DeptScope & { id?: number; role?: { in: Role[] } } {
  return { ...userScope(user), ...(user.role !== "super_admin" && { role: { in: rolesAtOrBelow(user.role) } }) };
}

/** Departments the caller may see. */
export function departmentListScope(user: Actor): OrgScope & { id?: number } {
  if (user.role === "super_admin") return {};
  if (user.role === "account_admin") return { organization_id: user.organization_id };
  return { organization_id: user.organization_id, id: user.department_id ?? -1 };
}

/** Import jobs: an admin's organization's, a manager's department's, anyone else's own. */
export function importScope(user: Actor): DeptScope & { user_id?: number } {
  return ownerScope(user);
}

/** Long operations (lib/contacts/operations): like imports, their owner's, their department's manager's, the admins'. */
export const operationScope = importScope;

/** The scope of a live queue: the organization's callers (the super admin's: all). */
export const queueScope = organizationScope;

type AnyScope = { organization_id?: number; department_id?: number; user_id?: number; id?: number };

/**
 * The one translation of a scope to SQL: its conditions on the table `alias`
 * (or unqualified columns without one), empty for the super admin. Spread
 * them into the statement's other conditions and join with AND.
 */
export function scopeSql(scope: AnyScope, alias?: string): Prisma.Sql[] {
  const a = Prisma.raw(alias ? `${alias}.` : "");
  const parts: Prisma.Sql[] = [];
  if (scope.organization_id !== undefined) parts.push(Prisma.sql`${a}organization_id = ${scope.organization_id}`);
  if (scope.department_id !== undefined) parts.push(Prisma.sql`${a}department_id = ${scope.department_id}`);
  if (scope.user_id !== undefined) parts.push(Prisma.sql`${a}user_id = ${scope.user_id}`);
  if (scope.id !== undefined) parts.push(Prisma.sql`${a}id = ${scope.id}`);
  return parts;
}

/** Does the caller reach across organizations (the super admin)? */
export function crossesOrganizations(user: Actor): boolean {
  return organizationScope(user).organization_id === undefined;
}

/** Does the caller see the whole organization, every department (admins)? */
export function seesWholeOrganization(user: Actor): boolean {
  return departmentScope(user).department_id === undefined;
}

/** Does the caller see only their own calls (agents)? */
export function seesOwnCallsOnly(user: Actor): boolean {
  return ownerScope(user).user_id !== undefined;
}

/**
 * The department a caller held to one works in, or null for those who choose
 * (admins). A manager or agent without a department may not act (403).
 */
export function boundDepartment(user: Actor): number | null {
  const { department_id } = departmentScope(user);
  if (department_id === undefined) return null;
  if (department_id < 0) throw AppError.forbidden();
  return department_id;
}

/**
 * The organization a new record (a user, a department) goes to: a super admin
 * may name any; anyone else gets their own, and naming another is refused
 * (422 on `organization_id`), never quietly replaced.
 */
export function organizationFor(user: Actor, requested: number | undefined): number {
  const own = organizationScope(user).organization_id;
  if (own === undefined) return requested ?? user.organization_id;
  if (requested !== undefined && requested !== own) throw AppError.validation({ organization_id: ["The selected organization is invalid."] });
  return own;
}

/** May a user of `role` see a custom field shown to `visibleTo`? */
export function fieldVisibleTo(role: Role, visibleTo: readonly string[]): boolean {
  return visibleTo.includes(role);
}

/**
 * Text conversations: an agent those assigned to them, and the unassigned ones
 * of their department (never a colleague's); a manager the department's; an
 * admin the organization's. For Prisma `where` and, below, for SQL.
 */
export function conversationScope(user: Actor): DeptScope & { OR?: ({ assigned_user_id: number } | { assigned_user_id: null; department_id: number })[] } {
  if (user.role !== "agent") return departmentScope(user);
  return { organization_id: user.organization_id, OR: [{ assigned_user_id: user.id }, { assigned_user_id: null, department_id: user.department_id ?? -1 }] };
}

/** conversationScope as SQL conditions on the conversations table `alias`. */
export function conversationScopeSql(user: Actor, alias: string): Prisma.Sql[] {
  const { OR, ...rest } = conversationScope(user);
  const parts = scopeSql(rest, alias);
  if (OR) {
    const a = Prisma.raw(`${alias}.`);
    parts.push(Prisma.sql`(${a}assigned_user_id = ${user.id} OR (${a}assigned_user_id IS NULL AND ${a}department_id = ${user.department_id ?? -1}))`);
  }
  return parts;
}

/** May the caller hand a conversation to anyone (managers, admins), or only take or drop it themselves (agents)? */
export function assignsConversationsToOthers(user: Actor): boolean {
  return user.role !== "agent";
}

/** Does replying to an unassigned conversation make it the replier's (agents), so colleagues do not answer twice? */
export function repliesClaimConversations(user: Actor): boolean {
  return user.role === "agent";
}

const VISIBILITY_SCOPES: Record<Exclude<Visibility, "queue">, (user: Actor) => object> = {
  organization: organizationScope,
  department: departmentScope,
  owner: ownerScope,
  import: importScope,
  user: userScope,
  conversation: conversationScope,
  // An offer (issue 44) is for the agent offered it: not their manager, not an admin.
  personal: (user) => ({ organization_id: user.organization_id, id: user.id }),
};

/**
 * Could the caller read this record through the API? Decided by the very
 * scope the API's query uses, applied to the record's fields: an event reaches
 * exactly the users who could read what it is about.
 */
export function mayReceive(user: Actor, visibility: Visibility, record: EventRecord): boolean {
  return eventReceiver(user)(visibility, record);
}

/** mayReceive for one user, each visibility's scope worked out once: an event stream asks it of every event. */
export type Receiver = (visibility: Visibility, record: EventRecord) => boolean;
export function eventReceiver(user: Actor): Receiver {
  const checks = new Map<Visibility, (record: EventRecord) => boolean>();
  return (visibility, record) => {
    let check = checks.get(visibility);
    if (!check) checks.set(visibility, (check = receiverCheck(user, visibility)));
    return record.organization_id !== null && check(record);
  };
}

function receiverCheck(user: Actor, visibility: Visibility): (record: EventRecord) => boolean {
  // A queue's news: those who take its calls (the queue list's own rule).
  if (visibility === "queue") {
    const everyOrganization = crossesOrganizations(user);
    const serves = queueServer(user);
    return (record) => (everyOrganization || user.organization_id === record.organization_id) && serves(record.department_id);
  }
  const { OR, ...scope } = VISIBILITY_SCOPES[visibility](user) as AnyScope & { OR?: Record<string, number | null>[] };
  // A scope's conditions as [field of the record, value] pairs (a scope's `id` is the user the record is about).
  const pairs = (conditions: Record<string, number | null | undefined>) =>
    Object.entries(conditions).flatMap(([key, value]) => (value === undefined ? [] : [[key === "id" ? "user_id" : key, value] as const]));
  const holds = (conditions: (readonly [string, number | null])[], record: EventRecord) => conditions.every(([field, value]) => (record as unknown as Record<string, number | null>)[field] === value);
  const all = pairs(scope);
  const any = OR?.map(pairs);
  return (record) => holds(all, record) && (!any || any.some((conditions) => holds(conditions, record)));
}

/**
 * Live calls (issue 22) a user may act on: a party's own (the agent on it, or
 * one added to it who has not left), and those a manager or admin may read
 * the logs of (their supervisors in scope). Anyone else: not found.
 */
export function liveCallScope(user: Actor): Prisma.LiveCallWhereInput {
  return { ...organizationScope(user), OR: [ownerScope(user), { participants: { some: { user_id: user.id, left_at: null } } }] };
}

/**
 * The call logs whose recordings a user may play or download (issue 47):
 * admins their organization's, a manager their department's, an agent their
 * own calls when the organization allows it (Settings), else none (null).
 */
export function recordingScope(user: Actor, agentsPlayOwn: boolean): (DeptScope & { user_id?: number }) | null {
  if (user.role === "agent") return agentsPlayOwn ? ownerScope(user) : null;
  return departmentScope(user);
}
