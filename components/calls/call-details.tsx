import { DIRECTION_LABEL, formatDateTime, formatDuration, formatPhone, formatTime } from "@/lib/client/format/display";
import type { CallLogView } from "./call-log-view";
import { DispositionBadge } from "./disposition-badge";
import { LegalHold } from "./legal-hold-button";

/** One call, all the history knows of it (issue 45: its outcome among them), under its row. */
export function CallDetails({ call }: { call: CallLogView }) {
  return (
    <dl className="details-grid" aria-label={`Details of the call at ${formatDateTime(call.created_at)}`}>
      <dt>Ended</dt>
      <dd>{formatDateTime(call.created_at)}</dd>
      <dt>Direction</dt>
      <dd>{DIRECTION_LABEL[call.direction] ?? call.direction}</dd>
      <dt>Number</dt>
      <dd className="mono">{formatPhone(call.phone_number)}</dd>
      <dt>Agent</dt>
      <dd>{call.user_name ?? "—"}</dd>
      <dt>Disposition</dt>
      <dd>
        <DispositionBadge disposition={call.disposition} />
      </dd>
      <dt>Talk</dt>
      <dd className="mono">{formatDuration(call.duration)}</dd>
      <dt>Wait in queue</dt>
      <dd className="mono">{formatDuration(call.wait_seconds)}</dd>
      <dt>On hold</dt>
      <dd className="mono">{formatDuration(call.hold_seconds)}</dd>
      {call.recording_pauses.length > 0 && (
        <>
          <dt>Recording paused</dt>
          <dd>
            {call.recording_pauses.map((pause) => (
              <div key={pause.paused_at} className="mono small">
                {formatTime(pause.paused_at, { seconds: true })} – {pause.resumed_at ? formatTime(pause.resumed_at, { seconds: true }) : "the call's end"}
                {pause.reason === "payment" && <span className="muted"> · while a card payment was taken</span>}
              </div>
            ))}
          </dd>
        </>
      )}
      {call.recording_consent && (
        <>
          <dt>Recording consent</dt>
          <dd>
            {call.recording_consent.outcome === "declined"
              ? `Declined: pressed ${call.recording_consent.digit ?? "the opt-out key"} after the announcement, so the call was not recorded`
              : `Told before recording (${call.recording_consent.method === "audio" ? "audio played" : "announcement said"}) and stayed on the line`}{" "}
            <span className="muted small">at {formatTime(call.recording_consent.decided_at, { seconds: true })}</span>
          </dd>
        </>
      )}
      {call.recording_deleted_at && (
        <>
          <dt>Recording</dt>
          <dd>Deleted by the retention policy on {formatDateTime(call.recording_deleted_at)}</dd>
        </>
      )}
      <dt>Legal hold</dt>
      <dd>
        <LegalHold callSid={call.call_sid} held={call.legal_hold} />
      </dd>
      {call.parent_call_sid && (
        <>
          <dt>Transferred from</dt>
          <dd className="mono small">{call.parent_call_sid}</dd>
        </>
      )}
      <dt>Call id</dt>
      <dd className="mono small">{call.call_sid}</dd>
      <dt>Notes</dt>
      <dd style={{ whiteSpace: "pre-wrap" }}>{call.notes ?? "—"}</dd>
    </dl>
  );
}
