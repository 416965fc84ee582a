import "server-only";
import { changeAgentStatus } from "@/lib/agents/agent-status";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { publishEvent } from "@/lib/events/publish-event";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";

const MISSED_NOTICE = "You missed a call offered to you, so you are not taking calls. Choose Available when you are ready.";

/**
 * Offers past their time, on any server (SKIP LOCKED: each due offer is
 * taken by one): marked missed, the agent set to the not-ready state
 * `missed` (only if still available: an agent who meanwhile went offline
 * stays so) and told; then the call goes to the next agent. A server killed
 * with an open offer leaves it here for another.
 */
export async function expireOffers(): Promise<number> {
  const missed = await prisma.$transaction(async (tx) => {
    const rows = await runSql(tx).rows<{ id: bigint; organization_id: number; user_id: number; queue_entry_id: bigint; call_sid: string; from_number: string }>`
      WITH due AS (SELECT id FROM offers WHERE status = 'open' AND expires_at <= now() ORDER BY expires_at LIMIT 200 FOR UPDATE SKIP LOCKED)
      UPDATE offers o SET status = 'missed', answered_at = now() FROM due, queue_entries e
      WHERE o.id = due.id AND e.id = o.queue_entry_id
      RETURNING o.id, o.organization_id, o.user_id, o.queue_entry_id, e.call_sid, e.from_number`;
    for (const row of rows) {
      const agent = await tx.agentStatus.findUnique({ where: { user_id: row.user_id }, select: { status: true } });
      if (agent?.status === "available") await changeAgentStatus(tx, { id: row.user_id, organization_id: row.organization_id }, "missed", { by: "timer", notice: MISSED_NOTICE });
      await publishEvent(
        {
          type: "offer.withdrawn",
          record: { organization_id: row.organization_id, user_id: row.user_id },
          data: { id: Number(row.id), queue_entry_id: Number(row.queue_entry_id), call_sid: row.call_sid, reason: "missed" },
        },
        tx,
      );
    }
    return rows;
  });
  for (const organizationId of new Set(missed.map((row) => row.organization_id))) queueMayMove(organizationId);
  return missed.length;
}
