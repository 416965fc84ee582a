import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";

/** Waiting calls of the caller's organization, oldest first (polled every 2 seconds). */
export async function listWaitingCalls({ actor }: { actor: SessionUser }) {
  const rows = await prisma.queueEntry.findMany({
    where: { organization_id: actor.organization_id, status: "waiting" },
    orderBy: [{ enqueued_at: "asc" }, { id: "asc" }],
    take: 500,
    select: { id: true, call_sid: true, from_number: true, to_number: true, queue_name: true, enqueued_at: true, contact: { select: { id: true, name: true } } },
  });
  const now = Date.now();
  return {
    data: rows.map((row, index) => ({
      id: Number(row.id),
      call_sid: row.call_sid,
      from: row.from_number,
      to: row.to_number,
      queue: row.queue_name,
      position: index + 1,
      wait_seconds: Math.max(0, Math.floor((now - row.enqueued_at.getTime()) / 1000)),
      enqueued_at: row.enqueued_at,
      contact: row.contact ? { id: Number(row.contact.id), name: row.contact.name } : null,
    })),
  };
}

/** Where a waiting call stands in its organization's line, and the average recent wait. */
export async function queuePosition(callSid: string) {
  const entry = await prisma.queueEntry.findUnique({ where: { call_sid: callSid }, select: { organization_id: true, enqueued_at: true, id: true, status: true } });
  if (!entry || entry.status !== "waiting") return { position: null, expectedWaitSeconds: null };
  const ahead = await prisma.queueEntry.count({
    where: { organization_id: entry.organization_id, status: "waiting", OR: [{ enqueued_at: { lt: entry.enqueued_at } }, { enqueued_at: entry.enqueued_at, id: { lt: entry.id } }] },
  });
  const recent = await prisma.callLog.aggregate({
    where: { organization_id: entry.organization_id, direction: "inbound", status: "completed", created_at: { gte: new Date(Date.now() - 3_600_000) } },
    _avg: { wait_seconds: true },
  });
  const average = recent._avg.wait_seconds;
  return { position: ahead + 1, expectedWaitSeconds: average ? Math.round(average * (ahead + 1)) : null };
}
