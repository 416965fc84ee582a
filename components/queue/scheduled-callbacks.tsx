"use client";

import { useState } from "react";
import { formatInZone, formatPhone, formatShortDateTime } from "@/lib/client/format/display";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { useLocalText } from "@/components/ui/local-time";

/**
 * When a callback is due: on the organization's clock in the lists' format, the contact's own
 * clock beneath, named. Drawn as the server drew it (the list comes in the page's HTML): the
 * server's text on its own zone, kept by hydration, once showed UTC times on the Queue page.
 */
function CallbackTime({ at, organizationZone, contactZone }: { at: string; organizationZone: string; contactZone: string }) {
  const shown = useLocalText(() => formatShortDateTime(at));
  return (
    <>
      <time dateTime={at} title={formatInZone(new Date(at), organizationZone)}>
        {shown}
      </time>
      <div className="small muted">{formatInZone(new Date(at), contactZone)} on their clock</div>
    </>
  );
}

/**
 * The callbacks coming up (issue 44, point 7), on the Queue page: when, for
 * whom (on the contact's clock beside the organization's), and who is
 * offered it first; one not yet due can be cancelled. Due ones are offered
 * like calls; those not reached are in the follow-ups below.
 */
export function ScheduledCallbacks({ standalone = false }: { standalone?: boolean } = {}) {
  const token = useApiToken();
  const callbacks = useApiGet("/api/callbacks", {}, { refreshInterval: 30_000 });
  useLiveEvents(["queue.entry.added", "queue.entry.left", "queue.entry.accepted"], () => void callbacks.mutate());
  const [problem, setProblem] = useState<string | null>(null);
  const list = callbacks.data?.data ?? [];
  if (list.length === 0)
    return standalone && callbacks.data ? (
      <section aria-label="Scheduled callbacks" className="panel">
        <h2>Callbacks coming up</h2>
        <p className="muted small">No callbacks scheduled. Set one at wrap-up with “Call back later…”.</p>
      </section>
    ) : null;
  const cancel = async (id: number) => {
    setProblem(null);
    try {
      await apiSend("delete", "/api/callbacks/{id}", token!, { path: { id } });
    } catch (e) {
      setProblem((e as Error).message);
    }
    void callbacks.mutate();
  };
  return (
    <section aria-label="Scheduled callbacks" className="panel stack">
      <h2 style={{ fontSize: "1.05rem", margin: 0 }}>Callbacks coming up ({list.length})</h2>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      <div className="table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Contact</th>
              <th scope="col">First to</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((callback) => (
              <tr key={callback.id}>
                <td>
                  <CallbackTime at={callback.at} organizationZone={callback.organization_time_zone} contactZone={callback.contact_time_zone} />
                </td>
                <td>
                  {callback.contact.name} <span className="small muted">{formatPhone(callback.contact.phone)}</span>
                  {callback.note && <div className="small">{callback.note}</div>}
                </td>
                <td>{callback.owner?.name ?? `${callback.queue.name} queue`}</td>
                <td>
                  <span className="badge">{callback.status.replace("_", " ")}</span>
                </td>
                <td>
                  {callback.status === "scheduled" && (
                    <button type="button" className="button ghost small" onClick={() => void cancel(callback.id)} aria-label={`Cancel the callback to ${callback.contact.name}`}>
                      Cancel
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
