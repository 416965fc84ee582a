"use client";

import { useState } from "react";
import { formatDuration, formatPhone } from "@/lib/format/display";
import { useApi } from "@/lib/swr/use-api";
import { ContactCard } from "./contact-card";
import { Keypad } from "./keypad";
import { useSoftphone } from "./softphone-provider";
import { useSecondsSince } from "./use-ticking";

const PHASE_LABEL = { connecting: "Connecting…", connected: "On call", ended: "Call ended: wrap-up" } as const;

/** The in-call panel: stays on screen across pages until the agent finishes wrap-up. */
export function CallDock() {
  const { call, hangup, toggleMute, toggleHold, sendDigit, setNotes, setDisposition, finish } = useSoftphone();
  const dispositions = useApi<{ data: { id: number; name: string }[]; required: boolean }>(call?.phase === "ended" ? "/api/dispositions" : null);
  const [keypad, setKeypad] = useState(false);
  const seconds = useSecondsSince(call?.connectedAt ?? null, call?.endedAt ?? null);
  const [hangingUp, setHangingUp] = useState(false);
  if (!call) return null;

  const onHangup = async () => {
    setHangingUp(true);
    await hangup();
    setHangingUp(false);
  };

  return (
    <aside className="call-dock" aria-label="Current call">
      <header>
        <div>
          <div className="small" style={{ opacity: 0.8 }}>{call.direction === "inbound" ? "Inbound call" : "Outbound call"} · {call.onHold && call.phase === "connected" ? "On hold" : PHASE_LABEL[call.phase]}</div>
          <strong>{call.contactName ?? formatPhone(call.number)}</strong>
        </div>
        <span className="timer mono" aria-label="Call duration">{formatDuration(seconds)}</span>
      </header>
      <div className="body">
        {call.error && <div className="alert" role="alert" style={{ margin: 0 }}>{call.error}</div>}
        <ContactCard phone={call.number} />
        {call.phase !== "ended" ? (
          <>
            <div className="controls">
              <button type="button" className="button secondary" aria-pressed={call.muted} onClick={toggleMute}>{call.muted ? "Unmute" : "Mute"}</button>
              <button type="button" className="button secondary" aria-pressed={call.onHold} disabled={call.phase !== "connected" || !call.callSid || call.holding} onClick={toggleHold}>
                {call.holding ? (call.onHold ? "Resuming…" : "Holding…") : call.onHold ? "Resume" : "Hold"}
              </button>
              <button type="button" className="button secondary" aria-expanded={keypad} onClick={() => setKeypad(!keypad)}>Keypad</button>
              <button type="button" className="button danger" style={{ marginLeft: "auto" }} disabled={hangingUp} onClick={onHangup}>{hangingUp ? "Hanging up…" : "Hang up"}</button>
            </div>
            {keypad && (
              <>
                <Keypad onDigit={sendDigit} />
                {call.digits && <div className="mono small" aria-label="Digits sent">{call.digits}</div>}
              </>
            )}
          </>
        ) : null}
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="call-notes">Call notes</label>
          <textarea id="call-notes" value={call.notes} onChange={(e) => setNotes(e.target.value)} placeholder="What was the call about?" maxLength={10_000} />
        </div>
        {call.phase === "ended" && dispositions.data && dispositions.data.data.length > 0 && (
          <div className="field" style={{ margin: 0 }}>
            <label htmlFor="call-disposition">Disposition{dispositions.data.required ? " (required)" : ""}</label>
            <select id="call-disposition" value={call.dispositionId ?? ""} required={dispositions.data.required} onChange={(e) => setDisposition(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{dispositions.data.required ? "Pick how the call ended…" : "None"}</option>
              {dispositions.data.data.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
            </select>
          </div>
        )}
        {call.phase === "ended" && (
          <button type="button" className="button" disabled={call.saving} onClick={finish}>
            {call.saving ? "Saving…" : call.direction === "inbound" ? "Save notes and become available" : "Save notes and close"}
          </button>
        )}
      </div>
    </aside>
  );
}
