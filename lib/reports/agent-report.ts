import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { agentMessageFigures } from "./message-figures";
import { callScope, userParts } from "./report-scope";
import { num } from "./figures";
import { runSql } from "@/lib/db/run-sql";
import type { ReportQuery } from "./schemas";

/** Per agent: calls, talk time, average handle time, texts sent and failed, seconds in each availability state, and offers (made, accepted, declined, missed, time to accept) within the range. */
export async function agentReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const users = Prisma.join([Prisma.sql`u.role = 'agent'`, ...userParts(actor, query, "u")], " AND ");
  const start = Prisma.sql`(${query.from}::date::timestamp AT TIME ZONE ${query.tz})`;
  const end = Prisma.sql`((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.tz})`;
  const [rows, states, messages, offers, [offerQueues]] = await Promise.all([
    runSql().rows<{ user_id: number; name: string; calls: number; talk: number; aht: number | null }>(Prisma.sql`
      SELECT u.id AS user_id, u.name, COALESCE(c.calls, 0)::int AS calls, COALESCE(c.talk, 0)::int AS talk, c.aht
      FROM users u LEFT JOIN (
        -- The range's calls grouped by agent first (an index-only scan), then matched to the agents.
        SELECT l.user_id, count(*) AS calls, sum(l.duration) AS talk, avg(l.duration) FILTER (WHERE l.status = 'completed') AS aht
        FROM call_logs l WHERE ${callScope(actor, query)} AND l.user_id IS NOT NULL GROUP BY l.user_id
      ) c ON c.user_id = u.id
      WHERE ${users} ORDER BY u.name`),
    runSql().rows<{ user_id: number; status: string; seconds: number }>(Prisma.sql`
      SELECT s.user_id, s.status,
             round(sum(extract(epoch FROM least(COALESCE(s.ended_at, now()), ${end}) - greatest(s.started_at, ${start}))))::int AS seconds
      FROM agent_status_logs s JOIN users u ON u.id = s.user_id
      WHERE ${users} AND s.started_at < ${end} AND COALESCE(s.ended_at, now()) > ${start}
      GROUP BY 1, 2`),
    agentMessageFigures(actor, query),
    // Offers made to each agent in the range (offer queues, issue 44): how they ended, and how long an accept took.
    runSql().rows<{ user_id: number; offered: number; accepted: number; declined: number; missed: number; to_accept: number | null }>(Prisma.sql`
      SELECT f.user_id, count(*)::int AS offered, count(*) FILTER (WHERE f.status = 'accepted')::int AS accepted,
             count(*) FILTER (WHERE f.status = 'declined')::int AS declined, count(*) FILTER (WHERE f.status = 'missed')::int AS missed,
             avg(extract(epoch FROM f.answered_at - f.created_at)) FILTER (WHERE f.status = 'accepted') AS to_accept
      FROM offers f JOIN users u ON u.id = f.user_id
      WHERE ${users} AND f.created_at >= ${start} AND f.created_at < ${end}
      GROUP BY f.user_id`),
    runSql().rows<{ any: boolean }>(Prisma.sql`SELECT EXISTS (SELECT 1 FROM queues WHERE organization_id = ${actor.organization_id} AND distribution = 'offer') AS any`),
  ]);
  // The offer columns are the organization's once it offers calls (an offer queue now, or offers in the range):
  // a floor that only picks from the list keeps its report, and its spreadsheets, as they were.
  const withOffers = offerQueues.any || offers.length > 0;
  const inState = (userId: number, state: string) => states.find((s) => s.user_id === userId && s.status === state)?.seconds ?? 0;
  return {
    data: rows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      calls: r.calls,
      talk_seconds: r.talk,
      average_handle_seconds: num(r.aht),
      seconds_in_state: { available: inState(r.user_id, "available"), busy: inState(r.user_id, "busy"), wrap_up: inState(r.user_id, "wrap_up"), offline: inState(r.user_id, "offline") },
      // Text columns come after the call columns, and the offer columns (issue 44) after them, so spreadsheets built on the older columns keep their places.
      ...(messages.get(r.user_id) ?? { messages_sent: 0, messages_failed: 0 }),
      ...(withOffers && { offers: { ...offerFigures(offers.find((o) => o.user_id === r.user_id)), seconds_not_ready: inState(r.user_id, "missed") } }),
    })),
  };
}

function offerFigures(row: { offered: number; accepted: number; declined: number; missed: number; to_accept: number | null } | undefined) {
  if (!row) return { offered: 0, accepted: 0, declined: 0, missed: 0, average_seconds_to_accept: null };
  const toAccept = num(row.to_accept);
  return { offered: row.offered, accepted: row.accepted, declined: row.declined, missed: row.missed, average_seconds_to_accept: toAccept === null ? null : Math.round(toAccept * 10) / 10 };
}
