"use client";

import { useState } from "react";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useSoftphone } from "@/components/softphone/softphone-provider";

/** Development without a provider: a caller (a random demo contact) rings the organization's number. */
export function SimulateCallButton() {
  const token = useApiToken();
  const { device } = useSoftphone();
  const [message, setMessage] = useState<{ text: string; callSid: string | null } | null>(null);
  const [pending, setPending] = useState(false);
  // "…is ringing in" is true only until someone takes the call or the caller leaves.
  useLiveEvents(["queue.entry.accepted", "queue.entry.left"], (data) => {
    if (message?.callSid && data.call_sid === message.callSid) setMessage(null);
  });
  if (!device.simulator) return null;
  const ring = async () => {
    setPending(true);
    try {
      const call = await apiSend("post", "/api/dev/simulator", token!, { body: { action: "inbound" } });
      setMessage({ text: `Simulated call from ${call.from} is ringing in.`, callSid: call.call_sid ?? null });
    } catch (e) {
      setMessage({ text: (e as Error).message, callSid: null });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="row" style={{ alignItems: "center" }}>
      <button type="button" className="button secondary" onClick={ring} disabled={pending}>
        {pending ? "Ringing…" : "Simulate inbound call"}
      </button>
      {message && (
        <span className="small muted" role="status">
          {message.text}
        </span>
      )}
    </div>
  );
}
