import "server-only";
import { EVENT_PERMISSIONS } from "@/lib/auth/event-permissions";
import { can } from "@/lib/auth/permissions";
import { eventReceiver, organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { z } from "zod";
import type { StreamCloseReason } from "@/lib/events/event-types";
import { EVENT_TYPE_NAMES, isEventType, type EventType } from "@/lib/events/event-contract";
import { recordEventsDelivered } from "@/lib/metrics/metrics";
import { eventBus, type Arrival, type StoredEvent, type Subscriber } from "@/lib/events/event-bus";
import { openTransport, type StreamTransport } from "@/lib/events/stream-transport";

// GET /api/events: Server-Sent Events. Each event has an `id` (resume with
// Last-Event-ID), a type as its `event` name and JSON `data`; a comment every
// 15 s keeps proxies from closing an idle stream. The bytes go out through
// lib/events/stream-transport.ts (straight to the socket behind our server).

const encoder = new TextEncoder();

// One event goes to every subscriber of the process: its bytes are built once,
// and so are a burst's when it goes whole to many (the bus hands them the same array).
const frames = new WeakMap<StoredEvent, Uint8Array>();
function frame(event: StoredEvent): Uint8Array {
  let bytes = frames.get(event);
  if (!bytes) {
    const data = JSON.stringify({ ...event.data, at: new Date(event.created_at).toISOString() });
    bytes = encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${data}\n\n`);
    frames.set(event, bytes);
  }
  return bytes;
}
const bursts = new WeakMap<StoredEvent[], Uint8Array>();
function framed(events: StoredEvent[]): Uint8Array {
  if (events.length === 1) return frame(events[0]);
  let bytes = bursts.get(events);
  if (!bytes) bursts.set(events, (bytes = Buffer.concat(events.map(frame))));
  return bytes;
}

/** How long after a resume's history live events are still checked against it. */
const OVERLAP_MS = 10_000;

export const eventStreamQuery = z.object({
  /** Comma-separated event types; without it, every type. */
  types: z
    .string()
    .max(1000)
    .optional()
    .superRefine((raw, ctx) => {
      const unknown = (raw ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t && !isEventType(t));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown event types: ${unknown.join(", ")}. Known: ${EVENT_TYPE_NAMES.join(", ")}.` });
    }),
  /** Where to resume from when the Last-Event-ID header cannot be sent. */
  last_event_id: z
    .string()
    .regex(/^\d{1,18}$/, "must be an event id.")
    .optional(),
});
export type EventStreamQuery = z.infer<typeof eventStreamQuery>;

/**
 * The stream of `user`, as read with the request's token after it arrived
 * (`arrival`, event-stream-route.ts): it lives as long as those rights do.
 */
export async function openEventStream({ user, request, query, arrival }: { user: SessionUser; request: Request; query: EventStreamQuery; arrival: Arrival }): Promise<Response> {
  const bus = eventBus();
  const types = query.types
    ? new Set(
        query.types
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      )
    : null;
  const lastEventId = request.headers.get("last-event-id") ?? query.last_event_id ?? null;
  const resumeFrom = lastEventId && /^\d{1,18}$/.test(lastEventId) ? BigInt(lastEventId) : null;

  let transport: StreamTransport | null = null;
  let closed = false;
  // Live events that arrive while the history is being read wait here, then go after it.
  let pending: StoredEvent[] | null = resumeFrom === null ? null : [];
  let sent: Set<string> | null = resumeFrom === null ? null : new Set<string>();

  const write = (chunk: string | Uint8Array) => {
    if (!closed) transport?.write(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
  };
  // Only the overlap of history and live needs the ids sent; the set is dropped a while after the
  // history went out (an event read into the history may still be on its way live: announcements are
  // gathered, then read, so one committed before the history query can be delivered after it).
  const send = (events: StoredEvent[]) => {
    const fresh = sent ? events.filter((event) => !sent!.has(event.id)) : events;
    fresh.forEach((event) => sent?.add(event.id));
    if (fresh.length && !closed) {
      write(framed(fresh));
      recordEventsDelivered(fresh.length);
    }
  };
  const close = (reason?: StreamCloseReason) => {
    if (closed) return;
    // The server ends it: say why, so the page reloads what it shows under its new rights (or finds it is signed out).
    if (reason) write(`event: stream.closed\ndata: ${JSON.stringify({ reason })}\n\n`);
    closed = true;
    unsubscribe();
    transport?.end();
  };
  const subscriber: Subscriber = {
    userId: user.id,
    tokenId: user.token_id,
    organizationId: organizationScope(user).organization_id ?? null,
    wants: receivesEvent(user, types),
    deliver: (events) => (pending ? pending.push(...events) : send(events)),
    heartbeat: () => write(": heartbeat\n\n"),
    close,
  };
  // Subscribing first: beyond the cap it throws (429) before anything is written.
  const unsubscribe = bus.subscribe(subscriber);
  transport = openTransport(request, () => close());
  // Reconnect after 2 s when the stream drops; say we are here at once.
  write("retry: 2000\n: connected\n\n");
  // The user's rights changed (or their session ended) after they were read and before the stream subscribed.
  const missed = bus.closedSince(subscriber, arrival);
  if (missed) {
    close(missed);
    return transport.response;
  }

  if (resumeFrom !== null) {
    void bus.history(subscriber, resumeFrom).then(
      (history) => {
        send(history);
        const live = pending ?? [];
        pending = null;
        send(live);
        setTimeout(() => (sent = null), OVERLAP_MS).unref?.();
      },
      () => close(),
    );
  }
  return transport.response;
}

/**
 * The stream's check, passed to the bus: an event of a type the stream asked
 * for, that the user's role may read (EVENT_PERMISSIONS) and whose record is in
 * their scope (the API's own, lib/auth/scope.ts), each visibility worked out once.
 */
function receivesEvent(user: SessionUser, types: Set<string> | null): (event: StoredEvent) => boolean {
  const receives = eventReceiver(user);
  return (event) => {
    if (types && !types.has(event.type)) return false;
    const permission = EVENT_PERMISSIONS[event.type as EventType];
    return permission !== undefined && can(user.role, permission) && receives(event.visibility, event);
  };
}
