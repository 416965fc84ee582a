"use client";

import { useState } from "react";
import { useSecondsSince } from "@/components/softphone/use-ticking";
import { formatDuration, formatPhone } from "@/lib/client/format/display";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { GetAnswer } from "@/lib/client/swr/use-api-get";

/** An agent on the wallboard's roster, as GET /api/reports/live lists them. */
export type RosterAgent = GetAnswer<"/api/reports/live">["agents"][number];

const MODES = [
  { mode: "listen", label: "Listen", hint: "silent" },
  { mode: "whisper", label: "Whisper", hint: "only the agent hears you" },
  { mode: "barge", label: "Barge", hint: "everyone hears you" },
] as const;
type Mode = (typeof MODES)[number]["mode"];

const STATE_LABEL: Record<string, string> = { available: "Available", busy: "Busy", wrap_up: "Wrap-up", offline: "Offline", missed: "Missed a call" };

/**
 * The wallboard's live list of agents: state, time in it, the call they are
 * on; a supervisor listens to, whispers to or barges into a call from here
 * (POST /api/calls/{call_sid}/monitor), switching modes during the call.
 */
export function AgentRoster({ agents, canMonitor, skew }: { agents: RosterAgent[]; canMonitor: boolean; skew: number }) {
  const token = useApiToken();
  const [monitoring, setMonitoring] = useState<{ callSid: string; participantId: number; mode: Mode } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const monitor = async (callSid: string, mode: Mode) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiSend("post", "/api/calls/{call_sid}/monitor", token!, { path: { call_sid: callSid }, body: { mode } });
      setMonitoring({ callSid, participantId: answer.id, mode: answer.monitor_mode ?? mode });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    if (!monitoring) return;
    setBusy(true);
    await apiSend("delete", "/api/calls/{call_sid}/participants/{id}", token!, { path: { call_sid: monitoring.callSid, id: monitoring.participantId } }).catch(() => undefined);
    setMonitoring(null);
    setBusy(false);
  };
  // The call being monitored ended: nothing left to stop.
  const live = monitoring && agents.some((a) => a.call?.call_sid === monitoring.callSid) ? monitoring : null;

  if (agents.length === 0) return <p className="muted">No agents in your scope yet.</p>;
  return (
    <section aria-label="Agents" className="stack">
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <div className="table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">State</th>
              <th scope="col">In state</th>
              <th scope="col">Current call</th>
              <th scope="col">
                <abbr title="Offers today: accepted / declined / missed">Offers today</abbr>
              </th>
              {canMonitor && <th scope="col">Monitor</th>}
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.id} data-testid="roster-agent">
                <td>{agent.name}</td>
                <td>
                  <span className={`badge state-${agent.status}`}>{STATE_LABEL[agent.status] ?? agent.status}</span>
                </td>
                <td className="mono">{agent.since === null ? "—" : <TimeInState since={agent.since} skew={skew} />}</td>
                <td>{agent.call ? `${agent.call.contact_name ?? formatPhone(agent.call.number)} · ${agent.call.state}` : "—"}</td>
                <td className="mono" aria-label={`Offers today: ${agent.offers_today.accepted} accepted, ${agent.offers_today.declined} declined, ${agent.offers_today.missed} missed`}>
                  {agent.offers_today.accepted} / {agent.offers_today.declined} / {agent.offers_today.missed}
                </td>
                {canMonitor && (
                  <td>
                    {agent.call && (agent.call.state === "answered" || agent.call.state === "held") ? (
                      <div className="controls" role="group" aria-label={`Monitor ${agent.name}`}>
                        {MODES.map((m) => (
                          <button
                            key={m.mode}
                            type="button"
                            className="button secondary small"
                            title={m.hint}
                            disabled={busy}
                            aria-pressed={live?.callSid === agent.call!.call_sid && live.mode === m.mode}
                            onClick={() => void monitor(agent.call!.call_sid, m.mode)}
                          >
                            {m.label}
                          </button>
                        ))}
                        {live?.callSid === agent.call.call_sid && (
                          <button type="button" className="button secondary small" disabled={busy} onClick={() => void stop()}>
                            Stop
                          </button>
                        )}
                      </div>
                    ) : null}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {live && (
        <p className="small" role="status">
          You are {live.mode === "listen" ? "listening to" : live.mode === "whisper" ? "whispering to" : "on"} the call ({MODES.find((m) => m.mode === live.mode)!.hint}).
        </p>
      )}
    </section>
  );
}

/** Time in state, ticking every second on the server's clock (`skew`: the browser's clock minus the server's). */
function TimeInState({ since, skew }: { since: string; skew: number }) {
  const seconds = useSecondsSince(new Date(since).getTime() + skew);
  return <span suppressHydrationWarning>{formatDuration(seconds)}</span>;
}
