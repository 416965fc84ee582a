"use client";

import { useId, useState } from "react";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import type { TransferTarget } from "./use-call-control";

const STATE_LABEL: Record<string, string> = { available: "available", busy: "on a call", wrap_up: "wrapping up", offline: "offline" };

/**
 * Picks whom to send the call to (Transfer) or bring in (Add participant):
 * agents by name with their state (only available ones can take it), the
 * departments' queues, or a number; warm or cold for a transfer. A form:
 * arrows move between choices, Enter sends, Escape closes.
 */
export function TransferPanel({
  purpose,
  busy,
  onSubmit,
  onClose,
}: {
  purpose: "transfer" | "add";
  busy: boolean;
  onSubmit: (target: TransferTarget, mode: "cold" | "warm") => void;
  onClose: () => void;
}) {
  const [q, setQ] = useState("");
  const [choice, setChoice] = useState<string>("");
  const [number, setNumber] = useState("");
  const [mode, setMode] = useState<"cold" | "warm">("warm");
  const { data } = useApiGet("/api/calls/transfer-targets", { query: { q: q || undefined } }, { keepPreviousData: true });
  const id = useId();
  const title = purpose === "transfer" ? "Transfer the call" : "Add someone to the call";

  const target = (): TransferTarget | null => {
    if (choice === "number") return number.trim() ? { type: "number", number: number.trim() } : null;
    const [type, value] = choice.split(":");
    if (type === "agent" || type === "queue") return { type, id: Number(value) };
    return null;
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const picked = target();
    if (picked) onSubmit(picked, picked.type === "queue" ? "cold" : mode);
  };

  return (
    <form className="transfer-panel stack" aria-label={title} onSubmit={submit} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <strong>{title}</strong>
      <div className="field" style={{ margin: 0 }}>
        <label htmlFor={`${id}-search`}>Search agents{purpose === "transfer" ? " and queues" : ""}</label>
        <input id={`${id}-search`} type="search" value={q} autoFocus onChange={(e) => setQ(e.target.value)} placeholder="Name" />
      </div>
      <fieldset className="target-list">
        <legend className="small muted">{purpose === "transfer" ? "Send it to" : "Bring in"}</legend>
        <div className="small muted">Agents</div>
        {data?.agents.length === 0 && <p className="small muted">No agent by that name.</p>}
        {data?.agents.map((agent) => (
          <label key={agent.id} className={agent.status === "available" ? "" : "muted"}>
            <input
              type="radio"
              name={`${id}-target`}
              value={`agent:${agent.id}`}
              checked={choice === `agent:${agent.id}`}
              disabled={agent.status !== "available"}
              onChange={(e) => setChoice(e.target.value)}
            />
            {agent.name}{" "}
            <span className="small">
              · {agent.department ?? "no department"} · {STATE_LABEL[agent.status] ?? agent.status}
            </span>
          </label>
        ))}
        {purpose === "transfer" && (
          <>
            <div className="small muted">Queues</div>
            {data?.queues.map((queue) => (
              <label key={queue.id}>
                <input type="radio" name={`${id}-target`} value={`queue:${queue.id}`} checked={choice === `queue:${queue.id}`} onChange={(e) => setChoice(e.target.value)} />
                {queue.name} queue <span className="small">· {queue.waiting} waiting</span>
              </label>
            ))}
          </>
        )}
        <label>
          <input type="radio" name={`${id}-target`} value="number" checked={choice === "number"} onChange={(e) => setChoice(e.target.value)} />A number
        </label>
        {choice === "number" && <input aria-label="Number to dial" type="tel" value={number} onChange={(e) => setNumber(e.target.value)} placeholder="+14155550100" />}
      </fieldset>
      {purpose === "transfer" && !choice.startsWith("queue:") && (
        <div role="radiogroup" aria-label="Transfer mode" className="controls">
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === "warm"} onChange={() => setMode("warm")} /> Warm (talk to them first)
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === "cold"} onChange={() => setMode("cold")} /> Cold
          </label>
        </div>
      )}
      <div className="controls">
        <button type="submit" className="button" disabled={busy || !target()}>
          {busy ? "Sending…" : purpose === "transfer" ? "Transfer" : "Add to call"}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
