"use client";

import { isolateBidi } from "@/lib/client/format/isolate-bidi";
import { useState } from "react";
import { formatListTime, formatPhone } from "@/lib/client/format/display";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { LocalTime } from "@/components/ui/local-time";
import { EmptyState } from "@/components/ui/empty-state";
import { LiveStatus, pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { CHANNEL_LABEL, conversationName, type ConversationRow } from "./types";

const ASSIGNED = [
  ["", "Everyone"],
  ["me", "Mine"],
  ["unassigned", "Unassigned"],
] as const;

/** Today's on the organization's clock by their time, older ones by their date. */
const when = (iso: string) => formatListTime(iso);

/** Conversations with unread badges and filters; new messages show within the 2 s the list polls at. */
export function ConversationList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const [status, setStatus] = useState<"open" | "closed" | "">("open");
  const [assigned, setAssigned] = useState<(typeof ASSIGNED)[number][0]>("");
  const [q, setQ] = useState("");
  const [channel, setChannel] = useState<ConversationRow["channel"] | "">("");
  const live = useLive();
  const { data, error, isLoading, mutate } = useApiGet(
    "/api/conversations",
    { query: { per_page: 50, status: status || undefined, assigned: assigned || undefined, q: q.trim() || undefined, channel: channel || undefined } },
    { refreshInterval: pollEvery(live, 2000), keepPreviousData: true },
  );
  useLiveEvents(["message.received", "message.status", "conversation.updated"], () => void mutate());

  return (
    <section className="panel conversation-list" aria-label="Conversations">
      <div className="row" style={{ justifyContent: "flex-end", marginBottom: 4 }}>
        <LiveStatus live={live} fallbackSeconds={2} />
      </div>
      <div className="tabs" role="tablist" aria-label="Status">
        {(["open", "closed", ""] as const).map((value) => (
          <button key={value || "all"} type="button" role="tab" aria-selected={status === value} onClick={() => setStatus(value)}>
            {value === "open" ? "Open" : value === "closed" ? "Closed" : "All"}
          </button>
        ))}
      </div>
      <div className="toolbar">
        <input type="search" aria-label="Search conversations" placeholder="Name, number or words" value={q} onChange={(e) => setQ(e.target.value)} />
        <select className="input" aria-label="Assigned to" value={assigned} onChange={(e) => setAssigned(ASSIGNED.find(([value]) => value === e.target.value)?.[0] ?? "")}>
          {ASSIGNED.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select className="input" aria-label="Channel" value={channel} onChange={(e) => setChannel(e.target.value as ConversationRow["channel"] | "")}>
          <option value="">Every channel</option>
          {Object.entries(CHANNEL_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div className="alert" role="alert">
          Could not load conversations: {error.message}
        </div>
      )}
      {isLoading && !data && <div className="skeleton" aria-label="Loading conversations" />}
      {data && data.data.length === 0 && (
        <EmptyState title={q ? "No conversation matches" : "No conversations yet"}>
          {q ? "Try a name, a few digits of the number, or other words." : "Texts your contacts send to the organization's numbers appear here."}
        </EmptyState>
      )}
      <ul className="conversations">
        {data?.data.map((row) => (
          <li key={row.id}>
            <button type="button" aria-current={row.id === selected ? "true" : undefined} data-testid="conversation" onClick={() => onSelect(row.id)}>
              <span className="who">
                <strong>{conversationName(row, formatPhone)}</strong>
                {row.channel !== "sms" && <span className={`badge channel-${row.channel}`}>{CHANNEL_LABEL[row.channel]}</span>}
                {row.unread_count > 0 && (
                  <span className="badge info" aria-label={`${row.unread_count} unread`}>
                    {row.unread_count > 99 ? "99+" : row.unread_count}
                  </span>
                )}
                <time className="small muted when" dateTime={row.last_message_at}>
                  <LocalTime format={() => when(row.last_message_at)} />
                </time>
              </span>
              <span className="small muted preview">
                {row.last_message?.direction === "outbound" ? "You: " : ""}
                {row.last_message?.body ? isolateBidi(row.last_message.body) : "(media)"}
              </span>
              <span className="small muted">
                {row.assigned_user ? `Assigned to ${row.assigned_user.name}` : "Unassigned"}
                {row.status === "closed" ? " · closed" : ""}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
