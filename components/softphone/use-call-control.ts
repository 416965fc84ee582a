"use client";

import { useState } from "react";
import { useApiGet } from "@/lib/swr/use-api-get";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { useSoftphone } from "./softphone-provider";

export interface CallParty {
  id: number;
  kind: "agent" | "number" | "supervisor";
  role: "transfer" | "consult" | "participant" | "monitor";
  user_id: number | null;
  name: string | null;
  number: string | null;
  monitor_mode: string | null;
  state: string;
}

export type TransferTarget = { type: "agent"; id: number } | { type: "queue"; id: number } | { type: "number"; number: string };

/**
 * Transfer, consultation and three-way controls of the agent's current call
 * (POST /api/calls/{call_sid}/transfer…, /participants). The server owns the
 * call: each answer moves the panel, and the parties on the call are read
 * from the server, refreshed by every call event.
 */
export function useCallControl() {
  const { call, api, partEnded } = useSoftphone();
  const callSid = call?.phase === "connected" ? call.callSid : null;
  const parties = useApiGet("/api/calls/{call_sid}/participants", callSid ? { path: { call_sid: callSid } } : null);
  useLiveEvents(["call.updated"], () => void parties.mutate());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (path: string, body: unknown, after?: (answer: Record<string, unknown>) => void) => {
    if (!api || !callSid) return false;
    setBusy(true);
    setError(null);
    try {
      const answer = await api<Record<string, unknown>>(`/api/calls/${callSid}${path}`, { method: path.includes("/participants/") ? "DELETE" : "POST", ...(body !== undefined && { body: JSON.stringify(body) }) });
      after?.(answer);
      await parties.mutate();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const consult = parties.data?.data.find((p) => p.role === "consult") ?? null;
  return {
    busy,
    error,
    parties: parties.data?.data.filter((p) => p.role === "participant" || (p.role === "monitor" && p.monitor_mode === "barge")) ?? [],
    consult,
    /** Cold: the agent's part ends at once (wrap-up). Warm: the caller holds while the agent talks to the target. */
    transfer: (target: TransferTarget, mode: "cold" | "warm") => act("/transfer", { target, mode }, () => mode === "cold" && partEnded()),
    complete: () => act("/transfer/complete", {}, () => partEnded()),
    cancel: () => act("/transfer/cancel", {}),
    add: (party: { agent_id: number } | { number: string }) => act("/participants", party),
    remove: (id: number) => act(`/participants/${id}`, undefined),
  };
}
