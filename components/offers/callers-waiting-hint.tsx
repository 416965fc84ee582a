"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { pollEvery, useLive, useLiveEvents, useReadAgainWhenLive } from "@/components/live/event-stream-provider";
import { useApiGet } from "@/lib/swr/use-api-get";

/**
 * The pick queue's quieter offer (issue 44): an Available agent away from the
 * Queue page sees that callers are waiting, and how many, with a way there.
 */
export function CallersWaitingHint({ available }: { available: boolean }) {
  const onQueuePage = usePathname() === "/queue";
  const live = useLive();
  const calls = useApiGet("/api/queue/calls", available && !onQueuePage ? {} : null, { refreshInterval: pollEvery(live, 5000) });
  useLiveEvents(["queue.entry.added", "queue.entry.accepted", "queue.entry.left"], () => void calls.mutate());
  useReadAgainWhenLive(calls.mutate);
  const waiting = available && !onQueuePage ? (calls.data?.data.length ?? 0) : 0;
  if (waiting === 0) return null;
  return (
    <Link href="/queue" className="callers-waiting" role="status" aria-label={`${waiting} caller${waiting === 1 ? "" : "s"} waiting: go to the queue`}>
      <span className="callers-waiting-dot" aria-hidden="true" /> {waiting} caller{waiting === 1 ? "" : "s"} waiting
    </Link>
  );
}

/** Asks for desktop notifications once, from a click (browsers refuse to ask otherwise). */
export function DesktopAlertsButton() {
  const [permission, setPermission] = useState(() => (typeof Notification === "undefined" ? "denied" : Notification.permission));
  if (permission !== "default") return null;
  return (
    <button type="button" className="button ghost small" onClick={() => void Notification.requestPermission().then(setPermission)}>
      Alert me when a call is offered
    </button>
  );
}
