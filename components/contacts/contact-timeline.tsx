"use client";

import Link from "next/link";
import { CALL_STATUS_BADGE, DIRECTION_LABEL, formatDateTime, formatDuration } from "@/lib/format/display";
import type { CallLogView } from "@/components/calls/call-log-view";
import type { MessageRow } from "@/components/messages/types";
import { EmptyState } from "@/components/ui/empty-state";

type Entry = { at: string; key: string; call?: CallLogView; message?: MessageRow & { conversation_id: number } };

/**
 * Calls and text messages in one timeline, newest first. Calls come a page at
 * a time; the texts shown beside a page are those of its time span (the
 * newest page also shows texts newer than its calls, the last one those older).
 */
export function ContactTimeline({ calls, messages, firstPage, lastPage }: { calls: CallLogView[]; messages: (MessageRow & { conversation_id: number })[]; firstPage: boolean; lastPage: boolean }) {
  const newest = calls[0]?.created_at;
  const oldest = calls.at(-1)?.created_at;
  const texts = messages.filter((m) => (firstPage || !newest || m.created_at <= newest) && (lastPage || !oldest || m.created_at >= oldest));
  const entries: Entry[] = [
    ...calls.map((call) => ({ at: call.created_at, key: `call-${call.id}`, call })),
    ...texts.map((message) => ({ at: message.created_at, key: `text-${message.id}`, message })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (entries.length === 0) return <EmptyState title="No calls or texts yet">Calls and text messages with this contact appear here.</EmptyState>;
  return (
    <ol className="timeline" aria-label="Timeline">
      {entries.map(({ key, at, call, message }) => (
        <li key={key} data-testid="timeline-entry">
          <span className="small muted when">{formatDateTime(at)}</span>
          {call && (
            <span>
              📞 {DIRECTION_LABEL[call.direction] ?? call.direction} call {call.user_name ? `· ${call.user_name} ` : ""}
              <span className={`badge ${CALL_STATUS_BADGE[call.status] ?? ""}`}>{call.status}</span> <span className="mono">{formatDuration(call.duration)}</span>
              {call.notes && <span className="small muted"> · {call.notes}</span>}
            </span>
          )}
          {message && (
            <span>
              💬 {message.direction === "inbound" ? "Received" : `Sent${message.user ? ` by ${message.user.name}` : ""}`}: “{message.body || "(media)"}”{" "}
              <span className="small muted">{message.status}</span> · <Link href={`/messages?c=${message.conversation_id}`}>Open the conversation</Link>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
