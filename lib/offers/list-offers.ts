import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { oneOf } from "@/lib/http/answer-schemas";
import { OFFER_STATUSES, type OfferAnswer } from "./schemas";

interface OfferRow {
  id: bigint;
  status: string;
  created_at: Date;
  expires_at: Date;
  queue_entry_id: bigint;
  call_sid: string;
  from_number: string;
  callback: boolean;
  enqueued_at: Date;
  queue_id: number;
  queue_name: string | null;
  department_id: number | null;
  contact: {
    id: number;
    name: string;
    phone: string;
    email: string | null;
    company: string | null;
    tags: string[];
    notes: string | null;
    total_calls: number;
    last_called_at: string | null;
    last_call_outcome: string | null;
  } | null;
}

/**
 * GET /api/offers: the caller's open offer (an agent has at most one), with
 * the contact card of the caller, so the banner shows who it is at once.
 * The contact is shown because the call is offered to this agent, whatever
 * department the contact belongs to. `only`: one offer of theirs, any status.
 */
export async function listOffers({ actor, only }: { actor: SessionUser; only?: bigint }): Promise<{ data: OfferAnswer[] }> {
  const rows = await runSql(prisma).rows<OfferRow>`
    SELECT o.id, o.status, o.created_at, o.expires_at, e.id AS queue_entry_id, e.call_sid, e.from_number,
           (e.callback_requested_at IS NOT NULL) AS callback, e.enqueued_at, q.id AS queue_id, d.name AS queue_name, q.department_id,
           (SELECT json_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email, 'company', c.company, 'tags', c.tags,
                   'notes', left(c.notes, 300), 'total_calls', c.total_calls, 'last_called_at', c.last_called_at, 'last_call_outcome', c.last_call_outcome)
              FROM contacts c WHERE c.id = e.contact_id AND c.organization_id = o.organization_id) AS contact
    FROM offers o JOIN queue_entries e ON e.id = o.queue_entry_id JOIN queues q ON q.id = o.queue_id LEFT JOIN departments d ON d.id = q.department_id
    WHERE o.user_id = ${actor.id} AND o.organization_id = ${actor.organization_id}
      AND ${only === undefined ? openOffers : oneOffer(only)}
    ORDER BY o.created_at DESC LIMIT 10`;
  return { data: rows.map(serializeOffer) };
}

/** The offers still ringing. */
const openOffers = Prisma.sql`o.status = 'open' AND o.expires_at > now()`;
const oneOffer = (id: bigint) => Prisma.sql`o.id = ${id}`;

function serializeOffer(row: OfferRow): OfferAnswer {
  const contact = row.contact;
  return {
    id: Number(row.id),
    status: oneOf(OFFER_STATUSES, row.status, "open"),
    call: { queue_entry_id: Number(row.queue_entry_id), call_sid: row.call_sid, callback: row.callback, wait_seconds: Math.max(0, Math.floor((Date.now() - row.enqueued_at.getTime()) / 1000)) },
    caller: { number: row.from_number, name: contact?.name ?? null },
    contact: contact && { ...contact, id: Number(contact.id), last_called_at: contact.last_called_at ? new Date(contact.last_called_at) : null },
    queue: { id: row.queue_id, name: row.queue_name ?? "General", department_id: row.department_id },
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}
