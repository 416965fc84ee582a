import "server-only";
import { departmentScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { getSettings } from "@/lib/settings/get-settings";
import { likePattern } from "./contact-filters";
import { runSql } from "@/lib/db/run-sql";

/** Why two contacts of a group look like one person: the evidence shown beside the group. */
export interface PairSignals {
  contact_ids: [number, number];
  same_email: boolean;
  same_company: boolean;
  /** The last 8 digits of the phones match (the same line written two ways). */
  same_phone_digits: boolean;
  /** pg_trgm similarity of the names, 0–1. */
  name_similarity: number;
}

export interface DuplicateGroup {
  reason: "phone" | "email" | "name";
  key: string;
  contact_ids: number[];
  signals: PairSignals[];
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
    parts.push(...scopeSql(scope, alias));
    return Prisma.join(parts, " AND ");
  };
  const groups: DuplicateGroup[] = [];
  // Pairs a person marked "Not a duplicate" are never offered (nor merged automatically).
  const notDismissed = Prisma.sql`NOT EXISTS (SELECT 1 FROM duplicate_dismissals d WHERE d.organization_id = a.organization_id AND d.contact_a = a.id AND d.contact_b = b.id)`;

  if ((!only || only === "email") && settings.email_matching) {
    const pairs = await runSql(db).rows<PairRow>`
      SELECT ${PAIR_COLUMNS}, lower(a.email) AS a_key FROM contacts a JOIN contacts b
        ON b.organization_id = a.organization_id AND b.id > a.id AND lower(b.email) = lower(a.email)
      WHERE ${inScope("a")} AND ${inScope("b")} AND a.email IS NOT NULL AND ${notDismissed}
      LIMIT ${MAX_NAME_PAIRS}`;
    groups.push(...groupPairs("email", pairs));
  }
  if (only && only !== "name") return { groups, complete: true };
  const names = await namePairs(db, settings.fuzzy_name_threshold, inScope, notDismissed, nameContains);
  if (names === null) return { groups, complete: false };
  // A similar name alone pairs different people: unless the organization says
  // otherwise, the company or the phone's last digits must agree too.
  const evidenced = settings.similar_name_alone ? names : names.filter((pair) => pair.same_company || pair.same_phone_digits || pair.same_email);
  return { groups: [...groups, ...groupPairs("name", evidenced)], complete: true };
}

interface PairRow {
  a: bigint;
  b: bigint;
  a_key: string;
  same_email: boolean;
  same_company: boolean;
  same_phone_digits: boolean;
  name_similarity: number;
}

// The evidence for a pair a–b, computed in the statement that finds it.
const PAIR_COLUMNS = Prisma.sql`a.id AS a, b.id AS b,
  COALESCE(lower(a.email) = lower(b.email), false) AS same_email,
  COALESCE(lower(btrim(a.company)) = lower(btrim(b.company)), false) AS same_company,
  (length(a.phone_digits) >= 8 AND right(a.phone_digits, 8) = right(b.phone_digits, 8)) AS same_phone_digits,
  round(similarity(lower(a.name), lower(b.name))::numeric, 2)::float8 AS name_similarity`;

/** Pairs of similar names with their evidence, or null when the pass ran out of its time budget. */
async function namePairs(db: Tx, threshold: number, inScope: (alias: string) => Prisma.Sql, notDismissed: Prisma.Sql, nameContains?: string): Promise<PairRow[] | null> {
  const narrowed = nameContains ? Prisma.sql`AND lower(a.name) LIKE ${likePattern(nameContains.toLowerCase())}` : Prisma.empty;
  // The budget and the trigram threshold hold for this transaction only
  // (callers run detection inside one); a savepoint keeps the transaction
  // usable when the budget cancels the statement. The savepoint comes first
  // and the budget last, just before the pass: a budget of a millisecond (the
  // tests') once cancelled the SAVEPOINT itself on a busy machine (a 500).
  await runSql(db).count`SAVEPOINT name_pass`;
  try {
    if (threshold < 100) await runSql(db).rows`SELECT set_config('pg_trgm.similarity_threshold', ${String(Math.max(0.01, threshold / 100))}, true)`;
    await runSql(db).rows`SELECT set_config('statement_timeout', ${String(env().DUPLICATE_NAME_BUDGET_MS)}, true)`;
    if (threshold >= 100) {
      return await runSql(db).rows<PairRow>`
        SELECT ${PAIR_COLUMNS}, a.name AS a_key FROM contacts a JOIN contacts b
          ON b.organization_id = a.organization_id AND b.id > a.id AND lower(b.name) = lower(a.name)
        WHERE ${inScope("a")} ${narrowed} AND ${inScope("b")} AND ${notDismissed}
        LIMIT ${MAX_NAME_PAIRS}`;
    }
    // % uses the trigram index on lower(name).
    const limit = Math.max(0.01, threshold / 100);
    return await runSql(db).rows<PairRow>`
      SELECT ${PAIR_COLUMNS}, a.name AS a_key
      FROM contacts a JOIN contacts b
        ON b.organization_id = a.organization_id AND b.id > a.id AND lower(b.name) % lower(a.name)
      WHERE ${inScope("a")} ${narrowed} AND ${inScope("b")} AND similarity(lower(a.name), lower(b.name)) >= ${limit} AND ${notDismissed}
      LIMIT ${MAX_NAME_PAIRS}`;
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    await rollBackToNamePass(db);
    return null;
  }
}

/**
 * Back to before the pass, which undoes the budget too. The ROLLBACK TO runs
 * under the budget it undoes: a budget shorter than a busy machine's pause can
 * cancel it as well, and it is then asked again (a few times at most: a
 * production budget is seconds, never that short).
 */
async function rollBackToNamePass(db: Tx): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runSql(db).count`ROLLBACK TO SAVEPOINT name_pass`;
      return;
    } catch (error) {
      if (!isQueryCanceled(error) || attempt >= 5) throw error;
    }
  }
}

function isQueryCanceled(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; meta?: { code?: unknown } } | undefined; e; e = e.cause as typeof e) {
    if (e.code === QUERY_CANCELED || e.meta?.code === QUERY_CANCELED || (e as { originalCode?: unknown }).originalCode === QUERY_CANCELED) return true;
  }
  return /statement timeout|canceling statement/i.test(String(error));
}

function groupPairs(reason: DuplicateGroup["reason"], pairs: PairRow[]): DuplicateGroup[] {
  // Pairs → groups (union-find): A~B and B~C make one group.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    while (parent.get(x) !== undefined && parent.get(x) !== x) x = parent.get(x)!;
    return x;
  };
  const keys = new Map<number, string>();
  for (const pair of pairs) {
    const [a, b] = [Number(pair.a), Number(pair.b)];
    if (!keys.has(a)) keys.set(a, pair.a_key);
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
  const signalsOf = (pair: PairRow): PairSignals => ({
    contact_ids: [Number(pair.a), Number(pair.b)],
    same_email: pair.same_email,
    same_company: pair.same_company,
    same_phone_digits: pair.same_phone_digits,
    name_similarity: Number(pair.name_similarity),
  });
  // Each pair's evidence goes to its group in one pass (not a scan of every pair per group).
  const evidence = new Map<number, PairSignals[]>();
  for (const pair of pairs) {
    const root = find(Number(pair.a));
    const list = evidence.get(root) ?? [];
    list.push(signalsOf(pair));
    evidence.set(root, list);
  }
  return [...members.entries()].map(([root, ids]) => ({
    reason,
    key: keys.get(root) ?? "",
    contact_ids: ids.sort((x, y) => x - y),
    signals: evidence.get(root) ?? [],
  }));
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
    data: page.map((group) => ({ ...group, contacts: group.contact_ids.map((id) => byId.get(id)).filter((contact) => contact !== undefined) })),
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total: groups.length,
      last_page: Math.max(1, Math.ceil(groups.length / query.per_page)),
      complete: detection.complete,
    },
  };
}
