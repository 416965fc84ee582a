import "server-only";
import type { z } from "zod";
import { ownerScope, queueScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { userParts } from "./report-scope";
import { runSql } from "@/lib/db/run-sql";
import { todayIn, type liveQuerySchema } from "./schemas";
import { queueFigures } from "./queue-figures";
import { todaysCalls } from "./todays-calls";
import { AGENT_STATUSES, type AgentState } from "@/lib/agents/agent-status";
import type { liveAnswer } from "./live-answer";

interface RosterRow {
  id: number;
  name: string;
  department_id: number | null;
  status: string;
  changed_at: Date | null;
  call_sid: string | null;
  number: string | null;
  contact_name: string | null;
  direction: string | null;
  call_state: string | null;
  call_started_at: Date | null;
  offers_accepted: number;
  offers_declined: number;
  offers_missed: number;
}

/** The wallboard: callers waiting now, the longest wait, agents by state, and today's answered, abandoned and service level. */
export async function liveReport({ actor, query }: { actor: SessionUser; query: z.infer<typeof liveQuerySchema> }): Promise<z.output<typeof liveAnswer>> {
  const today = todayIn(query.tz);
  const organization = Prisma.join([Prisma.sql`TRUE`, ...scopeSql(queueScope(actor), "q")], " AND ");
  const people = Prisma.join([Prisma.sql`TRUE`, ...userParts(actor, query, "u")], " AND ");
  const [[queue], agents, day, roster, queues] = await Promise.all([
    runSql().rows<{ waiting: number; oldest: Date | null }>(Prisma.sql`
      SELECT count(*)::int AS waiting, min(q.enqueued_at) AS oldest FROM queue_entries q WHERE ${organization} AND q.status = 'waiting'`),
    runSql().rows<{ status: string; agents: number }>(Prisma.sql`
      SELECT COALESCE(a.status, 'offline') AS status, count(*)::int AS agents
      FROM users u LEFT JOIN agent_statuses a ON a.user_id = u.id
      WHERE u.role = 'agent' AND u.active AND ${Prisma.join([Prisma.sql`TRUE`, ...userParts(actor, query, "u")], " AND ")} GROUP BY 1`),
    todaysCalls({ actor, today, tz: query.tz, departmentId: query.department_id, serviceLevelSeconds: query.service_level_seconds }),
    // The live list supervisors monitor from: each agent's state, since when, and the call they are on.
    runSql().rows<RosterRow>(Prisma.sql`
      SELECT u.id, u.name, u.department_id, COALESCE(a.status, 'offline') AS status, a.changed_at,
             l.call_sid, l.number, l.direction, l.state AS call_state, COALESCE(l.answered_at, l.started_at) AS call_started_at,
             (SELECT ct.name FROM contacts ct WHERE ct.id = l.contact_id AND ct.organization_id = u.organization_id) AS contact_name,
             o.accepted AS offers_accepted, o.declined AS offers_declined, o.missed AS offers_missed
      FROM users u LEFT JOIN agent_statuses a ON a.user_id = u.id
      -- Today's offers to the agent (issue 44), by how they ended.
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE f.status = 'accepted')::int AS accepted, count(*) FILTER (WHERE f.status = 'declined')::int AS declined,
               count(*) FILTER (WHERE f.status = 'missed')::int AS missed
        FROM offers f WHERE f.user_id = u.id AND f.created_at >= (${today}::date::timestamp AT TIME ZONE ${query.tz})) o
      LEFT JOIN LATERAL (SELECT * FROM live_calls c WHERE c.user_id = u.id AND c.organization_id = u.organization_id AND c.ended_at IS NULL ORDER BY c.id DESC LIMIT 1) l ON true
      WHERE u.role = 'agent' AND u.active AND ${people}
      ORDER BY CASE COALESCE(a.status, 'offline') WHEN 'busy' THEN 0 WHEN 'wrap_up' THEN 1 WHEN 'available' THEN 2 ELSE 3 END, u.name, u.id
      LIMIT 500`),
    queueFigures({ actor, today, tz: query.tz, serviceLevelSeconds: query.service_level_seconds }),
  ]);
  const inState = (state: AgentState) => agents.find((a) => a.status === state)?.agents ?? 0;
  return {
    at: new Date(),
    calls_waiting: queue.waiting,
    longest_wait_seconds: queue.oldest ? Math.max(0, Math.floor((Date.now() - new Date(queue.oldest).getTime()) / 1000)) : 0,
    agents_by_state: { available: inState("available"), busy: inState("busy"), wrap_up: inState("wrap_up"), offline: inState("offline"), missed: inState("missed") },
    agents: roster.map((r) => ({
      id: r.id,
      name: r.name,
      department_id: r.department_id,
      status: AGENT_STATUSES.find((state) => state === r.status) ?? "offline",
      since: r.changed_at,
      seconds_in_state: r.changed_at ? Math.max(0, Math.floor((Date.now() - new Date(r.changed_at).getTime()) / 1000)) : null,
      call: r.call_sid ? { call_sid: r.call_sid, number: r.number, contact_name: r.contact_name, direction: r.direction, state: r.call_state, started_at: r.call_started_at } : null,
      offers_today: { accepted: r.offers_accepted, declined: r.offers_declined, missed: r.offers_missed },
    })),
    queues,
    today: { date: today, ...day, service_level_seconds: query.service_level_seconds, scope: callersScope(actor) },
  };
}

/** Whose callers the day's figures count: the reports' scope (ownerScope). */
function callersScope(actor: SessionUser): "organization" | "department" | "own" {
  const owner = ownerScope(actor);
  return owner.user_id !== undefined ? "own" : owner.department_id !== undefined ? "department" : "organization";
}
