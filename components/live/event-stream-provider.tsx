"use client";

import { createContext, useContext, useEffect, useRef, useState } from "react";
import { EVENT_TYPES, type EventType } from "@/lib/events/event-types";

// One EventSource per tab (GET /api/events, on the web session's cookie), shared
// by every page: pages register what they listen to and get `live`, whether
// the stream is up. While it is, they stop polling; when it drops, they poll
// again and say so. The browser reconnects by itself and resumes with
// Last-Event-ID.

type Handler = (data: Record<string, unknown>) => void;

interface LiveStream {
  live: boolean;
  listen(type: EventType, handler: Handler): () => void;
}

const LiveContext = createContext<LiveStream>({ live: false, listen: () => () => {} });

export function EventStreamProvider({ children }: { children: React.ReactNode }) {
  const [live, setLive] = useState(false);
  const handlers = useRef(new Map<string, Set<Handler>>());
  const [stream] = useState<Pick<LiveStream, "listen">>(() => ({
    listen(type, handler) {
      const set = handlers.current.get(type) ?? new Set<Handler>();
      handlers.current.set(type, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
  }));

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(source.readyState === EventSource.OPEN);
    for (const type of Object.keys(EVENT_TYPES)) {
      source.addEventListener(type, (message) => {
        const data = JSON.parse((message as MessageEvent<string>).data) as Record<string, unknown>;
        handlers.current.get(type)?.forEach((handler) => handler(data));
      });
    }
    return () => source.close();
  }, []);

  return <LiveContext.Provider value={{ live, listen: stream.listen }}>{children}</LiveContext.Provider>;
}

/** Is the stream up? (A page polls only when it is not.) */
export function useLive(): boolean {
  return useContext(LiveContext).live;
}

/**
 * Calls `onEvent` for these event types while mounted; answers whether the
 * stream is up.
 */
export function useLiveEvents(types: readonly EventType[], onEvent: Handler): boolean {
  const { live, listen } = useContext(LiveContext);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  const key = types.join(",");
  useEffect(() => {
    const stops = key.split(",").map((type) => listen(type as EventType, (data) => latest.current(data)));
    return () => stops.forEach((stop) => stop());
  }, [key, listen]);
  return live;
}

/** What a page polls at: nothing while the stream is up, `fallbackMs` while it is down. */
export function pollEvery(live: boolean, fallbackMs: number): number {
  return live ? 0 : fallbackMs;
}

/** Says, in the page, whether it is live or falling back to polling. */
export function LiveStatus({ live, fallbackSeconds }: { live: boolean; fallbackSeconds: number }) {
  return live ? (
    <span className="badge ok" data-testid="live-status" title="Updates arrive as they happen">Live</span>
  ) : (
    <span className="badge warn" data-testid="live-status" role="status">Live updates unavailable: refreshing every {fallbackSeconds} s</span>
  );
}
