"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/swr/api-fetch";
import { useApiToken } from "@/lib/swr/use-api";
import { useSoftphone } from "@/components/softphone/softphone-provider";

/** Development without a provider: a caller (a random demo contact) rings the organization's number. */
export function SimulateCallButton() {
  const token = useApiToken();
  const { device } = useSoftphone();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!device.simulator) return null;
  const ring = async () => {
    setPending(true);
    try {
      const call = await apiFetch<{ from: string }>("/api/dev/simulator", token!, { method: "POST", body: JSON.stringify({ action: "inbound" }) });
      setMessage(`Simulated call from ${call.from} is ringing in.`);
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="row" style={{ alignItems: "center" }}>
      <button type="button" className="button secondary" onClick={ring} disabled={pending}>{pending ? "Ringing…" : "Simulate inbound call"}</button>
      {message && <span className="small muted" role="status">{message}</span>}
    </div>
  );
}
