"use client";

import { Link } from "@/components/ui/link";
import { useEffect, useState } from "react";
import { formatPhone } from "@/lib/client/format/display";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { startRing } from "./ring";

interface Assigned {
  conversation_id: number;
  phone: string;
}

/**
 * A new conversation given to this agent by the assignment rules (issue 44,
 * point 6), on whatever page they are: no accept step, so a notice with the
 * way to it, one ring, and a desktop notification when the tab is hidden.
 * It goes by itself after 15 seconds, or when dismissed.
 */
export function ConversationAssignedNotice() {
  const [assigned, setAssigned] = useState<Assigned | null>(null);
  useLiveEvents(["conversation.assigned"], (data) => setAssigned({ conversation_id: Number(data.conversation_id), phone: String(data.phone ?? "") }));

  useEffect(() => {
    if (!assigned) return;
    const stopRing = startRing();
    const quiet = setTimeout(stopRing, 1500);
    const gone = setTimeout(() => setAssigned(null), 15_000);
    let notification: Notification | undefined;
    if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.visibilityState !== "visible") {
      notification = new Notification(`New conversation: ${formatPhone(assigned.phone)}`, { body: "Given to you: open Messages to answer", tag: `conversation-${assigned.conversation_id}` });
      notification.onclick = () => window.focus();
    }
    return () => {
      clearTimeout(quiet);
      clearTimeout(gone);
      stopRing();
      notification?.close();
    };
  }, [assigned]);

  if (!assigned) return null;
  return (
    <div className="assigned-notice" role="status" aria-label="Conversation given to you">
      <span>
        New conversation with <strong>{formatPhone(assigned.phone)}</strong> is yours.
      </span>
      <Link className="button small" href={`/messages?c=${assigned.conversation_id}`} onClick={() => setAssigned(null)}>
        Open it
      </Link>
      <button type="button" className="button ghost small" aria-label="Dismiss" onClick={() => setAssigned(null)}>
        ×
      </button>
    </div>
  );
}
