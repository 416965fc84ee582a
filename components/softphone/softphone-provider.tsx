"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { ApiRequestError } from "@/lib/client/swr/api-fetch";
import { apiClient } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useSession } from "next-auth/react";
import { can } from "@/lib/auth/permissions";
import { useLiveEvents } from "@/components/live/event-stream-provider";
import type { ApiCall, CallHandle, DialOptions, QueueCall, SoftphoneDevice } from "./device";
import type { GetAnswer } from "@/lib/client/swr/use-api-get";
import { providerDevice } from "./provider-device";
import { simulatedDevice } from "./simulated-device";

export interface DeviceState {
  mode: "provider" | "simulated" | "none";
  registered: boolean;
  reason: string | null;
  simulator: boolean;
}

export interface ActiveCall {
  direction: "inbound" | "outbound";
  number: string;
  contactId: number | null;
  contactName: string | null;
  phase: "connecting" | "connected" | "ended";
  connectedAt: number | null;
  endedAt: number | null;
  muted: boolean;
  /** The caller hears the hold music (the server's state: POST /api/calls/{call_sid}/hold). */
  onHold: boolean;
  holding: boolean;
  /** The call's recording runs or is paused (the server's state: POST /api/calls/{call_sid}/recording); null: not recorded. */
  recording: "recording" | "paused" | null;
  recordingBusy: boolean;
  digits: string;
  notes: string;
  /** The wrap-up disposition picked (GET /api/dispositions). */
  dispositionId: number | null;
  /** The server's state of the call: consult (a warm transfer's target talking to the agent transferring). */
  serverState: string | null;
  /** A supervisor whispering to the agent or barged in. */
  monitored: { mode: string; by: string | null } | null;
  /** The agent who transferred this call here. */
  transferredFrom: string | null;
  /** This agent was added to a colleague's call (three-way): hanging up leaves it, the call goes on. */
  participant: { id: number; added_by: string | null } | null;
  /** The card payment being taken on the call, or the last one (the server's: POST /api/calls/{call_sid}/payments). */
  payment: CallPayment | null;
  callSid: string | null;
  callLogId: number | null;
  error: string | null;
  saving: boolean;
  saved: boolean;
}

interface Softphone {
  device: DeviceState;
  call: ActiveCall | null;
  acceptQueueCall: (call: QueueCall & { from: string; contact: { id: number; name: string | null } | null }) => Promise<void>;
  dial: (to: string, contact: { id: number; name: string | null } | null, options?: DialOptions) => Promise<void>;
  hangup: () => Promise<void>;
  toggleMute: () => void;
  toggleHold: () => Promise<void>;
  toggleRecording: () => Promise<void>;
  sendDigit: (digit: string) => void;
  setNotes: (notes: string) => void;
  setDisposition: (id: number | null) => void;
  finish: () => Promise<void>;
  /** The agent's part of the call ended on the server (a cold or completed transfer): the panel goes to wrap-up. */
  partEnded: () => void;
  /** The organization has a payment step (a connector): the panel offers Take a payment. */
  paymentsEnabled: boolean;
  /** A payment's new state, as the server answered an action on it. */
  setPayment: (payment: CallPayment) => void;
  /** Reads the agent's call again and brings the panel in line (what the call's events do). */
  refreshCall: () => Promise<void>;
  api: ApiCall | null;
}

const SoftphoneContext = createContext<Softphone | null>(null);

export function useSoftphone(): Softphone {
  const value = useContext(SoftphoneContext);
  if (!value) throw new Error("useSoftphone outside SoftphoneProvider");
  return value;
}

/** Finds the call log the provider's callbacks wrote for a CallSid (they may land a moment after hang-up). */
async function findCallLog(api: ApiCall, callSid: string): Promise<number | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const page = await api.get("/api/voice/call-logs", { query: { call_sid: callSid } });
    if (page.data[0]) return page.data[0].id;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return null;
}

/** The wrap-up's notes and disposition onto the call's log (nothing to save: nothing asked); the log's id. */
async function saveWrapUp(api: ApiCall, call: ActiveCall): Promise<number | null> {
  if (!call.notes.trim() && !call.dispositionId) return call.callLogId;
  const id = call.callLogId ?? (call.callSid ? await findCallLog(api, call.callSid) : null);
  if (!id) throw new Error("The call log has not arrived yet; try again in a moment.");
  const wrapUp = { ...(call.notes.trim() && { notes: call.notes.trim() }), ...(call.dispositionId && { disposition_id: call.dispositionId }) };
  await api.send("patch", "/api/voice/call-logs/{id}", { path: { id }, body: wrapUp });
  return id;
}

/** The call the server knows the agent is on or wrapping up, as GET /api/agent/status answers it. */
type ServerCall = NonNullable<GetAnswer<"/api/agent/status">["call"]>;
export type CallPayment = NonNullable<ServerCall["payment"]>;

function restoredCall(server: ServerCall): ActiveCall {
  const started = server.started_at ? new Date(server.started_at).getTime() : Date.now();
  return {
    direction: server.direction === "inbound" ? "inbound" : "outbound",
    number: server.number,
    contactId: server.contact_id,
    contactName: server.contact_name,
    phase: server.phase,
    connectedAt: started,
    endedAt: server.phase === "ended" ? (server.ended_at ? new Date(server.ended_at).getTime() : Date.now()) : null,
    muted: false,
    onHold: server.on_hold,
    holding: false,
    recording: server.recording,
    recordingBusy: false,
    digits: "",
    notes: server.notes ?? "",
    dispositionId: null,
    serverState: server.state,
    monitored: server.monitored,
    transferredFrom: server.transferred_from,
    participant: server.participant,
    payment: server.payment,
    callSid: server.call_sid,
    callLogId: server.call_log_id,
    error: null,
    saving: false,
    saved: false,
  };
}

/** How the organization's phone starts (GET /api/dev/simulator's enabled and voice_ready), known to the page from the start. */
export interface TelephonyReadiness {
  enabled: boolean;
  voice_ready: boolean;
  /** A payment step is configured (calls settings: payments.connector). */
  payments: boolean;
}

export function SoftphoneProvider({ telephony, children }: { telephony: TelephonyReadiness; children: React.ReactNode }) {
  // The device starts from these two facts, not from the object carrying them: a layout rendered
  // again hands a new object with the same values, which must not tear down a phone mid-call.
  const { enabled, voice_ready, payments: paymentsEnabled } = telephony;
  const token = useApiToken();
  // Known from the first render (the server's too), so what depends on it (the simulate button) never shifts the page.
  const [device, setDevice] = useState<DeviceState>({ mode: "none", registered: false, reason: "Starting the phone…", simulator: enabled });
  const [call, setCall] = useState<ActiveCall | null>(null);
  // What sync reads before it moves the panel (its side effects stay out of setCall's updater).
  const callRef = useRef<ActiveCall | null>(null);
  callRef.current = call;
  const deviceRef = useRef<SoftphoneDevice | null>(null);
  const handleRef = useRef<CallHandle | null>(null);
  const { mutate } = useSWRConfig();
  // The server moves the agent (busy → wrap-up → available) and writes call logs: pages showing those refresh.
  const refresh = useCallback(() => mutate((key) => Array.isArray(key) && typeof key[0] === "string" && /^\/api\/(agent\/status|voice\/call-logs|queue\/calls)/.test(key[0])), [mutate]);
  const api: ApiCall = useMemo(() => apiClient(token ?? ""), [token]);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    (async () => {
      const simulator = { enabled, voice_ready };
      const startSimulated = () => {
        deviceRef.current = simulatedDevice(api);
        setDevice({ mode: "simulated", registered: true, reason: "Simulated device: no provider account is configured.", simulator: true });
      };
      // No provider credentials: asking for a voice token would only earn a 503.
      if (!simulator.voice_ready) {
        if (cancelled) return;
        if (simulator.enabled) return startSimulated();
        return setDevice({ mode: "none", registered: false, reason: "Telephony is not configured for this organization (Settings → Telephony).", simulator: false });
      }
      try {
        const made = await providerDevice(api, (registered, reason) => !cancelled && setDevice((d) => ({ ...d, registered, reason })));
        if (cancelled) return made.destroy();
        deviceRef.current = made;
        setDevice({ mode: "provider", registered: true, reason: null, simulator: simulator.enabled });
      } catch (error) {
        if (cancelled) return;
        if (simulator.enabled) startSimulated();
        else {
          const reason = error instanceof ApiRequestError ? error.message : "The phone could not start (microphone or network).";
          setDevice({ mode: "none", registered: false, reason, simulator: false });
        }
      }
    })();
    return () => {
      cancelled = true;
      deviceRef.current?.destroy();
      deviceRef.current = null;
    };
  }, [token, api, enabled, voice_ready]);

  const events = useMemo(
    () => ({
      onConnected: () => setCall((c) => (c ? { ...c, phase: "connected", connectedAt: Date.now() } : c)),
      onEnded: () => setCall((c) => (c && c.phase !== "ended" ? { ...c, phase: "ended", endedAt: Date.now() } : c)),
      onError: (message: string) => setCall((c) => (c ? { ...c, error: message } : c)),
    }),
    [],
  );

  // A reload in the middle of a call or its wrap-up: the server says which call it was, and the panel comes back.
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || device.mode === "none" || restoredFor.current === token) return;
    restoredFor.current = token;
    // A page loaded on a busy server can see this first read fail: it is tried again (1, 2, 4, 8 s)
    // rather than leave an agent on a call with no panel to end it.
    const restore = (attempt: number): Promise<void> =>
      api.get("/api/agent/status", {}).then(
        ({ call: server }) => {
          // The stream's first sync may have brought the call back already.
          if (!server || callRef.current) return;
          if (server.phase === "connected" && deviceRef.current?.resumeQueueCall) handleRef.current = deviceRef.current.resumeQueueCall(server.call_sid, events);
          setCall((current) => current ?? restoredCall(server));
        },
        () => (attempt < 4 ? new Promise<void>((again) => setTimeout(() => again(restore(attempt + 1)), 1000 * 2 ** attempt)) : undefined),
      );
    void restore(0);
  }, [token, device.mode, api, events]);

  // The server moves calls the page did not start: a colleague transfers a caller here (the agent was
  // reserved for it), a consultation is canceled, a supervisor whispers. Every call event re-reads the
  // agent's call and brings the panel in line.
  const sync = useCallback(async () => {
    if (!token) return;
    const { call: server } = await api.get("/api/agent/status", {}).catch(() => ({ call: null }));
    const current = callRef.current;
    if (server?.phase === "connected" && current?.phase === "ended" && current.callSid !== server.call_sid) {
      // The agent left a wrap-up panel open, became available elsewhere (the state bar, another tab) and the
      // server put a new call on them: the new call takes the panel; the old one's notes are kept, not dropped.
      await saveWrapUp(api, current).catch(() => undefined);
    }
    setCall((latest) => {
      if (server?.phase === "connected") {
        if (!latest || (latest.phase === "ended" && latest.callSid !== server.call_sid)) {
          if (deviceRef.current?.resumeQueueCall) handleRef.current = deviceRef.current.resumeQueueCall(server.call_sid, events);
          return restoredCall(server);
        }
        if (latest.callSid !== server.call_sid) return latest;
        return {
          ...latest,
          onHold: server.on_hold,
          recording: latest.recordingBusy ? latest.recording : server.recording,
          serverState: server.state,
          monitored: server.monitored,
          transferredFrom: server.transferred_from,
          participant: server.participant,
          payment: server.payment,
        };
      }
      // A consultation called off (or a transfer that never reached this agent): nothing to wrap up.
      if (latest?.phase === "connected" && latest.serverState === "consult") return null;
      // A third party taken off the call, or the call over: their part ended on the server.
      if (latest?.phase === "connected" && latest.participant) return { ...latest, phase: "ended", endedAt: Date.now(), onHold: false };
      return latest;
    });
  }, [token, api, events]);
  // A manager's stream carries their whole department's agents: only this agent's own moves matter here.
  const user = useSession().data?.user;
  const userId = user?.id;
  // Supervisors (who may monitor) are never a transfer's target: their department's call events are not theirs to follow.
  const takesTransfers = user ? !can(user.role, "calls.monitor") : false;
  // A call event about this agent's call, or (an agent without a call) one that may be a colleague's transfer to them.
  const callSid = call?.phase === "ended" ? null : (call?.callSid ?? null);
  useLiveEvents(["call.updated"], (data) => (data.call_sid === callSid || (!callSid && takesTransfers)) && void sync());
  const live = useLiveEvents(["agent.status.changed"], (data) => data.user_id === userId && void sync());
  // Events sent while the stream was down (a dropped network, a server restart) are not replayed:
  // each time the stream comes back, the panel is brought in line with the server once. Its first
  // opening is the page's load, which the restore above reads for.
  const wasLive = useRef(false);
  useEffect(() => {
    if (!live) return;
    if (wasLive.current) void sync();
    wasLive.current = true;
  }, [live, sync]);

  const partEnded = () => setCall((c) => (c && c.phase !== "ended" ? { ...c, phase: "ended", endedAt: Date.now(), onHold: false } : c));

  const start = (base: Pick<ActiveCall, "direction" | "number" | "contactId" | "contactName">) =>
    setCall({
      ...base,
      phase: "connecting",
      connectedAt: null,
      endedAt: null,
      muted: false,
      onHold: false,
      holding: false,
      recording: null,
      recordingBusy: false,
      digits: "",
      notes: "",
      dispositionId: null,
      serverState: null,
      monitored: null,
      transferredFrom: null,
      participant: null,
      payment: null,
      callSid: null,
      callLogId: null,
      error: null,
      saving: false,
      saved: false,
    });

  const acceptQueueCall: Softphone["acceptQueueCall"] = async (queueCall) => {
    if (!deviceRef.current) throw new Error(device.reason ?? "The phone is not ready.");
    start({ direction: "inbound", number: queueCall.from, contactId: queueCall.contact?.id ?? null, contactName: queueCall.contact?.name ?? null });
    try {
      const handle = await deviceRef.current.joinQueueCall(queueCall, events);
      handleRef.current = handle;
      setCall((c) => (c ? { ...c, callSid: handle.callSid } : c));
    } catch (error) {
      setCall((c) => (c ? { ...c, phase: "ended", endedAt: Date.now(), error: (error as Error).message } : c));
    }
  };

  const dial: Softphone["dial"] = async (to, contact, options) => {
    if (!deviceRef.current) throw new Error(device.reason ?? "The phone is not ready.");
    start({ direction: "outbound", number: to, contactId: contact?.id ?? null, contactName: contact?.name ?? null });
    try {
      const handle = await deviceRef.current.dial(to, contact?.id ?? null, events, options);
      handleRef.current = handle;
      setCall((c) => (c ? { ...c, callSid: handle.callSid } : c));
    } catch (error) {
      setCall((c) => (c ? { ...c, phase: "ended", endedAt: Date.now(), error: (error as Error).message } : c));
    }
  };

  const hangup = async () => {
    // A third party leaves the colleague's call through the server (it ends their leg); the call goes on without them.
    if (call?.participant && call.callSid) {
      try {
        await api.send("delete", "/api/calls/{call_sid}/participants/{id}", { path: { call_sid: call.callSid, id: call.participant.id } });
        handleRef.current = null;
        setCall((c) => (c ? { ...c, phase: "ended", endedAt: Date.now() } : c));
        void refresh();
      } catch (error) {
        setCall((c) => (c ? { ...c, error: (error as Error).message } : c));
      }
      return;
    }
    const handle = handleRef.current;
    if (!handle) return setCall((c) => (c ? { ...c, phase: "ended", endedAt: Date.now() } : c));
    try {
      const { callLogId } = await handle.hangup();
      setCall((c) => (c ? { ...c, phase: "ended", endedAt: c.endedAt ?? Date.now(), callLogId, callSid: handle.callSid } : c));
      void refresh();
    } catch (error) {
      setCall((c) => (c ? { ...c, phase: "ended", endedAt: Date.now(), error: (error as Error).message } : c));
    }
  };

  const toggleMute = () =>
    setCall((c) => {
      if (!c) return c;
      handleRef.current?.mute(!c.muted);
      return { ...c, muted: !c.muted };
    });

  /** Hold or resume: the server moves the call (the caller hears the hold music); the panel shows what it answered. */
  const toggleHold = async () => {
    const callSid = call?.callSid ?? handleRef.current?.callSid;
    if (!call || !callSid || call.holding) return;
    setCall((c) => (c ? { ...c, holding: true, error: null } : c));
    try {
      const answer = await api.send("post", "/api/calls/{call_sid}/hold", { path: { call_sid: callSid }, body: { on: !call.onHold } });
      setCall((c) => (c ? { ...c, onHold: answer.on_hold, holding: false } : c));
    } catch (error) {
      setCall((c) => (c ? { ...c, holding: false, error: (error as Error).message } : c));
    }
  };

  /** Pause or resume the call's recording (a card number is about to be read out); the panel shows what the server answered. */
  const toggleRecording = async () => {
    const callSid = call?.callSid ?? handleRef.current?.callSid;
    if (!call || !callSid || !call.recording || call.recordingBusy) return;
    setCall((c) => (c ? { ...c, recordingBusy: true, error: null } : c));
    try {
      const answer = await api.send("post", "/api/calls/{call_sid}/recording", { path: { call_sid: callSid }, body: { state: call.recording === "paused" ? "recording" : "paused" } });
      setCall((c) => (c ? { ...c, recording: answer.recording, recordingBusy: false } : c));
    } catch (error) {
      setCall((c) => (c ? { ...c, recordingBusy: false, error: (error as Error).message } : c));
    }
  };

  const sendDigit = (digit: string) => {
    handleRef.current?.sendDigits(digit);
    setCall((c) => (c ? { ...c, digits: (c.digits + digit).slice(-24) } : c));
  };

  const setNotes = (notes: string) => setCall((c) => (c ? { ...c, notes } : c));
  /**
   * A picked disposition is saved at once, not when the panel closes: it is what
   * lets a required wrap-up end (a timed one ends by itself on the server), and
   * the state bar stops asking for one. A failure says why; closing saves it again.
   */
  const setDisposition = async (dispositionId: number | null) => {
    setCall((c) => (c ? { ...c, dispositionId, error: null } : c));
    const current = callRef.current;
    const callSid = current?.callSid ?? handleRef.current?.callSid ?? null;
    if (!current || current.participant || current.phase !== "ended" || dispositionId === null || !callSid) return;
    try {
      const id = current.callLogId ?? (await findCallLog(api, callSid));
      if (!id) return;
      await api.send("patch", "/api/voice/call-logs/{id}", { path: { id }, body: { disposition_id: dispositionId } });
      setCall((c) => (c ? { ...c, callLogId: id } : c));
      void refresh();
    } catch (error) {
      setCall((c) => (c ? { ...c, error: (error as Error).message } : c));
    }
  };

  /** Wrap-up done: the notes go onto the call's log, and an agent in wrap-up is back in the state the call began in (a manual call placed while offline left them offline). */
  const finish = async () => {
    if (!call) return;
    setCall({ ...call, saving: true, error: null });
    try {
      // A third party's part is not a call log of its own: the colleague's call keeps the notes.
      const id = call.participant ? null : await saveWrapUp(api, { ...call, callSid: call.callSid ?? handleRef.current?.callSid ?? null });
      if (id) setCall((c) => (c ? { ...c, callLogId: id } : c));
      // Wrap-up ends where the call began: an agent who was Busy (or Missed) stays not ready (I4).
      const { status, wrap_up } = await api.get("/api/agent/status", {});
      if (status === "wrap_up") await api.send("post", "/api/agent/status", { body: { status: wrap_up?.returns_to === undefined || wrap_up.returns_to === "available" ? "available" : "busy" } });
      handleRef.current = null;
      setCall(null);
      void refresh();
    } catch (error) {
      setCall((c) => (c ? { ...c, saving: false, error: (error as Error).message } : c));
    }
  };

  const setPayment = (payment: CallPayment) => setCall((c) => (c && c.callSid === payment.call_sid ? { ...c, payment } : c));
  const value: Softphone = {
    device,
    call,
    acceptQueueCall,
    dial,
    hangup,
    toggleMute,
    toggleHold,
    toggleRecording,
    sendDigit,
    setNotes,
    setDisposition,
    finish,
    partEnded,
    paymentsEnabled,
    setPayment,
    refreshCall: sync,
    api: token ? api : null,
  };
  return <SoftphoneContext.Provider value={value}>{children}</SoftphoneContext.Provider>;
}
