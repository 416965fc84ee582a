import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { z } from "zod";
import { EVENT_TYPES } from "./event-types";
import { eventBus, type StoredEvent, type Subscriber } from "./event-bus";

// GET /api/events: Server-Sent Events. Each event has an `id` (resume with
// Last-Event-ID), a type as its `event` name and JSON `data`; a comment every
// 15 s keeps proxies from closing an idle stream. A slow reader that falls a
// megabyte behind is closed (its browser reconnects and resumes) rather than
// buffered without bound.

const MAX_BUFFERED_BYTES = 1024 * 1024;
const encoder = new TextEncoder();

// One event goes to every subscriber of the process: its bytes are built once.
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

export const eventStreamQuery = z.object({
  /** Comma-separated event types; without it, every type. */
  types: z
    .string()
    .max(1000)
    .optional()
    .superRefine((raw, ctx) => {
      const unknown = (raw ?? "").split(",").map((t) => t.trim()).filter((t) => t && !(t in EVENT_TYPES));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown event types: ${unknown.join(", ")}. Known: ${Object.keys(EVENT_TYPES).join(", ")}.` });
    }),
  /** Where to resume from when the Last-Event-ID header cannot be sent. */
  last_event_id: z.string().regex(/^\d{1,18}$/, "must be an event id.").optional(),
});
export type EventStreamQuery = z.infer<typeof eventStreamQuery>;

export async function openEventStream({ user, request, query }: { user: SessionUser; request: Request; query: EventStreamQuery }): Promise<Response> {
  const bus = eventBus();
  await bus.start();
  const types = query.types ? new Set(query.types.split(",").map((t) => t.trim()).filter(Boolean)) : null;
  const lastEventId = request.headers.get("last-event-id") ?? query.last_event_id ?? null;
  const resumeFrom = lastEventId && /^\d{1,18}$/.test(lastEventId) ? BigInt(lastEventId) : null;

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let unsubscribe = () => {};
  // Live events that arrive while the history is being read wait here, then go after it.
  let pending: StoredEvent[] | null = resumeFrom === null ? null : [];
  let sent: Set<string> | null = resumeFrom === null ? null : new Set<string>();

  const write = (chunk: string | Uint8Array) => {
    if (closed) return;
    try {
      controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      if ((controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) close();
    } catch {
      close();
    }
  };
  // Only the overlap of history and live needs the ids sent; the set is dropped once live.
  const send = (events: StoredEvent[]) => {
    const fresh = events.filter((event) => !sent?.has(event.id));
    fresh.forEach((event) => sent?.add(event.id));
    if (fresh.length === 1) write(frame(fresh[0]));
    else if (fresh.length > 1) write(Buffer.concat(fresh.map(frame)));
  };
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  };
  const subscriber: Subscriber = {
    user,
    tokenId: user.token_id,
    types,
    deliver: (events) => (pending ? pending.push(...events) : send(events)),
    heartbeat: () => write(": heartbeat\n\n"),
    close,
  };
  unsubscribe = bus.subscribe(subscriber);

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // Reconnect after 2 s when the stream drops; say we are here at once.
      c.enqueue(encoder.encode(`retry: 2000\n: connected\n\n`));
    },
    cancel: close,
  }, { highWaterMark: MAX_BUFFERED_BYTES, size: (chunk) => chunk.byteLength });
  request.signal.addEventListener("abort", close);

  if (resumeFrom !== null) {
    void bus.history(subscriber, resumeFrom).then(
      (history) => {
        send(history);
        const live = pending ?? [];
        pending = null;
        send(live);
        sent = null;
      },
      () => close(),
    );
  }

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
