import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getSettings } from "@/lib/settings/get-settings";

export interface DuplicateGroup {
  reason: "phone" | "email" | "name";
  key: string;
  contact_ids: number[];
}

// Fuzzy name pairs considered at most per request: detection is a review aid,
// and a low threshold on a big list would otherwise pair everything.
const MAX_NAME_PAIRS = 5_000;

/**
 * Groups of contacts in the caller's scope that look like the same person:
 * the same phone (always), the same email (when the organization enables it),
 * names at least `fuzzy_name_threshold`% similar (pg_trgm; 100 = same name).
 */
export async function detectDuplicateGroups(db: Tx, actor: SessionUser, only?: DuplicateGroup["reason"]): Promise<DuplicateGroup[]> {
  const settings = await getSettings(actor.organization_id, "duplicates", db);
  const scope = departmentScope(actor);
  const inScope = (alias: string) => {
    const parts = [Prisma.sql`${Prisma.raw(alias)}.status = 'active'`];
    if (scope.organization_id !== undefined) parts.push(Prisma.sql`${Prisma.raw(alias)}.organization_id = ${scope.organization_id}`);
    if (scope.department_id !== undefined) parts.push(Prisma.sql`${Prisma.raw(alias)}.department_id = ${scope.department_id}`);
    return Prisma.join(parts, " AND ");
  };
  const groups: DuplicateGroup[] = [];

  if (!only || only === "phone") {
    const rows = await db.$queryRaw<{ key: string; ids: bigint[] }[]>`
      SELECT c.phone AS key, array_agg(c.id ORDER BY c.created_at, c.id) AS ids
      FROM contacts c WHERE ${inScope("c")} GROUP BY c.organization_id, c.phone HAVING count(*) > 1`;
    groups.push(...rows.map((r) => ({ reason: "phone" as const, key: r.key, contact_ids: r.ids.map(Number) })));
  }
  if ((!only || only === "email") && settings.email_matching) {
    const rows = await db.$queryRaw<{ key: string; ids: bigint[] }[]>`
      SELECT lower(c.email) AS key, array_agg(c.id ORDER BY c.created_at, c.id) AS ids
      FROM contacts c WHERE ${inScope("c")} AND c.email IS NOT NULL
      GROUP BY c.organization_id, lower(c.email) HAVING count(*) > 1`;
    groups.push(...rows.map((r) => ({ reason: "email" as const, key: r.key, contact_ids: r.ids.map(Number) })));
  }
  if (!only || only === "name") groups.push(...(await nameGroups(db, settings.fuzzy_name_threshold, inScope)));
  return groups;
}

async function nameGroups(db: Tx, threshold: number, inScope: (alias: string) => Prisma.Sql): Promise<DuplicateGroup[]> {
  if (threshold >= 100) {
    const rows = await db.$queryRaw<{ key: string; ids: bigint[] }[]>`
      SELECT lower(c.name) AS key, array_agg(c.id ORDER BY c.created_at, c.id) AS ids
      FROM contacts c WHERE ${inScope("c")} GROUP BY c.organization_id, lower(c.name) HAVING count(*) > 1`;
    return rows.map((r) => ({ reason: "name" as const, key: r.key, contact_ids: r.ids.map(Number) }));
  }
  // % uses the trigram index on lower(name); its threshold is set for this
  // transaction only (callers run detection inside one).
  const limit = Math.max(0.01, threshold / 100);
  await db.$queryRaw`SELECT set_config('pg_trgm.similarity_threshold', ${String(limit)}, true)`;
  const pairs = await db.$queryRaw<{ a: bigint; b: bigint; a_name: string }[]>`
    SELECT a.id AS a, b.id AS b, a.name AS a_name
    FROM contacts a JOIN contacts b
      ON b.organization_id = a.organization_id AND b.id > a.id AND lower(b.name) % lower(a.name)
    WHERE ${inScope("a")} AND ${inScope("b")} AND similarity(lower(a.name), lower(b.name)) >= ${limit}
    LIMIT ${MAX_NAME_PAIRS}`;
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
  const groups = (await prisma.$transaction((tx) => detectDuplicateGroups(tx, actor, query.reason))).filter((g) => !needle || g.key.toLowerCase().includes(needle));
  const page = groups.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const ids = [...new Set(page.flatMap((g) => g.contact_ids))].map(BigInt);
  const contacts = await prisma.contact.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, phone: true, email: true, company: true, tags: true, department_id: true, total_calls: true, last_called_at: true, created_at: true, updated_at: true },
  });
  const byId = new Map(contacts.map((c) => [Number(c.id), { ...c, id: Number(c.id) }]));
  return {
    data: page.map((group) => ({ ...group, contacts: group.contact_ids.map((id) => byId.get(id)).filter(Boolean) })),
    meta: { current_page: query.page, per_page: query.per_page, total: groups.length, last_page: Math.max(1, Math.ceil(groups.length / query.per_page)) },
  };
}
