import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { pageOf, skipTake } from "@/lib/http/pagination";
import { callabilityOf } from "./callable-now";
import { findCampaignForActor } from "./campaign-access";
import { exclusionReasonSql, selectionWhere } from "./campaign-selection";
import { dialPolicy } from "./dispatch-campaign";
import type { dryRunContactsQuery } from "./schemas";
import { runSql } from "@/lib/db/run-sql";

interface Row {
  id: bigint;
  name: string;
  phone: string;
  tz: string | null;
  reason: string | null;
  total: number;
}

/**
 * The dry run's names: the contacts the campaign would call (with their local
 * time and whether the checks allow a call now, else when), or those it leaves
 * out and why. The same selection and exclusion rules as the start, by name.
 */
export async function listDryRunContacts({ actor, id, query }: { actor: SessionUser; id: number; query: z.infer<typeof dryRunContactsQuery> }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  const where = await selectionWhere(campaign);
  const wanted = query.list === "will_call" ? Prisma.sql`s.reason IS NULL` : Prisma.sql`s.reason IS NOT NULL`;
  const { skip, take } = skipTake(query);
  const rows = await runSql(prisma).rows<Row>(Prisma.sql`
    SELECT s.id, s.name, s.phone, s.tz, s.reason, count(*) OVER ()::int AS total FROM (
      SELECT c.id, c.name, c.phone, NULLIF(COALESCE(c.custom_fields->>'timezone', c.custom_fields->>'time_zone'), '') AS tz,
             ${exclusionReasonSql(campaign.exclude_dnc)} AS reason
      FROM contacts c WHERE ${where}) AS s
    WHERE ${wanted} ORDER BY s.name, s.id LIMIT ${take} OFFSET ${skip}`);
  const callability = callabilityOf(dialPolicy(campaign), new Date());
  return pageOf(
    rows.map((row) => {
      const base = { contact_id: Number(row.id), name: row.name, phone: row.phone };
      if (row.reason !== null) return { ...base, reason: row.reason };
      const answer = callability({ phone: row.phone, timezoneField: row.tz });
      return { ...base, local_time: answer.local_time, callable_now: answer.callable_now, next_callable_at: answer.next_callable_at, not_callable_because: answer.reason };
    }),
    rows[0]?.total ?? (await countOf(where, wanted, campaign.exclude_dnc)),
    query,
  );
}

/** The total when the page asked for is past the end (no row to carry the window count). */
async function countOf(where: Prisma.Sql, wanted: Prisma.Sql, excludeDnc: boolean): Promise<number> {
  const [row] = await runSql(prisma).rows<{ n: number }>(Prisma.sql`
    SELECT count(*)::int AS n FROM (SELECT ${exclusionReasonSql(excludeDnc)} AS reason FROM contacts c WHERE ${where}) AS s WHERE ${wanted}`);
  return row.n;
}
