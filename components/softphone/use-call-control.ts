"use client";

import { useState } from "react";
import { useApiGet, type GetAnswer } from "@/lib/swr/use-api-get";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import { useSoftphone } from "./softphone-provider";

/** A party of the call beyond its agent and caller (GET /api/calls/{call_sid}/participants). */
export type CallParty = GetAnswer<"/api/calls/{call_sid}/participants">["data"][number];

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

  /** One control of the call: its request (the typed client with the call's sid), then what follows it. */
  const act = async (control: (client: NonNullable<typeof api>, call_sid: string) => Promise<unknown>, after?: () => void) => {
    if (!api || !callSid) return false;
    setBusy(true);
    setError(null);
    try {
      await control(api, callSid);
      after?.();
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
    transfer: (target: TransferTarget, mode: "cold" | "warm") =>
      act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/transfer", { path: { call_sid }, body: { target, mode } }), () => mode === "cold" && partEnded()),
    complete: () => act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/transfer/complete", { path: { call_sid } }), () => partEnded()),
    cancel: () => act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/transfer/cancel", { path: { call_sid } })),
    add: (party: { agent_id: number } | { number: string }) => act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/participants", { path: { call_sid }, body: party })),
    remove: (id: number) => act((client, call_sid) => client.send("delete", "/api/calls/{call_sid}/participants/{id}", { path: { call_sid, id } })),
  };
}
