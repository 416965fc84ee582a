"use client";

import { Link } from "@/components/ui/link";
import { formatDuration, formatPhone, formatShortDateTime } from "@/lib/client/format/display";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { LiveStatus, pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { useSession } from "next-auth/react";
import { LocalTime } from "@/components/ui/local-time";
import { useRowAction } from "./use-row-action";
import { useSoftphone } from "@/components/softphone/softphone-provider";

/** One voicemail, as GET /api/voicemails answers it (the typed client's answer type). */
type Voicemail = GetAnswer<"/api/voicemails">["data"][number];

const REASON = { closed: "outside opening hours", menu: "chose voicemail", no_agents: "nobody was on duty" } as const;

/**
 * Voicemails of the agent's queues (GET /api/voicemails): an agent claims one
 * (nobody else calls that caller back), plays it, and marks it done. Follows
 * the event stream; polls every 10 s while the stream is down.
 */
export function Voicemails({ standalone = false, queueName }: { standalone?: boolean; queueName?: (departmentId: number | null) => string } = {}) {
  const token = useApiToken();
  const { call, dial, device } = useSoftphone();
  const me = Number(useSession().data?.user?.id ?? 0);
  const live = useLive();
  const { data, mutate } = useApiGet("/api/voicemails", {}, { refreshInterval: pollEvery(live, 10_000) });
  useLiveEvents(["voicemail.created", "voicemail.updated"], () => void mutate());
  const { busy, problem, run } = useRowAction(mutate);
  const act = (id: number, what: "claim" | "done") => run(`${what}:${id}`, () => apiFetch(`/api/voicemails/${id}/${what}`, token!, { method: "POST", body: "{}" }));
  // Call back: the voicemail is claimed (nobody else calls this caller back) and the softphone dials them.
  const callBack = (v: Voicemail) =>
    run(`call-back:${v.id}`, async () => {
      if (v.status === "new") await apiFetch(`/api/voicemails/${v.id}/claim`, token!, { method: "POST", body: "{}" });
      await dial(v.from, v.contact);
    });
  if (!data) return null;
  if (data.data.length === 0)
    return standalone ? (
      <section aria-label="Voicemails" className="panel">
        <h2>Voicemails</h2>
        <p className="muted small">No voicemails waiting. A caller who leaves one appears here at once.</p>
      </section>
    ) : null;
  return (
    <section aria-label="Voicemails" className="stack">
      <h2 style={{ fontSize: "1.05rem", margin: 0 }}>
        Voicemails ({data.data.length}) <LiveStatus live={live} fallbackSeconds={10} />
      </h2>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {data.data.map((v) => {
        const mine = v.claimed_by?.id === me;
        return (
          <article key={v.id} className="waiting-call" data-testid="voicemail" style={{ flexWrap: "wrap" }}>
            <div style={{ flex: 1, minWidth: 200 }}>
              <strong>{v.contact ? <Link href={`/contacts/${v.contact.id}`}>{v.contact.name ?? formatPhone(v.from)}</Link> : formatPhone(v.from)}</strong>
              <div className="small muted">
                {v.contact && `${formatPhone(v.from)} · `}
                {formatDuration(v.duration_seconds)} · {REASON[v.reason]}
                {queueName && ` · for ${queueName(v.department_id)}`} ·{" "}
                <time dateTime={v.created_at}>
                  <LocalTime format={() => formatShortDateTime(v.created_at)} />
                </time>
                {v.claimed_by && ` · claimed by ${mine ? "you" : (v.claimed_by.name ?? "a colleague")}`}
              </div>
              {v.transcription && (
                <p className="small" style={{ margin: "4px 0 0" }}>
                  “{v.transcription}”
                </p>
              )}
              {v.recording_url && (
                <audio controls preload="none" src={v.recording_url} aria-label={`Voicemail from ${v.contact?.name ?? formatPhone(v.from)}`} style={{ width: "100%", marginTop: 6 }} />
              )}
            </div>
            <div className="row">
              {v.status === "new" && (
                <button type="button" className="button secondary" onClick={() => act(v.id, "claim")}>
                  Claim
                </button>
              )}
              {(v.status === "new" || mine) && (
                <button
                  type="button"
                  className="button ok"
                  disabled={busy !== null || !!call || !device.registered}
                  onClick={() => callBack(v)}
                  aria-label={`Call back ${v.contact?.name ?? formatPhone(v.from)}`}
                >
                  {busy === `call-back:${v.id}` ? "Dialing…" : "Call back"}
                </button>
              )}
              {(v.status === "new" || mine) && (
                <button type="button" className="button ok" onClick={() => act(v.id, "done")}>
                  Mark done
                </button>
              )}
            </div>
          </article>
        );
      })}
    </section>
  );
}
