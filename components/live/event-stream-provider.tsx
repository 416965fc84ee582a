"use client";

import { SIGNING_OUT } from "./signing-out";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import type { StreamCloseReason } from "@/lib/events/event-types";
import { EVENT_TYPE_NAMES, type EventType } from "@/lib/events/event-contract";
import { apiFetch, ApiRequestError } from "@/lib/client/swr/api-fetch";

// One EventSource per tab (GET /api/events, on the web session's cookie), shared
// by every page: pages register what they listen to and get `live`, whether
// the stream is up. While it is, they stop polling; when it drops, they poll
// again and say so. The browser reconnects by itself and resumes with
// Last-Event-ID.
//
// A stream lives as long as the rights it was opened with (issue 40): when
// the user's role, department or queues change, the server ends it with a
// last `stream.closed` frame. The page then reloads what it shows (the
// layout, read with the new rights, and every SWR request) while the browser
// reconnects with the new rights. When the session ended, or the browser gave
// up (the server refused the stream), the API says whether we are still signed
// in: if not, apiFetch signs out to the sign-in page; if so, a new stream.

/** How long after the browser gave up on the stream a new one is tried. */
const REOPEN_MS = 5_000;

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

  const token = useSession().data?.apiToken;
  const router = useRouter();
  const { mutate } = useSWRConfig();
  // Read by the stream's handlers as they are at the time (the effect does not reopen the stream for them).
  const reload = useRef(() => {});
  useEffect(() => {
    reload.current = () => {
      router.refresh();
      void mutate(() => true);
    };
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const recheck = () => {
      source?.close();
      setLive(false);
      // A 401 here signs the page out (apiFetch); anything else: try a new stream in a while.
      const again = () => void (stopped || (reopen = setTimeout(open, REOPEN_MS)));
      if (!token) return again();
      apiFetch("/api/user", token).then(again, (error) => !(error instanceof ApiRequestError && error.status === 401) && again());
    };
    const open = () => {
      const current = (source = new EventSource("/api/events"));
      current.onopen = () => setLive(true);
      current.onerror = () => {
        setLive(current.readyState === EventSource.OPEN);
        // CLOSED: the server refused the stream (signed out, too many streams, an error), and the browser will not retry.
        if (current.readyState === EventSource.CLOSED) recheck();
      };
      current.addEventListener("stream.closed", (message) => {
        const { reason } = JSON.parse((message as MessageEvent<string>).data) as { reason: StreamCloseReason };
        if (reason === "rights_changed") reload.current();
        else recheck();
      });
      for (const type of EVENT_TYPE_NAMES) {
        current.addEventListener(type, (message) => {
          const data = JSON.parse((message as MessageEvent<string>).data) as Record<string, unknown>;
          handlers.current.get(type)?.forEach((handler) => handler(data));
        });
      }
    };
    const stop = () => {
      stopped = true;
      clearTimeout(reopen);
      source?.close();
    };
    open();
    window.addEventListener(SIGNING_OUT, stop);
    return () => {
      window.removeEventListener(SIGNING_OUT, stop);
      stop();
    };
  }, [token]);

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
    <span className="badge ok" data-testid="live-status" title="Updates arrive as they happen">
      Live
    </span>
  ) : (
    <span className="badge warn" data-testid="live-status" role="status">
      Live updates unavailable: refreshing every {fallbackSeconds} s
    </span>
  );
}

/**
 * Reads a page's data again each time the stream comes up: whatever changed
 * while the page was loading (an event sent before the stream was open, an
 * offer made between the first read and the stream) is not missed.
 */
export function useReadAgainWhenLive(reload: () => unknown): void {
  const live = useContext(LiveContext).live;
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (live) void latest.current();
  }, [live]);
}
