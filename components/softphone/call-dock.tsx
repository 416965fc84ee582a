"use client";

import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatDuration, formatPhone } from "@/lib/client/format/display";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ContactCard } from "./contact-card";
import { ScheduleCallbackForm } from "./schedule-callback-form";
import { TransferPanel } from "./transfer-panel";
import { PaymentPanel } from "./payment-panel";
import { useCallControl } from "./use-call-control";
import { Keypad } from "./keypad";
import { useSoftphone } from "./softphone-provider";
import { useSecondsSince } from "./use-ticking";
import { useDockRoom } from "./use-dock-room";
import { useAgentStatus } from "@/components/queue/availability-switch";
import { draftNote, useServerDraft } from "@/components/drafts/use-server-draft";

const PHASE_LABEL = { connecting: "Connecting…", connected: "On call", ended: "Call ended: wrap-up" } as const;

/** The in-call panel: stays on screen across pages until the agent finishes wrap-up. */
export function CallDock() {
  const { call, hangup, toggleMute, toggleHold, toggleRecording, sendDigit, setNotes, setDisposition, finish } = useSoftphone();
  const dispositions = useApiGet("/api/dispositions", call?.phase === "ended" ? {} : null);
  // The queue a call came from may require a disposition where the organization does not: wrap-up's own rules say (issue 61).
  const wrapUp = useAgentStatus().data?.wrap_up ?? null;
  const [keypad, setKeypad] = useState(false);
  const [picker, setPicker] = useState<"transfer" | "add" | null>(null);
  const control = useCallControl();
  const me = useSession().data?.user?.id;
  const seconds = useSecondsSince(call?.connectedAt ?? null, call?.endedAt ?? null);
  const [hangingUp, setHangingUp] = useState(false);
  // Folded to its header, the panel leaves a phone's screen to the page (the call goes on).
  const [folded, setFolded] = useState(false);
  const dockRoom = useDockRoom();
  // The notes are kept on the server as they are typed (issue 45): a reload, another tab or a restart finds them.
  const draft = useServerDraft({ kind: "call_notes", ref: call && !call.participant ? call.callSid : null, value: call?.notes ?? "", restore: setNotes });
  if (!call) return null;
  const dispositionRequired = Boolean(dispositions.data?.required || wrapUp?.disposition_required);
  // Nothing to pick (no dispositions defined) never holds the agent: the server says why if it refuses.
  const owesDisposition = dispositionRequired && !call.participant && call.dispositionId === null && (dispositions.data?.data.length ?? 0) > 0;

  const onHangup = async () => {
    setHangingUp(true);
    await hangup();
    setHangingUp(false);
  };

  return (
    <aside ref={dockRoom} className={`call-dock${folded ? " collapsed" : ""}`} aria-label="Current call">
      <header>
        <div>
          <div className="small" style={{ opacity: 0.8 }}>
            {call.direction === "inbound" ? "Inbound call" : "Outbound call"} ·{" "}
            {call.serverState === "consult" && call.phase === "connected" ? "Consultation" : call.onHold && call.phase === "connected" ? "On hold" : PHASE_LABEL[call.phase]}
          </div>
          <strong>{call.contactName ?? formatPhone(call.number)}</strong>
        </div>
        <span>
          <span className="timer mono" aria-label="Call duration">
            {formatDuration(seconds)}
          </span>
          <button type="button" className="fold" aria-expanded={!folded} aria-controls="call-dock-body" onClick={() => setFolded(!folded)}>
            {folded ? "Show" : "Hide"}
            <span className="sr-only"> the call panel</span>
          </button>
        </span>
      </header>
      <div className="body" id="call-dock-body">
        {call.error && (
          <div className="alert" role="alert" style={{ margin: 0 }}>
            {call.error}
          </div>
        )}
        {control.error && (
          <div className="alert" role="alert" style={{ margin: 0 }}>
            {control.error}
          </div>
        )}
        {call.phase === "connected" && call.serverState === "consult" && (
          <div className="call-badge" role="status">
            {call.transferredFrom ?? "A colleague"} wants to transfer this caller to you; the caller is on hold.
          </div>
        )}
        {call.phase === "connected" && call.serverState !== "consult" && call.transferredFrom && (
          <div className="small muted" role="status">
            Transferred by {call.transferredFrom}
          </div>
        )}
        {call.phase === "connected" && call.recording === "paused" && (
          <div className="call-badge" role="status" data-testid="recording-paused">
            {call.payment && !call.payment.ended_at && call.payment.recording_paused
              ? "Recording paused for the card payment: it resumes when the payment ends."
              : "Recording paused: nothing said now is recorded. Resume it when you are done."}
          </div>
        )}
        {call.participant && (
          <div className="small muted" role="status">
            Three-way call: {call.participant.added_by ?? "a colleague"} added you; the call goes on when you leave.
          </div>
        )}
        {call.phase === "connected" && call.monitored && (
          <div className="call-badge" role="status" data-testid="monitored">
            {call.monitored.by ?? "A supervisor"} {call.monitored.mode === "whisper" ? "is whispering to you (the caller cannot hear)" : "has joined the call"}
          </div>
        )}
        {control.consult && call.phase === "connected" && (
          <div className="transfer-panel stack" role="group" aria-label="Warm transfer">
            <div>
              <strong>Consulting {control.consult.name ?? control.consult.number}</strong>{" "}
              <span className="small muted">· {control.consult.state === "joined" ? "on the line" : "ringing…"} · the caller is on hold</span>
            </div>
            <div className="controls">
              <button type="button" className="button" disabled={control.busy || control.consult.state !== "joined"} onClick={() => void control.complete()}>
                Complete transfer
              </button>
              <button type="button" className="button secondary" disabled={control.busy} onClick={() => void control.cancel()}>
                Cancel transfer
              </button>
            </div>
          </div>
        )}
        {control.parties.length > 0 && call.phase === "connected" && (
          <ul className="call-parties" aria-label="Also on the call">
            {control.parties.map((p) => (
              <li key={p.id}>
                <span>
                  {p.user_id !== null && p.user_id === me ? "You" : (p.name ?? p.number)}{" "}
                  <span className="small muted">· {p.role === "monitor" ? "supervisor" : p.state === "joined" ? "on the line" : "ringing…"}</span>
                </span>
                {/* A person added to the call leaves it with Hang up; Remove is for the others. */}
                {p.role === "participant" && !(p.user_id !== null && p.user_id === me) && (
                  <button type="button" className="button secondary small" disabled={control.busy} onClick={() => void control.remove(p.id)} aria-label={`Remove ${p.name ?? p.number}`}>
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <ContactCard phone={call.number} />
        {call.phase !== "ended" ? (
          <>
            <div className="controls">
              <button type="button" className="button secondary" aria-pressed={call.muted} onClick={toggleMute}>
                {call.muted ? "Unmute" : "Mute"}
              </button>
              {!call.participant && (
                <button type="button" className="button secondary" aria-pressed={call.onHold} disabled={call.phase !== "connected" || !call.callSid || call.holding} onClick={toggleHold}>
                  {call.holding ? (call.onHold ? "Resuming…" : "Holding…") : call.onHold ? "Resume" : "Hold"}
                </button>
              )}
              {call.recording && !call.participant && (
                <button
                  type="button"
                  className="button secondary"
                  aria-pressed={call.recording === "paused"}
                  disabled={call.phase !== "connected" || call.recordingBusy || (call.recording === "paused" && call.payment !== null && call.payment.ended_at === null)}
                  onClick={toggleRecording}
                >
                  {call.recordingBusy ? "One moment…" : call.recording === "paused" ? "Resume recording" : "Pause recording"}
                </button>
              )}
              <button type="button" className="button secondary" aria-expanded={keypad} onClick={() => setKeypad(!keypad)}>
                Keypad
              </button>
              {call.serverState !== "consult" && !control.consult && !call.participant && (
                <>
                  <button
                    type="button"
                    className="button secondary"
                    aria-expanded={picker === "transfer"}
                    disabled={call.phase !== "connected" || !call.callSid}
                    onClick={() => setPicker(picker === "transfer" ? null : "transfer")}
                  >
                    Transfer
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    aria-expanded={picker === "add"}
                    disabled={call.phase !== "connected" || !call.callSid}
                    onClick={() => setPicker(picker === "add" ? null : "add")}
                  >
                    Add participant
                  </button>
                </>
              )}
              <button type="button" className="button danger" style={{ marginLeft: "auto" }} disabled={hangingUp} onClick={onHangup}>
                {hangingUp ? "Hanging up…" : call.participant ? "Leave call" : "Hang up"}
              </button>
            </div>
            {picker && call.phase === "connected" && (
              <TransferPanel
                purpose={picker}
                busy={control.busy}
                onClose={() => setPicker(null)}
                onSubmit={async (target, mode) => {
                  const done =
                    picker === "transfer"
                      ? await control.transfer(target, mode)
                      : await control.add(target.type === "agent" ? { agent_id: target.id } : { number: target.type === "number" ? target.number : "" });
                  if (done) setPicker(null);
                }}
              />
            )}
            <PaymentPanel />
            {keypad && (
              <>
                <Keypad onDigit={sendDigit} />
                {call.digits && (
                  <div className="mono small" aria-label="Digits sent">
                    {call.digits}
                  </div>
                )}
              </>
            )}
          </>
        ) : null}
        {/* A third party's part is not logged on its own: the colleague who owns the call keeps its notes. */}
        {!call.participant && (
          <div className="field" style={{ margin: 0 }}>
            <div className="row" style={{ justifyContent: "space-between" }}>
              <label htmlFor="call-notes">Call notes</label>
              <span className="small muted" aria-live="polite" data-testid="notes-draft">
                {draftNote(draft.state)}
              </span>
            </div>
            <textarea id="call-notes" value={call.notes} onChange={(e) => setNotes(e.target.value)} placeholder="What was the call about?" maxLength={10_000} />
          </div>
        )}
        {call.phase === "ended" && !call.participant && dispositions.data && dispositions.data.data.length > 0 && (
          <div className="field" style={{ margin: 0 }}>
            <label htmlFor="call-disposition">Disposition{dispositionRequired ? " (required)" : ""}</label>
            <select
              id="call-disposition"
              value={call.dispositionId ?? ""}
              required={dispositionRequired}
              aria-describedby={owesDisposition ? "call-disposition-why" : undefined}
              onChange={(e) => void setDisposition(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="" disabled={dispositionRequired}>
                {dispositionRequired ? "Pick how the call ended…" : "None"}
              </option>
              {dispositions.data.data.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {call.phase === "ended" && !call.participant && call.contactId !== null && <ScheduleCallbackForm contactId={call.contactId} />}
        {call.phase === "ended" && owesDisposition && (
          <p className="small muted" id="call-disposition-why" style={{ margin: 0 }}>
            This call needs a disposition before wrap-up can end.
          </p>
        )}
        {call.phase === "ended" && (
          <button type="button" className="button" disabled={call.saving || owesDisposition} onClick={finish}>
            {call.saving ? "Saving…" : call.participant ? "Close and become available" : call.direction === "inbound" ? "Save notes and become available" : "Save notes and close"}
          </button>
        )}
      </div>
    </aside>
  );
}
