"use client";

import { isolateBidi } from "@/lib/client/format/isolate-bidi";
import { Link } from "@/components/ui/link";
import { formatDuration, formatPhone, formatTime } from "@/lib/client/format/display";
import { LocalTime } from "@/components/ui/local-time";
import { useRowAction } from "./use-row-action";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { LiveStatus, pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { useSoftphone } from "@/components/softphone/softphone-provider";

/** One abandoned call, as GET /api/queue/abandoned answers it. */
type FollowUp = GetAnswer<"/api/queue/abandoned">["data"][number];

/**
 * Abandoned calls of the agent's queues to follow up (GET /api/queue/abandoned):
 * one click claims the follow-up and dials the caller from the softphone; or
 * dismiss it. Follows the event stream; polls every 15 s while it is down.
 */
export function FollowUps({ standalone = false }: { standalone?: boolean } = {}) {
  const token = useApiToken();
  const { call, dial, device } = useSoftphone();
  const live = useLive();
  const { data, mutate } = useApiGet("/api/queue/abandoned", {}, { refreshInterval: pollEvery(live, 15_000) });
  useLiveEvents(["queue.entry.left", "queue.entry.updated"], () => void mutate());
  const { busy, problem, run } = useRowAction(mutate);
  const act = (item: FollowUp, what: "call-back" | "dismiss") =>
    run(`${what}:${item.id}`, async () => {
      const done = await apiSend("post", what === "call-back" ? "/api/queue/abandoned/{id}/call-back" : "/api/queue/abandoned/{id}/dismiss", token!, { path: { id: item.id } });
      if (what === "call-back") await dial(done.number, done.contact);
    });
  if (!data) return null;
  if (data.data.length === 0)
    return standalone ? (
      <section aria-label="Missed callers" className="panel">
        <h2>Missed callers</h2>
        <p className="muted small">Nobody hung up waiting. A caller who does appears here, to call back.</p>
      </section>
    ) : null;
  return (
    <section aria-label="Missed callers" className="stack">
      <h2 style={{ fontSize: "1.05rem", margin: 0 }}>
        Missed callers to call back ({data.data.length}) <LiveStatus live={live} fallbackSeconds={15} />
      </h2>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {data.data.map((item) => {
        const who = item.contact?.name ? isolateBidi(item.contact.name) : formatPhone(item.from);
        return (
          <article key={item.id} className="waiting-call" data-testid="follow-up">
            <div className="waiting-call-who">
              <strong>{item.contact ? <Link href={`/contacts/${item.contact.id}`}>{who}</Link> : who}</strong>
              <div className="small muted">
                {item.contact && `${formatPhone(item.from)} · `}
                {item.queue_label} · {item.callback ? "callback not reached" : `hung up after ${formatDuration(item.wait_seconds)}`} · <LocalTime format={() => formatTime(item.abandoned_at)} />
              </div>
            </div>
            <div className="row">
              <button type="button" className="button secondary" disabled={busy !== null} onClick={() => act(item, "dismiss")} aria-label={`Dismiss ${who}`}>
                Dismiss
              </button>
              <button type="button" className="button ok" disabled={busy !== null || !!call || !device.registered} onClick={() => act(item, "call-back")} aria-label={`Call back ${who}`}>
                {busy === `call-back:${item.id}` ? "Dialing…" : "Call back"}
              </button>
            </div>
          </article>
        );
      })}
    </section>
  );
}
