"use client";

import { Link } from "@/components/ui/link";
import { CALL_STATUS_BADGE, DIRECTION_LABEL, formatDuration, formatPhone } from "@/lib/client/format/display";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { DispositionBadge } from "./disposition-badge";

/** The agent's last few calls beside the queue. */
export function MyRecentCalls() {
  const { data, isLoading } = useApiGet("/api/voice/call-logs", { query: { per_page: 6 } }, { refreshInterval: 10_000 });
  return (
    <section className="panel" aria-label="Recent calls">
      <h2>Recent calls</h2>
      {isLoading && !data && <div className="skeleton" />}
      {data && data.data.length === 0 && <p className="muted small">No calls yet today.</p>}
      {data?.data.map((call) => (
        <div key={call.id} className="recent-call">
          <span>
            {call.contact_name ?? formatPhone(call.phone_number)}
            <span className="small muted"> · {DIRECTION_LABEL[call.direction]}</span>
          </span>
          <span>
            <span className={`badge ${CALL_STATUS_BADGE[call.status] ?? ""}`}>{call.status}</span>
            {call.disposition && (
              <>
                {" "}
                <DispositionBadge disposition={call.disposition} />
              </>
            )}
            <span className="mono small">{formatDuration(call.duration)}</span>
          </span>
        </div>
      ))}
      <p className="small" style={{ marginBottom: 0 }}>
        <Link href="/calls">All my calls →</Link>
      </p>
    </section>
  );
}
