import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { agentMessageFigures } from "./message-figures";
import { callScope, userParts } from "./report-scope";
import { num, runSql } from "./run-sql";
import type { ReportQuery } from "./schemas";

/** Per agent: calls, talk time, average handle time, texts sent and failed, and seconds in each availability state within the range. */
export async function agentReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const users = Prisma.join([Prisma.sql`u.role = 'agent'`, ...userParts(actor, query, "u")], " AND ");
  const start = Prisma.sql`(${query.from}::date::timestamp AT TIME ZONE ${query.tz})`;
  const end = Prisma.sql`((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.tz})`;
  const [rows, states, messages] = await Promise.all([
    runSql<{ user_id: number; name: string; calls: number; talk: number; aht: number | null }>(Prisma.sql`
      SELECT u.id AS user_id, u.name, COALESCE(c.calls, 0)::int AS calls, COALESCE(c.talk, 0)::int AS talk, c.aht
      FROM users u LEFT JOIN (
        -- The range's calls grouped by agent first (an index-only scan), then matched to the agents.
        SELECT l.user_id, count(*) AS calls, sum(l.duration) AS talk, avg(l.duration) FILTER (WHERE l.status = 'completed') AS aht
        FROM call_logs l WHERE ${callScope(actor, query)} AND l.user_id IS NOT NULL GROUP BY l.user_id
      ) c ON c.user_id = u.id
      WHERE ${users} ORDER BY u.name`),
    runSql<{ user_id: number; status: string; seconds: number }>(Prisma.sql`
      SELECT s.user_id, s.status,
             round(sum(extract(epoch FROM least(COALESCE(s.ended_at, now()), ${end}) - greatest(s.started_at, ${start}))))::int AS seconds
      FROM agent_status_logs s JOIN users u ON u.id = s.user_id
      WHERE ${users} AND s.started_at < ${end} AND COALESCE(s.ended_at, now()) > ${start}
      GROUP BY 1, 2`),
    agentMessageFigures(actor, query),
  ]);
  const inState = (userId: number, state: string) => states.find((s) => s.user_id === userId && s.status === state)?.seconds ?? 0;
  return {
    data: rows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      calls: r.calls,
      talk_seconds: r.talk,
      average_handle_seconds: num(r.aht),
      seconds_in_state: { available: inState(r.user_id, "available"), busy: inState(r.user_id, "busy"), wrap_up: inState(r.user_id, "wrap_up"), offline: inState(r.user_id, "offline") },
      // Text columns come last, so spreadsheets built on the call columns keep their places.
      ...(messages.get(r.user_id) ?? { messages_sent: 0, messages_failed: 0 }),
    })),
  };
}
