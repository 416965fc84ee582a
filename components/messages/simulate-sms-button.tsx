"use client";

import { useState } from "react";
import { apiSend } from "@/lib/swr/api-send";
import { useApiToken } from "@/lib/swr/use-api";

/** Development without a provider: a text from a number (a random demo contact when left empty) arrives. */
export function SimulateSmsButton({ onArrived }: { onArrived: () => void }) {
  const token = useApiToken();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState("");
  const [body, setBody] = useState("");
  const [status, setStatus] = useState<string | null>(null);

  const send = async () => {
    try {
      const result = await apiSend("post", "/api/dev/simulator", token!, { body: { action: "sms_inbound", body, ...(from.trim() && { from: from.trim() }) } });
      setStatus(`Simulated text from ${result.from} arrived.`);
      setBody("");
      onArrived();
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  if (!open) return <button type="button" className="button secondary" onClick={() => setOpen(true)}>Simulate incoming SMS</button>;
  return (
    <form className="row" onSubmit={(e) => (e.preventDefault(), send())} aria-label="Simulate incoming SMS">
      <input className="input" aria-label="From (E.164, optional)" placeholder="From +1… (optional)" value={from} onChange={(e) => setFrom(e.target.value)} />
      <input className="input" aria-label="Text" placeholder="Text" value={body} onChange={(e) => setBody(e.target.value)} required maxLength={1600} />
      <button type="submit" className="button secondary" disabled={!body}>Receive</button>
      {status && <span className="small muted" role="status">{status}</span>}
    </form>
  );
}
