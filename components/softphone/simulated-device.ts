import type { SendBody } from "@/lib/client/swr/api-send";
import type { ApiCall, CallEvents, CallHandle, DialOptions, QueueCall, SoftphoneDevice } from "./device";

const simulate = (api: ApiCall, body: SendBody<"post", "/api/dev/simulator">) => api.send("post", "/api/dev/simulator", { body });

/**
 * Each step of a call becomes one request to /api/dev/simulator, which sends
 * the provider's signed callbacks to the server: accept → the device joins the
 * caller's queue; hang up → the provider's dequeue (or the manual call's final
 * status), which writes the call log. No audio, everything else is real.
 */
export function simulatedDevice(api: ApiCall): SoftphoneDevice {
  const queueCallHandle = (callSid: string, events: CallEvents): CallHandle => ({
    callSid,
    async hangup() {
      const ended = await simulate(api, { action: "hangup", call_sid: callSid });
      events.onEnded();
      return { callLogId: ended.call_log_id ?? null };
    },
    mute: () => undefined,
    sendDigits: () => undefined,
  });
  return {
    mode: "simulated",
    async joinQueueCall(call: QueueCall, events: CallEvents): Promise<CallHandle> {
      await simulate(api, { action: "connect", queue_entry_id: call.id });
      events.onConnected();
      return queueCallHandle(call.call_sid, events);
    },
    resumeQueueCall: queueCallHandle,
    async dial(to: string, contactId: number | null, events: CallEvents, options?: DialOptions): Promise<CallHandle> {
      const campaign = options?.campaignContactId ? { campaign_contact_id: options.campaignContactId } : {};
      const placed = await simulate(api, {
        action: "manual",
        to,
        ...(contactId && { contact_id: contactId }),
        ...campaign,
        ...(options?.callbackEntryId && { callback_entry_id: options.callbackEntryId }),
      });
      const callSid = placed.call_sid;
      if (!placed.dialing || !callSid) throw new Error("The provider refused to dial this number.");
      let connectedAt: number | null = null;
      // The simulated callee picks up after a short ring.
      // The provider tells the server the dialed leg picked up (hold and transfer act on it), then the agent hears them.
      const ring = setTimeout(() => {
        void simulate(api, { action: "manual_answered", call_sid: callSid, to })
          .then(() => {
            connectedAt = Date.now();
            events.onConnected();
          })
          .catch((error: Error) => events.onError(error.message));
      }, 1200);
      return {
        callSid,
        async hangup() {
          clearTimeout(ring);
          const duration = connectedAt ? Math.round((Date.now() - connectedAt) / 1000) : 0;
          const ended = await simulate(api, {
            action: "manual_end",
            call_sid: callSid,
            to,
            duration,
            status: connectedAt ? "completed" : "no-answer",
            ...(contactId && { contact_id: contactId }),
            ...campaign,
          });
          events.onEnded();
          return { callLogId: ended.call_log_id ?? null };
        },
        mute: () => undefined,
        sendDigits: () => undefined,
      };
    },
    destroy: () => undefined,
  };
}
