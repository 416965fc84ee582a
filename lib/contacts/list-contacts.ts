import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { crossesOrganizations, departmentScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import type { FieldDefinition } from "@/lib/contacts/custom-fields/validate-custom-field-values";
import { Prisma } from "@/lib/generated/prisma/client";
import { CONTACT_COLUMNS_SQL, type ContactRow } from "./contact-columns";
import { contactOrderBy, contactWhere, type ContactFilters } from "./contact-filters";
import type { ListContactsQuery } from "./schemas";
import { serializeContact } from "./serialize-contact";

// Above this many matches a filtered list reports the planner's estimate
// (meta.total_exact = false) instead of counting every row.
const EXACT_COUNT_CAP = 10_000;
// When the planner expects this many matches or more, the capped count is
// skipped and the estimate reported straight away.
const SKIP_COUNT_ESTIMATE = 15_000;

/** Runs a Prisma.sql statement on the driver: the list is the hottest read path. */
function run<Row>(statement: Prisma.Sql): Promise<Row[]> {
  return runSql().rows<Row>(statement.text, statement.values);
}

export async function listContacts({ actor, query }: { actor: SessionUser; query: ListContactsQuery }) {
  const { sql: where, filtered } = contactWhere(actor, query);
  const offset = (query.page - 1) * query.per_page;
  // What does not depend on the page runs beside it: the counters of an
  // unfiltered list, the planner's estimate of a filtered one (needed when
  // the page is full; a short page leaves it unread), the caller's
  // organization's field definitions.
  const estimate = filtered ? plannerEstimate(where).catch(() => null) : null;
  const [rows, unfilteredTotal, ownDefinitions] = await Promise.all([
    pageOfContacts(actor, query, where, estimate),
    filtered ? undefined : countFromCounters(actor, query),
    crossesOrganizations(actor) ? undefined : loadDefinitions(actor.organization_id),
  ]);

  const { total, exact } = unfilteredTotal !== undefined ? { total: unfilteredTotal, exact: true } : await countMatches(query, where, rows.length, offset, estimate);
  const definitions = new Map<number, FieldDefinition[]>();
  if (ownDefinitions) definitions.set(actor.organization_id, ownDefinitions);
  for (const id of new Set(rows.map((row) => row.organization_id))) {
    if (!definitions.has(id)) definitions.set(id, await loadDefinitions(id));
  }
  return {
    data: rows.map((row) => serializeContact(row, definitions.get(row.organization_id) ?? [], actor.role)),
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      total_exact: exact,
    },
  };
}

// How many of the newest contacts a tag filter reads in date order before it
// turns to the tag's index instead (see pageOfContacts): at least this many,
// or 40 rows for each row the page needs (so a tag on 1 contact in 40 or more
// is still found by the walk on deep pages).
const RECENT_WINDOW = 5_000;
const ROWS_PER_MATCH = 40;
// Up to this many expected matches, a page the walk could not fill is read
// through the tag's index and sorted; more matches than that are left to the
// planner (they are rarely all old, and sorting them would cost more).
const SORT_MATCHES_UP_TO = 20_000;

/**
 * One page of contacts. A newest-first page of a tag filter is read in date
 * order from the newest contacts, which stops at a full page: a tag on 5% of
 * a million contacts needs about 500 rows. But the planner does the same when
 * the matches are few and old (a tag from last year's import on the 2,000
 * oldest contacts), and then walks most of the table: 690 ms. So that walk is
 * bounded (5,000 newest contacts for page 1), and a page it cannot fill is
 * read through the tag's own index and sorted (the expression in ORDER BY
 * keeps the planner off the date index), which costs what the tag matches:
 * when the planner expects that to be many (a big tag that simply missed the
 * newest contacts, after an import), the planner's own plan runs instead.
 * Other filters keep the planner's plan: a date range is the date index's own
 * range, and quick and full-text searches already go through their indexes.
 */
async function pageOfContacts(actor: SessionUser, query: ListContactsQuery, where: Prisma.Sql, estimate: Promise<number | null> | null): Promise<ContactRow[]> {
  const columns = Prisma.raw(CONTACT_COLUMNS_SQL);
  const offset = (query.page - 1) * query.per_page;
  const plannersPlan = () => run<ContactRow>(Prisma.sql`SELECT ${columns} FROM contacts c WHERE ${where} ORDER BY ${contactOrderBy(query.sort)} LIMIT ${query.per_page} OFFSET ${offset}`);
  const tagged = Boolean(query.tags?.length || query.tags_any?.length);
  const windowed = tagged && !query.q && !query.search && query.sort === "-created_at" && query.status !== "all" && !crossesOrganizations(actor);
  if (!windowed) return plannersPlan();
  const recent = await run<ContactRow>(Prisma.sql`
    SELECT * FROM (
      SELECT ${columns} FROM contacts c WHERE c.organization_id = ${actor.organization_id} AND c.status = ${query.status}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${Math.max(RECENT_WINDOW, ROWS_PER_MATCH * (offset + query.per_page))}) c
    WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${query.per_page} OFFSET ${offset}`);
  if (recent.length === query.per_page) return recent;
  if (((await estimate) ?? 0) > SORT_MATCHES_UP_TO) return plannersPlan();
  return run(Prisma.sql`
    SELECT ${columns} FROM contacts c WHERE ${where}
    ORDER BY c.created_at + interval '0 seconds' DESC, c.id DESC LIMIT ${query.per_page} OFFSET ${offset}`);
}

/** Unfiltered lists: the trigger-maintained counters (exact, no scan). */
async function countFromCounters(actor: SessionUser, filters: ContactFilters): Promise<number> {
  const scope = departmentScope(actor);
  const conditions = [Prisma.sql`TRUE`, ...scopeSql(scope)];
  if (filters.department_id) conditions.push(Prisma.sql`department_id = ${filters.department_id}`);
  if (filters.status !== "all") conditions.push(Prisma.sql`status = ${filters.status}`);
  const [row] = await run<{ n: string | null }>(Prisma.sql`SELECT sum(n)::text AS n FROM contact_counts WHERE ${Prisma.join(conditions, " AND ")}`);
  return Number(row?.n ?? 0);
}

async function countMatches(filters: ListContactsQuery, where: Prisma.Sql, pageRows: number, offset: number, planned: Promise<number | null> | null): Promise<{ total: number; exact: boolean }> {
  // A short page tells the total without another query.
  if (pageRows > 0 && pageRows < filters.per_page) return { total: offset + pageRows, exact: true };
  if (pageRows === 0 && offset === 0) return { total: 0, exact: true };
  const estimate = (await planned) ?? (await plannerEstimate(where));
  // Far above the cap, counting up to it would only confirm what the planner
  // knows, at the price of the whole request (a tag on 50,000 of a million
  // contacts: 30 ms of counting for a 6 ms page). What the page showed bounds
  // the estimate: a full page means at least offset + per_page matches, an
  // empty one past the end at most offset.
  if (estimate >= SKIP_COUNT_ESTIMATE) {
    return { total: pageRows > 0 ? Math.max(estimate, offset + pageRows) : Math.min(estimate, offset), exact: false };
  }
  const [{ n }] = await run<{ n: number }>(Prisma.sql`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts c WHERE ${where} LIMIT ${EXACT_COUNT_CAP + 1}) capped`);
  if (n <= EXACT_COUNT_CAP) return { total: n, exact: true };
  return { total: Math.max(estimate, n), exact: false };
}

async function plannerEstimate(where: Prisma.Sql): Promise<number> {
  const plan = await run<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(Prisma.sql`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM contacts c WHERE ${where}`);
  return Math.round(plan[0]["QUERY PLAN"][0].Plan["Plan Rows"]);
}
