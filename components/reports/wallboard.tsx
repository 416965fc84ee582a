"use client";

import { useContext, useState } from "react";
import { LiveStatus, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { displayTimeZone, formatDuration, formatTime } from "@/lib/client/format/display";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { LocalTime } from "@/components/ui/local-time";
import { DisplayZone } from "@/components/ui/times-shown-in";
import { AgentRoster } from "./agent-roster";

/** The wallboard's figures, as GET /api/reports/live answers them. */
type Live = GetAnswer<"/api/reports/live">;
type QueueFigures = Live["queues"][number];

/** Whose callers "today" counts, when not the whole organization's: as the reports count them. */
const SCOPE_NOTE = {
  department: "Today's figures count your department's callers: those of its queue, and those its agents took from any queue, as your reports do. Waiting callers are every caller in the queue.",
  own: "Today's figures count the callers you took, as your reports do. Waiting callers are every caller in the queue.",
} as const;

const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);

/** Each queue the user serves: what its callers hear as their expected wait, and today's service level. */
function QueueTable({ queues, slSeconds }: { queues: QueueFigures[]; slSeconds: number }) {
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Queues">
        <thead>
          <tr>
            <th>Queue</th>
            <th>Waiting</th>
            <th>Longest wait</th>
            <th>Expected wait now</th>
            <th>Agents on duty</th>
            <th>Offered today</th>
            <th>Answered today</th>
            <th>Service level ({slSeconds} s)</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((q) => (
            <tr key={q.department_id ?? "general"} data-testid="queue-row">
              <td>{q.name}</td>
              <td>{q.waiting}</td>
              <td className="mono">{formatDuration(q.longest_wait_seconds)}</td>
              <td className="mono">
                {q.agents_on_duty === 0 ? (
                  <span className="muted">no agent on duty</span>
                ) : q.expected_wait_seconds === null ? (
                  <span className="muted" title="Fewer than three answers in the last 30 minutes">
                    no estimate yet
                  </span>
                ) : (
                  formatDuration(q.expected_wait_seconds)
                )}
              </td>
              <td>{q.agents_on_duty}</td>
              <td>{q.offered_today}</td>
              <td>{q.answered_today}</td>
              <td>{percent(q.service_level)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The wallboard: refreshed by every queue, agent and call event (waits re-read every 15 s), or every three seconds without the stream. */
export function Wallboard({ canMonitor = false }: { canMonitor?: boolean }) {
  // Days and hours on the organization's clock, as every time the app shows.
  // The zone comes from the app frame, so the server's render asks what the browser asks.
  const tz = useContext(DisplayZone) ?? displayTimeZone();
  const live = useLive();
  // Times in state tick on the server's clock: how far the browser's is off, measured as each answer arrives.
  const [skew, setSkew] = useState(0);
  const { data, error, mutate } = useApiGet(
    "/api/reports/live",
    { query: { tz } },
    { refreshInterval: live ? 15_000 : 3000, onSuccess: (answer) => setSkew(Date.now() - new Date(answer.at).getTime()) },
  );
  useLiveEvents(["queue.entry.added", "queue.entry.accepted", "queue.entry.left", "agent.status.changed", "call.ended", "call.updated"], () => void mutate());
  if (error)
    return (
      <div className="alert" role="alert">
        Could not load the wallboard: {error.message}
      </div>
    );
  if (!data) return <SkeletonRows rows={3} label="Loading the wallboard" />;
  const big = { fontSize: "2.6rem" };
  return (
    <div className="stack" aria-live="polite">
      <div className="stats">
        <div className="stat">
          <strong style={{ ...big, color: data.calls_waiting > 0 ? "var(--warn)" : undefined }}>{data.calls_waiting}</strong>calls waiting
        </div>
        <div className="stat">
          <strong style={big}>{formatDuration(data.longest_wait_seconds)}</strong>longest wait
        </div>
        <div className="stat">
          <strong style={big}>{data.today.answered}</strong>answered today{data.today.on_the_line > 0 && <span className="small muted"> ({data.today.on_the_line} on the line now)</span>}
        </div>
        <div className="stat">
          <strong style={{ ...big, color: data.today.abandoned > 0 ? "var(--danger)" : undefined }}>{data.today.abandoned}</strong>abandoned today
        </div>
        <div className="stat">
          <strong style={big}>{percent(data.today.service_level)}</strong>service level ({data.today.service_level_seconds} s)
        </div>
      </div>
      <div className="stats">
        {(["available", "busy", "wrap_up", "missed", "offline"] as const).map((state) => (
          <div key={state} className="stat">
            <strong style={big}>{data.agents_by_state[state]}</strong>agents {state.replace("_", "-")}
          </div>
        ))}
      </div>
      {data.today.scope !== "organization" && (
        <p className="small muted" data-testid="today-scope">
          {SCOPE_NOTE[data.today.scope]}
        </p>
      )}
      {data.queues.length > 0 && <QueueTable queues={data.queues} slSeconds={data.today.service_level_seconds} />}
      <AgentRoster agents={data.agents} canMonitor={canMonitor} skew={skew} />
      <p className="small muted">
        Updated <LocalTime format={() => formatTime(data.at, { seconds: true })} /> <LiveStatus live={live} fallbackSeconds={3} />
      </p>
    </div>
  );
}
