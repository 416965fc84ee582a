"use client";

import { formatDuration, formatPhone } from "@/lib/client/format/display";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { AVAILABILITY, AvailabilitySwitch, useAgentStatus } from "@/components/queue/availability-switch";
import { DeviceStatus } from "@/components/softphone/device-status";
import { useSoftphone } from "@/components/softphone/softphone-provider";
import { useSecondsSince, useSecondsUntil } from "@/components/softphone/use-ticking";
import { CallersWaitingHint, DesktopAlertsButton } from "@/components/offers/callers-waiting-hint";
import { ConversationAssignedNotice } from "@/components/offers/conversation-assigned-notice";
import { OfferBanner } from "@/components/offers/offer-banner";

/**
 * The agent's state on every page (as in an agent desktop): availability,
 * how long they have been in it, the call they are on, and whether the phone
 * can ring; a call offered to them rings here, on every page (issue 44).
 * The server owns the state (it moves an agent to busy and wrap-up
 * itself): the bar follows its events and never guesses.
 */
export function AgentStateBar() {
  const { call } = useSoftphone();
  const status = useAgentStatus();
  useLiveEvents(["agent.status.changed"], () => void status.mutate());
  const changedAt = status.data?.changed_at ? new Date(status.data.changed_at).getTime() : null;
  const seconds = useSecondsSince(changedAt);
  // `missed` is set by the offer engine, not chosen: the agent leaves it by choosing Available.
  const label = status.data?.status === "missed" ? "Missed a call: not ready" : (AVAILABILITY.find((a) => a.status === status.data?.status)?.label ?? "Offline");
  const available = status.data?.status === "available";
  const onCall = call && call.phase !== "ended" ? (call.contactName ?? formatPhone(call.number)) : null;

  return (
    <div className="state-bar" role="region" aria-label="Your state">
      <AvailabilitySwitch />
      <span className="state-time" data-status={status.data?.status ?? "offline"}>
        <strong>{label}</strong>
        {changedAt !== null && (
          <span className="mono" aria-label="Time in this state" suppressHydrationWarning>
            {" "}
            {formatDuration(seconds)}
          </span>
        )}
      </span>
      {onCall && (
        <span className="state-call" role="status">
          On a call with {onCall}
        </span>
      )}
      {!onCall && call?.phase === "ended" && (
        <span className="state-call" role="status">
          Wrapping up the call with {call.contactName ?? formatPhone(call.number)}
        </span>
      )}
      {status.data?.wrap_up && <WrapUpCountdown wrapUp={status.data.wrap_up} />}
      {!onCall && <CallersWaitingHint available={available} />}
      {available && <DesktopAlertsButton />}
      <DeviceStatus />
      <OfferBanner />
      <ConversationAssignedNotice />
    </div>
  );
}

/** A timed wrap-up (the queue's wrap_up_seconds, issue 44): how long is left, and what it still needs. */
function WrapUpCountdown({ wrapUp }: { wrapUp: { ends_at: string | null; disposition_required: boolean; has_disposition: boolean; returns_to: "available" | "busy" | "missed" } }) {
  const left = useSecondsUntil(wrapUp.ends_at ? new Date(wrapUp.ends_at).getTime() : null);
  const owesDisposition = wrapUp.disposition_required && !wrapUp.has_disposition;
  if (left === null && !owesDisposition) return null;
  return (
    <span className="state-call" role="status" aria-label="Wrap-up" suppressHydrationWarning>
      {owesDisposition ? "Pick a disposition to end wrap-up" : `${wrapUp.returns_to === "available" ? "Available" : "Not ready"} again in ${formatDuration(left ?? 0)}`}
      {owesDisposition && left !== null && left > 0 && <span className="mono"> ({formatDuration(left)})</span>}
    </span>
  );
}
