import "server-only";
import { RETURNED_REASONS } from "@/lib/events/event-contract";
import type { AgentMover } from "@/lib/agents/agent-states";
import { changeAgentStatus } from "@/lib/agents/agent-status";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { publishEvent } from "@/lib/events/publish-event";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import { processSingleton } from "@/lib/process/process-registry";

type Reason = "timeout" | "offline" | "signed_out" | "revoked";

/** What the line says of a caller returned to it (queue_entries.returned_reason, the waiting call's `returned`). */
type ReturnedReason = (typeof RETURNED_REASONS)[number];
/** Who moves the agent Offline: the watch's timer, the agent (going Offline, signing out), or whoever ended their sessions. */
const MOVER: Record<Reason, AgentMover> = { timeout: "timer", offline: "agent", signed_out: "agent", revoked: "supervisor" };
const RETURNED: Record<Reason, ReturnedReason> = { timeout: "device_never_joined", offline: "agent_offline", signed_out: "agent_signed_out", revoked: "agent_sessions_ended" };

function noticeFor(reason: Reason, from: string): string {
  const seconds = env().ACCEPT_CONNECT_SECONDS;
  if (reason === "timeout")
    return `The call from ${from} went back to the queue: your phone did not join it within ${seconds} seconds. You are Offline now; set yourself Available when your phone is ready.`;
  if (reason === "offline") return `The call from ${from} went back to the queue because you went Offline before your phone joined it.`;
  if (reason === "revoked") return `The call from ${from} went back to the queue because your sessions were ended before your phone joined it.`;
  return `The call from ${from} went back to the queue because you signed out before your phone joined it.`;
}

/**
 * Accepted calls whose agent's device never joined go back to waiting: after
 * ACCEPT_CONNECT_SECONDS (the watch in every process), or at once when the
 * agent goes Offline, signs out, or has their tokens revoked (`userId`). A returned caller keeps their
 * place, at the head of the line (the line is ordered by arrival). The agent
 * goes Offline with a notice saying why, and the line says why the caller is
 * back (`returned`: I5, docs/decisions/034). Returns how many calls went back.
 */
export async function returnUnconnectedCalls({ userId, reason }: { userId?: number; reason: Reason }): Promise<number> {
  const olderThan = reason === "timeout" ? env().ACCEPT_CONNECT_SECONDS : 0;
  // The watch runs every few seconds in every process and nearly always finds nothing: one read says so, without a transaction's three round trips.
  if (reason === "timeout" && !(await anyUnconnected(olderThan))) return 0;
  const returned = await prisma.$transaction(async (tx) => {
    const rows = await runSql(tx).rows<{ id: bigint; call_sid: string; organization_id: number; department_id: number | null; contact_id: bigint | null; user_id: number; from_number: string }>`
      WITH stale AS (
        SELECT id, accepted_by_user_id, from_number FROM queue_entries
        WHERE status = 'accepted' AND connected_at IS NULL AND accepted_at <= now() - make_interval(secs => ${olderThan})
          AND (${userId ?? null}::int IS NULL OR accepted_by_user_id = ${userId ?? null}::int)
        FOR UPDATE SKIP LOCKED)
      UPDATE queue_entries q SET status = 'waiting', accepted_by_user_id = NULL, accepted_at = NULL, returned_reason = ${RETURNED[reason]}, updated_at = now()
      FROM stale WHERE q.id = stale.id
      RETURNING q.id, q.call_sid, q.organization_id, q.department_id, q.contact_id, stale.accepted_by_user_id AS user_id, stale.from_number`;
    for (const row of rows) {
      if (row.user_id !== null) await changeAgentStatus(tx, { id: row.user_id, organization_id: row.organization_id }, "offline", { by: MOVER[reason], notice: noticeFor(reason, row.from_number) });
      // Back in line: to the pages it is a caller waiting again, news to those who serve its queue only
      // (as its first announcement was: the caller's number is not the whole organization's).
      await publishEvent(
        {
          type: "queue.entry.added",
          record: { organization_id: row.organization_id, department_id: row.department_id },
          data: {
            id: Number(row.id),
            call_sid: row.call_sid,
            from: row.from_number,
            contact_id: row.contact_id === null ? null : Number(row.contact_id),
            department_id: row.department_id,
            callback: false,
            transferred: false,
            returned: RETURNED[reason],
          },
        },
        tx,
      );
    }
    return rows;
  });
  for (const organizationId of new Set(returned.map((row) => row.organization_id))) forgetWaitingCalls(organizationId);
  if (returned.length) logger.warn("accepted calls returned to the queue", { reason, calls: returned.length });
  return returned.length;
}

async function anyUnconnected(olderThan: number): Promise<boolean> {
  const rows = await runSql().rows(`SELECT 1 FROM queue_entries WHERE status = 'accepted' AND connected_at IS NULL AND accepted_at <= now() - make_interval(secs => $1) LIMIT 1`, [olderThan]);
  return rows.length > 0;
}

const watch = processSingleton<{ timer?: NodeJS.Timeout }>("unconnected-call-watch", () => ({}));

/** Every process looks for accepts that never joined, a few times per timeout. */
export function watchUnconnectedCalls(): void {
  if (watch.timer) return;
  const everyMs = Math.max(1000, Math.min(5000, (env().ACCEPT_CONNECT_SECONDS * 1000) / 4));
  watch.timer = setInterval(() => {
    returnUnconnectedCalls({ reason: "timeout" }).catch((error) => logger.error("unconnected call watch failed", { error: error instanceof Error ? error.message : String(error) }));
  }, everyMs);
  watch.timer.unref();
}
