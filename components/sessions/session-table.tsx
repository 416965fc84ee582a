"use client";

import { formatDateTime } from "@/lib/client/format/display";
import type { GetAnswer } from "@/lib/client/swr/use-api-get";
import { LocalTime } from "@/components/ui/local-time";

export type Session = GetAnswer<"/api/sessions">["data"][number];

const KIND_LABEL = { web: "Browser sign-in", api: "API login" } as const;

/** Sessions as rows: the device, what kind, where from, since when, last used; an End button where one is offered. */
export function SessionTable({ sessions, label, end }: { sessions: Session[]; label: string; end?: { pending: number | null; onEnd: (session: Session) => void } }) {
  if (sessions.length === 0) return <p className="muted">No open sessions.</p>;
  return (
    <div className="table-wrap">
      <table className="data stacked" aria-label={label}>
        <thead>
          <tr>
            <th>Device</th>
            <th>Kind</th>
            <th>Address</th>
            <th>Signed in</th>
            <th>Last used</th>
            {end && (
              <th>
                <span className="sr-only">End</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <td className="title-cell" data-label="Device" title={session.user_agent ?? undefined}>
                {session.device}
                {session.current && (
                  <span className="badge ok" style={{ marginLeft: 6 }}>
                    This session
                  </span>
                )}
              </td>
              <td data-label="Kind">{KIND_LABEL[session.kind]}</td>
              <td data-label="Address" className="mono">
                {session.address ?? "—"}
              </td>
              <td data-label="Signed in">
                <LocalTime format={() => formatDateTime(session.created_at)} />
              </td>
              <td data-label="Last used">{session.last_used_at ? <LocalTime format={() => formatDateTime(session.last_used_at)} /> : "Not yet"}</td>
              {end && (
                <td>
                  {!session.current && (
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={end.pending !== null}
                      onClick={() => end.onEnd(session)}
                      aria-label={`End the session on ${session.device} from ${session.address ?? "an unknown address"}`}
                    >
                      {end.pending === session.id ? "Ending…" : "End"}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
