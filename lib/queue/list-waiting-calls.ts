import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { toJson } from "@/lib/http/json";

interface WaitingRow {
  id: string;
  call_sid: string;
  from_number: string;
  to_number: string;
  queue_name: string;
  enqueued_at: Date;
  contact_id: string | null;
  contact_name: string | null;
}

// Every agent of an organization polls the same list every 2 seconds: 1,000
// agents are 500 identical questions a second. Each process answers them from
// one read per organization per 250 ms, encoded once: the answer is the same
// for every agent of the organization, and building a 200-call body 500 times
// a second costs more than the read. While the next read is on its way the
// last answer is served (for up to a second), so one slow statement does not
// hold up every agent's poll behind it.
// This is a read-through cache, not state: accepting a call is decided in the
// database, and an agent may at worst see a call (and its wait) as it was a
// moment ago (accepting a call someone else took then gets 409).
const READ_EVERY_MS = 250;
const SERVE_WHILE_READING_MS = 1000;

interface CachedList {
  body?: Uint8Array;
  /** When the read behind `body` started: the list is at least this fresh. */
  readAt: number;
  reading?: Promise<Uint8Array>;
}
// On globalThis: the routes that write the queue and the one that lists it may
// be bundled apart by Next.js, each with its own copy of this module.
const CACHE = Symbol.for("contact-center.waiting-calls");
const cacheHolder = globalThis as typeof globalThis & { [CACHE]?: Map<number, CachedList> };
const cache = (cacheHolder[CACHE] ??= new Map());

function waitingCallsBody(organizationId: number): Uint8Array | Promise<Uint8Array> {
  let entry = cache.get(organizationId);
  if (!entry) cache.set(organizationId, (entry = { readAt: 0 }));
  const age = Date.now() - entry.readAt;
  if (!entry.reading && age >= READ_EVERY_MS) startRead(organizationId, entry);
  if (entry.body && age < SERVE_WHILE_READING_MS) return entry.body;
  return entry.reading!;
}

function startRead(organizationId: number, entry: CachedList): void {
  const startedAt = Date.now();
  const reading = readWaitingRows(organizationId).then((rows) =>
    Buffer.from(toJson(presentWaitingCalls(rows, startedAt))),
  );
  entry.reading = reading;
  reading.then(
    (body) => {
      entry.reading = undefined;
      // A write in this process may have dropped the entry meanwhile: never put an older list back.
      if (cache.get(organizationId) === entry) Object.assign(entry, { body, readAt: startedAt });
    },
    () => (entry.reading = undefined),
  );
}

/** Called by this process's own queue writes, so it never serves itself a stale list. */
export function forgetWaitingCalls(organizationId: number): void {
  cache.delete(organizationId);
}

/** Waiting calls of the caller's organization, oldest first (one indexed statement). */
export async function listWaitingCalls({ actor }: { actor: SessionUser }): Promise<Response> {
  const body = await waitingCallsBody(actor.organization_id);
  return new Response(body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": "application/json" } });
}

function presentWaitingCalls(rows: WaitingRow[], now: number) {
  return {
    data: rows.map((row, index) => ({
      id: Number(row.id),
      call_sid: row.call_sid,
      from: row.from_number,
      to: row.to_number,
      queue: row.queue_name,
      position: index + 1,
      wait_seconds: Math.max(0, Math.floor((now - new Date(row.enqueued_at).getTime()) / 1000)),
      enqueued_at: row.enqueued_at,
      contact: row.contact_id ? { id: Number(row.contact_id), name: row.contact_name } : null,
    })),
  };
}

function readWaitingRows(organizationId: number): Promise<WaitingRow[]> {
  return rawQuery<WaitingRow>(
    `SELECT q.id, q.call_sid, q.from_number, q.to_number, q.queue_name, q.enqueued_at, c.id AS contact_id, c.name AS contact_name
     FROM queue_entries q LEFT JOIN contacts c ON c.id = q.contact_id
     WHERE q.organization_id = $1 AND q.status = 'waiting'
     ORDER BY q.enqueued_at, q.id LIMIT 500`,
    [organizationId],
  );
}

/** Where a waiting call stands in its organization's line, and the average recent wait. */
export async function queuePosition({ organizationId, callSid }: { organizationId: number; callSid: string }) {
  const entry = await prisma.queueEntry.findFirst({ where: { call_sid: callSid, organization_id: organizationId }, select: { organization_id: true, enqueued_at: true, id: true, status: true } });
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
