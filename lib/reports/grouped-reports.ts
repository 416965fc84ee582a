import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { callScope } from "./report-scope";
import { num, ratio } from "./figures";
import { runSql } from "@/lib/db/run-sql";
import type { ReportQuery } from "./schemas";

interface Group {
  id: number | null;
  name: string;
  calls: number;
  connected: number;
  talk: number;
  aht: number | null;
}

const FIGURES = Prisma.sql`count(*)::int AS calls,
  count(*) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL)::int AS connected,
  COALESCE(sum(l.duration) FILTER (WHERE l.user_id IS NOT NULL), 0)::int AS talk,
  avg(l.duration) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL) AS aht`;

const shape = (g: Group) => ({ calls: g.calls, connected: g.connected, connect_rate: ratio(g.connected, g.calls), talk_seconds: g.talk, average_handle_seconds: num(g.aht) });

/** Per campaign: its calls, how many reached an agent, talk time. */
export async function campaignReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const rows = await runSql().rows<Group & { id: number }>(Prisma.sql`
    SELECT k.id, k.name, ${FIGURES} FROM call_logs l JOIN campaigns k ON k.id = l.campaign_id
    WHERE ${callScope(actor, query)} GROUP BY k.id, k.name ORDER BY calls DESC, k.name`);
  return { data: rows.map((g) => ({ campaign_id: g.id, name: g.name, ...shape(g) })) };
}

/** Per contact tag: the calls with contacts carrying it (a call counts once under each of its contact's tags). */
export async function tagReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const rows = await runSql().rows<Group>(Prisma.sql`
    SELECT NULL::int AS id, t.tag AS name, ${FIGURES}
    FROM call_logs l JOIN contacts c ON c.id = l.contact_id CROSS JOIN LATERAL unnest(c.tags) AS t(tag)
    WHERE ${callScope(actor, query)} GROUP BY t.tag ORDER BY calls DESC, t.tag LIMIT 200`);
  return { data: rows.map((g) => ({ tag: g.name, ...shape(g) })) };
}
