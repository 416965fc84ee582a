import "server-only";
import { departmentScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { looksLikePhone, phoneDigits } from "./phone";
import type { ListContactsQuery } from "./schemas";

export type ContactFilters = Omit<ListContactsQuery, "page" | "per_page" | "sort">;

/** A LIKE pattern matching text anywhere, its wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE clause of a contact list, search or export: the caller's scope
 * first, then each filter the contract names. Every condition is served by an
 * index (see the migrations): trigram GIN on search_text and phone_digits,
 * GIN on notes_tsv and tags, btree on (organization_id, status, created_at).
 */
export function contactWhere(actor: SessionUser, filters: ContactFilters): { sql: Prisma.Sql; filtered: boolean } {
  const scope = departmentScope(actor);
  const conditions: Prisma.Sql[] = scopeSql(scope, "c");
  if (filters.status !== "all") conditions.push(Prisma.sql`c.status = ${filters.status}`);
  if (filters.department_id) conditions.push(Prisma.sql`c.department_id = ${filters.department_id}`);

  let filtered = false;
  if (filters.q) {
    filtered = true;
    conditions.push(quickSearch(filters.q));
  }
  if (filters.search) {
    filtered = true;
    conditions.push(Prisma.sql`(c.notes_tsv @@ plainto_tsquery('simple', ${filters.search}) OR c.search_text LIKE ${likePattern(filters.search.toLowerCase())})`);
  }
  if (filters.tags?.length) {
    filtered = true;
    conditions.push(Prisma.sql`c.tags @> ${filters.tags}::text[]`);
  }
  if (filters.tags_any?.length) {
    filtered = true;
    conditions.push(Prisma.sql`c.tags && ${filters.tags_any}::text[]`);
  }
  if (filters.opted_out !== undefined) {
    filtered = true;
    conditions.push(filters.opted_out ? Prisma.sql`c.opted_out_at IS NOT NULL` : Prisma.sql`c.opted_out_at IS NULL`);
  }
  if (filters.created_from) {
    filtered = true;
    conditions.push(Prisma.sql`c.created_at >= ${isDay(filters.created_from) ? new Date(`${filters.created_from}T00:00:00Z`) : new Date(filters.created_from)}`);
  }
  if (filters.created_to) {
    filtered = true;
    // A day includes all of it; an instant is the last moment included.
    conditions.push(
      isDay(filters.created_to) ? Prisma.sql`c.created_at < ${new Date(Date.parse(`${filters.created_to}T00:00:00Z`) + 86_400_000)}` : Prisma.sql`c.created_at <= ${new Date(filters.created_to)}`,
    );
  }
  const sql = conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
  return { sql, filtered };
}

/**
 * Quick search: a phone fragment (digits typed any way) against phone digits;
 * a complete email address as an exact, index-backed lookup; anything else as
 * a fragment of name, email, company or phone (trigram index).
 */
function quickSearch(q: string): Prisma.Sql {
  if (looksLikePhone(q)) return Prisma.sql`c.phone_digits LIKE ${likePattern(phoneDigits(q))}`;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q)) return Prisma.sql`lower(c.email) = ${q.toLowerCase()}`;
  return Prisma.sql`c.search_text LIKE ${likePattern(q.toLowerCase())}`;
}

const SORT_SQL: Record<string, string> = {
  name: "lower(c.name) ASC, c.id ASC",
  "-name": "lower(c.name) DESC, c.id DESC",
  created_at: "c.created_at ASC, c.id ASC",
  "-created_at": "c.created_at DESC, c.id DESC",
  updated_at: "c.updated_at ASC, c.id ASC",
  "-updated_at": "c.updated_at DESC, c.id DESC",
  last_called_at: "c.last_called_at ASC NULLS LAST, c.id ASC",
  "-last_called_at": "c.last_called_at DESC NULLS LAST, c.id DESC",
  total_calls: "c.total_calls ASC, c.id ASC",
  "-total_calls": "c.total_calls DESC, c.id DESC",
};

export function contactOrderBy(sort: string): Prisma.Sql {
  return Prisma.raw(SORT_SQL[sort] ?? SORT_SQL["-created_at"]);
}

const isDay = (value: string) => value.length === 10;
