"use client";

import { CallerAlertsChoice } from "@/components/offers/caller-alerts";
import { isolateBidi } from "@/lib/client/format/isolate-bidi";
import { useState } from "react";
import { formatDuration, formatPhone } from "@/lib/client/format/display";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { LiveStatus, pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { useSoftphone } from "@/components/softphone/softphone-provider";
import { useSecondsSince } from "@/components/softphone/use-ticking";
import { useAgentStatus } from "./availability-switch";

/** Why a caller came back to the line after an accept (I5), as an agent reads it. */
const RETURNED_WHY = {
  device_never_joined: "back in line: the agent's phone never joined",
  agent_offline: "back in line: the agent went offline",
  agent_signed_out: "back in line: the agent signed out",
  agent_sessions_ended: "back in line: the agent's sessions were ended",
} as const;

/** A caller waiting (or a callback due), as GET /api/queue/calls lists them. */
type WaitingCall = GetAnswer<"/api/queue/calls">["data"][number];

function Waiting({ since }: { since: string }) {
  const seconds = useSecondsSince(new Date(since).getTime());
  return (
    <span className="wait mono" aria-label="Waiting time" suppressHydrationWarning>
      {formatDuration(seconds)}
    </span>
  );
}

/** Waiting calls, polled every 2 seconds while the agent is Available. */
export function WaitingCalls() {
  const token = useApiToken();
  const { call, acceptQueueCall, dial, device } = useSoftphone();
  const status = useAgentStatus();
  const available = status.data?.status === "available";
  const live = useLive();
  const { data, error, isLoading, mutate } = useApiGet("/api/queue/calls", available ? {} : null, { refreshInterval: pollEvery(live, 2000) });
  // A caller arriving, taken or gone: the list reloads now, not at the next poll.
  useLiveEvents(["queue.entry.added", "queue.entry.accepted", "queue.entry.left", "queue.entry.updated"], () => void mutate());
  const [problem, setProblem] = useState<string | null>(null);
  const [accepting, setAccepting] = useState<number | null>(null);

  if (!status.data) return <div className="skeleton" aria-label="Loading" />;
  if (!available) {
    // Say what the agent is doing, not only what they are not.
    if ((call && call.phase !== "ended") || status.data.status === "busy") return <EmptyState title="On a call">Callers waiting show here again once the call and its wrap-up are done.</EmptyState>;
    if (call?.phase === "ended" || status.data.status === "wrap_up") return <EmptyState title="Wrapping up">Save the call&apos;s notes to become available for the next caller.</EmptyState>;
    return <EmptyState title="You are not taking calls">Set yourself Available in the bar above to see the callers waiting and take the next one.</EmptyState>;
  }

  const accept = async (waiting: WaitingCall) => {
    setProblem(null);
    setAccepting(waiting.id);
    try {
      const accepted = await apiSend("post", "/api/queue/calls/{id}/accept", token!, { path: { id: waiting.id } });
      // A callback: the softphone dials the caller (the server dials the number their entry holds).
      if (accepted.action === "call_back") await dial(accepted.number, waiting.contact, { callbackEntryId: waiting.id });
      else await acceptQueueCall({ id: waiting.id, call_sid: accepted.call_sid, queue: accepted.queue, from: waiting.from, contact: waiting.contact });
      await status.mutate();
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setAccepting(null);
      mutate();
    }
  };

  return (
    <section aria-label="Waiting calls">
      <h2 style={{ fontSize: "1.05rem", margin: "0 0 10px" }}>
        Callers waiting{data ? ` (${data.data.length})` : ""} <LiveStatus live={live} fallbackSeconds={2} />
      </h2>
      <CallerAlertsChoice />
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {error && (
        <div className="alert" role="alert">
          Could not load the queue: {error.message}
        </div>
      )}
      {isLoading && !data && <div className="skeleton" aria-label="Loading the queue" />}
      {data && data.data.length === 0 && <EmptyState title="No callers waiting">{live ? "New calls appear here as they arrive." : "New calls appear here within two seconds."}</EmptyState>}
      {data?.data.map((waiting) => (
        <div key={waiting.id} className="waiting-call" data-testid="waiting-call">
          <div>
            <strong>{waiting.contact?.name ? isolateBidi(waiting.contact.name) : formatPhone(waiting.from)}</strong>
            {waiting.callback && (
              <>
                {" "}
                <span className="badge info">Callback</span>
              </>
            )}
            {waiting.returned && (
              <>
                {" "}
                <span className="badge warn" title={RETURNED_WHY[waiting.returned]}>
                  Returned
                </span>
              </>
            )}
            <div className="small muted">
              {waiting.contact ? formatPhone(waiting.from) : "Unknown caller"} · {waiting.queue_label} · position {waiting.position}
              {waiting.callback ? " · asked to be called back" : ""}
              {waiting.returned ? ` · ${RETURNED_WHY[waiting.returned]}` : ""}
            </div>
          </div>
          <Waiting since={waiting.enqueued_at} />
          <button
            type="button"
            className="button ok"
            disabled={!!call || accepting !== null || !device.registered}
            onClick={() => accept(waiting)}
            aria-label={waiting.callback ? `Call back ${waiting.contact?.name ?? formatPhone(waiting.from)}` : undefined}
          >
            {accepting === waiting.id ? "Connecting…" : waiting.callback ? "Call back" : "Accept"}
          </button>
        </div>
      ))}
    </section>
  );
}
