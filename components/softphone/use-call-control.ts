"use client";

import { useEffect, useRef, useState } from "react";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
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
  // A control in flight reads the parties itself when it is done, and one that ends the agent's part (a cold
  // transfer, a completed one) must not read them at all: the agent is no longer a party (404 after every transfer).
  const acting = useRef(false);
  // Nor one that has ended: the event saying so can come before the panel moves to wrap-up, and the parties of a call over are nobody's.
  useLiveEvents(["call.updated"], (data) => void (acting.current || data.state === "ended" || data.event === "ended" || (callSid !== null && data.call_sid !== callSid) || parties.mutate()));
  useEffect(() => {
    acting.current = false;
  }, [callSid]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** One control of the call: its request (the typed client with the call's sid), then what follows it. */
  const act = async (control: (client: NonNullable<typeof api>, call_sid: string) => Promise<unknown>, { partEnds = false }: { partEnds?: boolean } = {}) => {
    if (!api || !callSid) return false;
    setBusy(true);
    setError(null);
    acting.current = true;
    let left = false;
    try {
      await control(api, callSid);
      if (partEnds) {
        partEnded();
        left = true;
      } else await parties.mutate();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      // A part that ended stays unread until the panel moves to another call (the effect below).
      if (!left) acting.current = false;
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
      act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/transfer", { path: { call_sid }, body: { target, mode } }), { partEnds: mode === "cold" }),
    complete: () => act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/transfer/complete", { path: { call_sid } }), { partEnds: true }),
    cancel: () => act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/transfer/cancel", { path: { call_sid } })),
    add: (party: { agent_id: number } | { number: string }) => act((client, call_sid) => client.send("post", "/api/calls/{call_sid}/participants", { path: { call_sid }, body: party })),
    remove: (id: number) => act((client, call_sid) => client.send("delete", "/api/calls/{call_sid}/participants/{id}", { path: { call_sid, id } })),
  };
}
