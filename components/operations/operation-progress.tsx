"use client";

import { useEffect, useRef } from "react";
import { useSWRConfig } from "swr";
import type { components } from "@/lib/client/api/schema";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { formatNumber } from "@/lib/client/format/display";

/** A long operation as the API answers it (the 202 of a long request carries one). */
export type OperationView = components["schemas"]["Operation"];

/**
 * Follows a long operation (202 from a tag rename, a field deletion, a bulk
 * action over a filter) to its end: a progress bar fed by the event stream,
 * with a poll every second while the stream is down. `onFinished` runs once.
 */
export function OperationProgress({ operation, label, unit = "contacts", onFinished }: { operation: OperationView; label: string; unit?: string; onFinished: (operation: OperationView) => void }) {
  const { mutate } = useSWRConfig();
  const live = useLiveEvents(["operation.progress"], (event) => {
    if ((event as { operation_id?: string }).operation_id === operation.id) void mutate((key) => Array.isArray(key) && key[0] === operation.url);
  });
  const { data } = useApiGet(
    "/api/operations/{id}",
    { path: { id: operation.id } },
    { fallbackData: operation, refreshInterval: (latest) => (latest && ["completed", "failed"].includes(latest.status) ? 0 : live ? 5_000 : 1_000) },
  );
  const current = data ?? operation;
  const finished = ["completed", "failed"].includes(current.status);
  const reported = useRef(false);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onFinished(current);
  }, [finished, current, onFinished]);
  if (finished) return null;
  return (
    <div className="notice operation" role="status" aria-live="polite">
      <div className="small" style={{ marginBottom: 6 }}>
        {label}: {current.status === "queued" ? "waiting to start" : `${formatNumber(current.done)} of ${formatNumber(Math.max(current.total, current.done))} ${unit}`}. The page stays usable
        meanwhile.
      </div>
      <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={current.progress}>
        <div style={{ width: `${current.progress}%` }} />
      </div>
    </div>
  );
}
