import "server-only";
import type { WaitingCall } from "@/lib/queue/entries/waiting-call-answer";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import type { SessionUser } from "@/lib/auth/session-user";
import { toJson } from "@/lib/http/json";
import { waitingCallsCache, type CachedList } from "@/lib/queue/entries/waiting-calls-cache";
import { servedDepartments, servesQueue } from "@/lib/auth/scope";

interface WaitingRow {
  id: string;
  call_sid: string;
  from_number: string;
  to_number: string;
  queue_name: string;
  enqueued_at: Date;
  contact_id: string | null;
  contact_name: string | null;
  department_id: number | null;
  department_name: string | null;
  callback: boolean;
  returned_reason: WaitingCall["returned"];
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

const cache = waitingCallsCache();

function waitingCallsOf(organizationId: number): { entry: CachedList; calls: WaitingCall[] } | Promise<{ entry: CachedList; calls: WaitingCall[] }> {
  let entry = cache.get(organizationId);
  if (!entry) cache.set(organizationId, (entry = { readAt: 0, bodies: new Map() }));
  const age = Date.now() - entry.readAt;
  if (!entry.reading && age >= READ_EVERY_MS) startRead(organizationId, entry);
  if (entry.calls && age < SERVE_WHILE_READING_MS) return { entry, calls: entry.calls };
  const current = entry;
  return entry.reading!.then((calls: WaitingCall[]) => ({ entry: current, calls }));
}

function startRead(organizationId: number, entry: CachedList): void {
  const startedAt = Date.now();
  const reading = readWaitingRows(organizationId).then((rows) => rows.map((row) => presentWaitingCall(row, startedAt)));
  entry.reading = reading;
  reading.then(
    (calls: WaitingCall[]) => {
      entry.reading = undefined;
      // A write in this process may have dropped the entry meanwhile: never put an older list back.
      if (cache.get(organizationId) === entry) Object.assign(entry, { calls, readAt: startedAt, bodies: new Map() });
    },
    () => (entry.reading = undefined),
  );
}

/**
 * The waiting calls an agent may take, oldest first: their queues' (their
 * department's and the general one; every queue for admins), each with its
 * place in that list and its queue's name.
 */
export async function listWaitingCalls({ actor }: { actor: SessionUser }): Promise<Response> {
  const { entry, calls } = await waitingCallsOf(actor.organization_id);
  // One body per set of queues served: every agent of a department (and its members) shares it.
  const view = servedDepartments(actor)?.join(",") ?? "all";
  let body = entry.calls === calls ? entry.bodies.get(view) : undefined;
  if (!body) {
    const mine = calls.filter((call) => servesQueue(actor, call.department?.id ?? null));
    body = Buffer.from(toJson({ data: mine.map((call, index) => ({ ...call, position: index + 1 })) }));
    if (entry.calls === calls) entry.bodies.set(view, body);
  }
  return new Response(body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": "application/json" } });
}

function presentWaitingCall(row: WaitingRow, now: number): WaitingCall {
  return {
    id: Number(row.id),
    call_sid: row.call_sid,
    from: row.from_number,
    to: row.to_number,
    queue: row.queue_name,
    department: row.department_id === null ? null : { id: row.department_id, name: row.department_name ?? "" },
    queue_label: row.department_name ?? "General",
    position: 0,
    wait_seconds: Math.max(0, Math.floor((now - new Date(row.enqueued_at).getTime()) / 1000)),
    enqueued_at: row.enqueued_at,
    contact: row.contact_id ? { id: Number(row.contact_id), name: row.contact_name } : null,
    callback: row.callback,
    returned: row.returned_reason,
  };
}

// Every agent's poll of the queue (the specification's 2 s) may read it: planned once per connection.
const WAITING_ROWS = prepared(
  `SELECT q.id, q.call_sid, q.from_number, q.to_number, q.queue_name, q.enqueued_at, c.id AS contact_id, c.name AS contact_name, q.department_id, d.name AS department_name,
    q.callback_requested_at IS NOT NULL AS callback, q.returned_reason
     FROM queue_entries q LEFT JOIN contacts c ON c.id = q.contact_id LEFT JOIN departments d ON d.id = q.department_id
     WHERE q.organization_id = $1 AND q.status = 'waiting'
     ORDER BY q.enqueued_at, q.id LIMIT 500`,
);

function readWaitingRows(organizationId: number): Promise<WaitingRow[]> {
  return runSql().rows<WaitingRow>(WAITING_ROWS, [organizationId]);
}
