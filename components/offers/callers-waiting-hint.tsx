"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { pollEvery, useLive, useLiveEvents, useReadAgainWhenLive } from "@/components/live/event-stream-provider";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useCallerAlertChoice } from "./caller-alerts";
import { startRing } from "./ring";

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
  useNewCallerAlerts(available && !onQueuePage ? calls.data?.data : undefined);
  if (waiting === 0) return null;
  return (
    <Link href="/queue" className="callers-waiting" role="status" aria-label={`${waiting} caller${waiting === 1 ? "" : "s"} waiting: go to the queue`}>
      <span className="callers-waiting-dot" aria-hidden="true" /> {waiting} caller{waiting === 1 ? "" : "s"} waiting
    </Link>
  );
}

/**
 * A caller new to the line is heard, as the agent chose on the Queue page: one
 * ring, and a desktop notification when this tab is not the one they are
 * looking at. The callers already waiting when the list is first read are
 * not news (the hint shows them); only those who join after.
 */
function useNewCallerAlerts(callers: { id: number }[] | undefined) {
  const [choice] = useCallerAlertChoice();
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!callers) return;
    const first = known.current === null;
    const before = known.current ?? new Set<number>();
    const joined = callers.filter((caller) => !before.has(caller.id));
    known.current = new Set([...before, ...callers.map((caller) => caller.id)]);
    if (first || joined.length === 0) return;
    if (choice.sound) {
      const stop = startRing();
      setTimeout(stop, 1200); // one ring, not a phone that keeps ringing: nobody is offered this caller alone
    }
    if (choice.desktop && typeof Notification !== "undefined" && Notification.permission === "granted" && document.visibilityState !== "visible") {
      new Notification(callers.length === 1 ? "A caller is waiting" : `${callers.length} callers are waiting`, { body: "Open the Queue page to take the call", tag: "callers-waiting" });
    }
  }, [callers, choice.sound, choice.desktop]);
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
