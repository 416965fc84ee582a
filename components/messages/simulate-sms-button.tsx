"use client";

import { useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";

/** Development without a provider: a text from a number (a random demo contact when left empty) arrives. */
export function SimulateSmsButton({ onArrived }: { onArrived: () => void }) {
  const token = useApiToken();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState("");
  const [body, setBody] = useState("");
  const [channel, setChannel] = useState<"sms" | "whatsapp">("sms");
  // How long ago it was sent, in hours: a WhatsApp message a day old leaves the 24-hour window closed.
  const [hoursAgo, setHoursAgo] = useState("0");
  const [status, setStatus] = useState<string | null>(null);

  const send = async () => {
    try {
      const hours = Number(hoursAgo) || 0;
      const result = await apiSend("post", "/api/dev/simulator", token!, {
        body: { action: "sms_inbound", body, channel, ...(from.trim() && { from: from.trim() }), ...(hours > 0 && { at: new Date(Date.now() - hours * 3_600_000).toISOString() }) },
      });
      setStatus(`Simulated ${channel === "whatsapp" ? "WhatsApp message" : "text"} from ${result.from} arrived.`);
      setBody("");
      onArrived();
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  if (!open)
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        Simulate incoming SMS
      </button>
    );
  return (
    <form className="row" onSubmit={(e) => (e.preventDefault(), send())} aria-label="Simulate incoming SMS">
      <input className="input" aria-label="From (E.164, optional)" placeholder="From +1… (optional)" value={from} onChange={(e) => setFrom(e.target.value)} />
      <input className="input" aria-label="Text" placeholder="Text" value={body} onChange={(e) => setBody(e.target.value)} required maxLength={1600} />
      <select className="input" aria-label="Arrives on" value={channel} onChange={(e) => setChannel(e.target.value === "whatsapp" ? "whatsapp" : "sms")}>
        <option value="sms">SMS</option>
        <option value="whatsapp">WhatsApp</option>
      </select>
      <input className="input" aria-label="Sent hours ago" type="number" min={0} max={720} style={{ width: 90 }} value={hoursAgo} onChange={(e) => setHoursAgo(e.target.value)} />
      <button type="submit" className="button secondary" disabled={!body}>
        Receive
      </button>
      {status && (
        <span className="small muted" role="status">
          {status}
        </span>
      )}
    </form>
  );
}
