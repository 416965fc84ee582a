import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { getSettings } from "@/lib/settings/get-settings";
import { likePattern } from "./contact-filters";

export interface DuplicateGroup {
  reason: "phone" | "email" | "name";
  key: string;
  contact_ids: number[];
}

// Fuzzy name pairs considered at most per request: detection is a review aid,
// and a low threshold on a big list would otherwise pair everything.
const MAX_NAME_PAIRS = 5_000;

// The fuzzy name pass probes the trigram index once per contact: a few
// seconds for tens of thousands of contacts, hours for a million (80 ms a
// probe when names share their trigrams). So it has a time budget
// (DUPLICATE_NAME_BUDGET_MS, 3 s by default); past it the other groups are
// returned and the detection is reported incomplete. Searching for a name (q)
// narrows the pass to the names that contain it.
const QUERY_CANCELED = "57014";
/** The whole detection (email groups, then names) in one transaction. */
export const DETECTION_TIMEOUT_MS = 30_000;

export interface Detection {
  groups: DuplicateGroup[];
  /** false when the fuzzy name pass ran out of time (DUPLICATE_NAME_BUDGET_MS). */
  complete: boolean;
}

/**
 * Groups of contacts in the caller's scope that look like the same person:
 * the same email (when the organization enables it), names at least
 * `fuzzy_name_threshold`% similar (pg_trgm; 100 = same name). Two contacts
 * of an organization never share a phone (a unique index refuses the second
 * on every write, and imports report it as a duplicate row), so there are no
 * phone groups to look for: asking for them answers none at once.
 */
export async function detectDuplicateGroups(db: Tx, actor: SessionUser, only?: DuplicateGroup["reason"], nameContains?: string): Promise<Detection> {
  const settings = await getSettings(actor.organization_id, "duplicates", db);
  const scope = departmentScope(actor);
  const inScope = (alias: string) => {
    const parts = [Prisma.sql`${Prisma.raw(alias)}.status = 'active'`];
    if (scope.organization_id !== undefined) parts.push(Prisma.sql`${Prisma.raw(alias)}.organization_id = ${scope.organization_id}`);
    if (scope.department_id !== undefined) parts.push(Prisma.sql`${Prisma.raw(alias)}.department_id = ${scope.department_id}`);
    return Prisma.join(parts, " AND ");
  };
  const groups: DuplicateGroup[] = [];

  if ((!only || only === "email") && settings.email_matching) {
    const rows = await db.$queryRaw<{ key: string; ids: bigint[] }[]>`
      SELECT lower(c.email) AS key, array_agg(c.id ORDER BY c.created_at, c.id) AS ids
      FROM contacts c WHERE ${inScope("c")} AND c.email IS NOT NULL
      GROUP BY c.organization_id, lower(c.email) HAVING count(*) > 1`;
    groups.push(...rows.map((r) => ({ reason: "email" as const, key: r.key, contact_ids: r.ids.map(Number) })));
  }
  if (only && only !== "name") return { groups, complete: true };
  const names = await nameGroups(db, settings.fuzzy_name_threshold, inScope, nameContains);
  if (names === null) return { groups, complete: false };
  return { groups: [...groups, ...names], complete: true };
}

/** Groups of similar names, or null when the pass ran out of its time budget. */
async function nameGroups(db: Tx, threshold: number, inScope: (alias: string) => Prisma.Sql, nameContains?: string): Promise<DuplicateGroup[] | null> {
  const narrowed = nameContains ? Prisma.sql`AND lower(a.name) LIKE ${likePattern(nameContains.toLowerCase())}` : Prisma.empty;
  // The budget and the trigram threshold hold for this transaction only
  // (callers run detection inside one); a savepoint keeps the transaction
  // usable when the budget cancels the statement.
  await db.$queryRaw`SELECT set_config('statement_timeout', ${String(env().DUPLICATE_NAME_BUDGET_MS)}, true)`;
  await db.$executeRaw`SAVEPOINT name_pass`;
  try {
    if (threshold >= 100) {
      const rows = await db.$queryRaw<{ key: string; ids: bigint[] }[]>`
        SELECT lower(a.name) AS key, array_agg(a.id ORDER BY a.created_at, a.id) AS ids
        FROM contacts a WHERE ${inScope("a")} ${narrowed} GROUP BY a.organization_id, lower(a.name) HAVING count(*) > 1`;
      return rows.map((r) => ({ reason: "name" as const, key: r.key, contact_ids: r.ids.map(Number) }));
    }
    // % uses the trigram index on lower(name).
    const limit = Math.max(0.01, threshold / 100);
    await db.$queryRaw`SELECT set_config('pg_trgm.similarity_threshold', ${String(limit)}, true)`;
    const pairs = await db.$queryRaw<{ a: bigint; b: bigint; a_name: string }[]>`
      SELECT a.id AS a, b.id AS b, a.name AS a_name
      FROM contacts a JOIN contacts b
        ON b.organization_id = a.organization_id AND b.id > a.id AND lower(b.name) % lower(a.name)
      WHERE ${inScope("a")} ${narrowed} AND ${inScope("b")} AND similarity(lower(a.name), lower(b.name)) >= ${limit}
      LIMIT ${MAX_NAME_PAIRS}`;
    return groupPairs(pairs);
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    await db.$executeRaw`ROLLBACK TO SAVEPOINT name_pass`;
    return null;
  }
}

function isQueryCanceled(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; meta?: { code?: unknown } } | undefined; e; e = e.cause as typeof e) {
    if (e.code === QUERY_CANCELED || e.meta?.code === QUERY_CANCELED || (e as { originalCode?: unknown }).originalCode === QUERY_CANCELED) return true;
  }
  return /statement timeout|canceling statement/i.test(String(error));
}

function groupPairs(pairs: { a: bigint; b: bigint; a_name: string }[]): DuplicateGroup[] {
  // Pairs → groups (union-find): A~B and B~C make one group.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    while (parent.get(x) !== undefined && parent.get(x) !== x) x = parent.get(x)!;
    return x;
  };
  const names = new Map<number, string>();
  for (const pair of pairs) {
    const [a, b] = [Number(pair.a), Number(pair.b)];
    names.set(a, pair.a_name);
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const members = new Map<number, number[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    members.set(root, [...(members.get(root) ?? []), id]);
  }
  return [...members.entries()].map(([root, ids]) => ({ reason: "name" as const, key: names.get(root) ?? "", contact_ids: ids.sort((x, y) => x - y) }));
}

/** GET /api/contacts/duplicates: the groups, paged, each with its contacts. */
export async function findDuplicates({ actor, query }: { actor: SessionUser; query: { page: number; per_page: number; reason?: DuplicateGroup["reason"]; q?: string } }) {
  const needle = query.q?.toLowerCase();
  const detection = await prisma.$transaction((tx) => detectDuplicateGroups(tx, actor, query.reason, needle), { timeout: DETECTION_TIMEOUT_MS });
  const groups = detection.groups.filter((g) => !needle || g.key.toLowerCase().includes(needle));
  const page = groups.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const ids = [...new Set(page.flatMap((g) => g.contact_ids))].map(BigInt);
  const contacts = await prisma.contact.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, phone: true, email: true, company: true, tags: true, department_id: true, total_calls: true, last_called_at: true, created_at: true, updated_at: true },
  });
  const byId = new Map(contacts.map((c) => [Number(c.id), { ...c, id: Number(c.id) }]));
  return {
    data: page.map((group) => ({ ...group, contacts: group.contact_ids.map((id) => byId.get(id)).filter(Boolean) })),
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total: groups.length,
      last_page: Math.max(1, Math.ceil(groups.length / query.per_page)),
      complete: detection.complete,
    },
  };
}
