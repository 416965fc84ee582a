import "server-only";
import { servedQueueScope, servesQueue } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { AppError } from "@/lib/errors/app-error";
import type { z } from "zod";
import type { followUpListAnswer } from "./follow-up-answer";

// Abandoned calls to follow up (issue 23): callers who hung up while waiting,
// and callbacks nobody reached, of the queues the user serves, for a week.
// Each is followed up once, by one agent: called back (one click: the
// softphone dials the number) or dismissed. A caller the center reached
// since (their contact's last call completed after they gave up) drops off.

const FOLLOW_UP_DAYS = 7;

const SELECT = {
  id: true,
  call_sid: true,
  from_number: true,
  department_id: true,
  enqueued_at: true,
  dequeued_at: true,
  callback_requested_at: true,
  contact: { select: { id: true, name: true, last_called_at: true, last_call_outcome: true } },
} as const;

/** GET /api/queue/abandoned: newest first. */
export async function listFollowUps({ actor }: { actor: SessionUser }): Promise<z.output<typeof followUpListAnswer>> {
  const since = new Date(Date.now() - FOLLOW_UP_DAYS * 86_400_000);
  const [rows, departments] = await Promise.all([
    prisma.queueEntry.findMany({
      where: { ...servedQueueScope(actor), status: "abandoned", followed_up_at: null, dequeued_at: { gte: since } },
      orderBy: [{ dequeued_at: "desc" }, { id: "desc" }],
      take: 200,
      select: SELECT,
    }),
    prisma.department.findMany({ where: { organization_id: actor.organization_id }, select: { id: true, name: true } }),
  ]);
  const names = new Map(departments.map((d) => [d.id, d.name]));
  const reachedSince = (row: (typeof rows)[number]) =>
    row.contact?.last_call_outcome === "completed" && row.contact.last_called_at !== null && row.dequeued_at !== null && row.contact.last_called_at > row.dequeued_at;
  return {
    data: rows
      .filter((row) => !reachedSince(row))
      .map((row) => ({
        id: Number(row.id),
        call_sid: row.call_sid,
        from: row.from_number,
        contact: row.contact ? { id: Number(row.contact.id), name: row.contact.name } : null,
        department_id: row.department_id,
        queue_label: row.department_id === null ? "General" : (names.get(row.department_id) ?? ""),
        callback: row.callback_requested_at !== null,
        wait_seconds: row.dequeued_at ? Math.max(0, Math.round((row.dequeued_at.getTime() - row.enqueued_at.getTime()) / 1000)) : 0,
        abandoned_at: row.dequeued_at ?? row.enqueued_at, // always set on an abandoned entry (the query asks for it)
      })),
  };
}

/**
 * POST /api/queue/abandoned/{id}/call-back and /dismiss: the follow-up is
 * claimed in one conditional update (two agents clicking at once: one wins,
 * the other gets 409). Calling back answers the number for the softphone.
 */
export async function followUp({ actor, id, action }: { actor: SessionUser; id: bigint; action: "call_back" | "dismiss" }) {
  const entry = await prisma.queueEntry.findFirst({ where: { id, organization_id: actor.organization_id, status: "abandoned" }, select: SELECT });
  if (!entry || !servesQueue(actor, entry.department_id)) throw AppError.notFound();
  const claimed = await prisma.queueEntry.updateMany({
    where: { id, organization_id: actor.organization_id, status: "abandoned", followed_up_at: null },
    data: { followed_up_at: new Date(), followed_up_by_user_id: actor.id },
  });
  if (claimed.count === 0) throw AppError.conflict("Someone has already followed up this call.");
  await publishEvent({
    type: "queue.entry.updated",
    record: { organization_id: actor.organization_id, department_id: entry.department_id },
    data: { id: Number(id), call_sid: entry.call_sid, callback: false, followed_up: action, user_id: actor.id },
  });
  const contact = entry.contact ? { id: Number(entry.contact.id), name: entry.contact.name } : null;
  return { id: Number(id), action, number: entry.from_number, contact, ...(action === "call_back" && { params: { To: entry.from_number, ...(contact && { contactId: String(contact.id) }) } }) };
}
