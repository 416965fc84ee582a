import type { ApiCall, CallEvents, CallHandle, QueueCall, SoftphoneDevice } from "./device";

/**
 * The provider's Voice SDK device, registered with a token from
 * /api/voice/token (refreshed before it expires). Accepting a queue call
 * connects with QueueEntryId, which the TwiML application answers by dialing
 * exactly that caller's queue; a manual call connects with To.
 */
export async function providerDevice(api: ApiCall, onState: (registered: boolean, reason: string | null) => void): Promise<SoftphoneDevice> {
  const first = await api.send("post", "/api/voice/token", { body: {} });
  const { Device } = await import("@twilio/voice-sdk");
  const device = new Device(first.token, { logLevel: "error", closeProtection: true });
  device.on("registered", () => onState(true, null));
  device.on("unregistered", () => onState(false, "The device is not registered."));
  device.on("error", (error: { message?: string }) => onState(false, error.message ?? "The device reported an error."));
  device.on("tokenWillExpire", async () => {
    const next = await api.send("post", "/api/voice/token", { body: {} });
    device.updateToken(next.token);
  });
  // The service rings this browser only for a call it reserved the agent for (a colleague's
  // transfer, a three-way call) or a supervisor asked to monitor: it is taken at once, and the
  // panel follows the server's record of the call (the softphone re-reads it on every call event).
  let incoming: Awaited<ReturnType<typeof device.connect>> | null = null;
  device.on("incoming", (call: NonNullable<typeof incoming>) => {
    incoming = call;
    call.accept();
  });
  await device.register();

  async function connect(params: Record<string, string>, events: CallEvents, callSid: string | null): Promise<CallHandle> {
    const call = await device.connect({ params });
    call.on("accept", () => events.onConnected());
    call.on("disconnect", () => events.onEnded());
    call.on("cancel", () => events.onEnded());
    call.on("error", (error: { message?: string }) => events.onError(error.message ?? "The call failed."));
    return {
      get callSid() {
        return callSid ?? call.parameters?.CallSid ?? null;
      },
      async hangup() {
        call.disconnect();
        return { callLogId: null };
      },
      mute: (on) => call.mute(on),
      sendDigits: (digits) => call.sendDigits(digits),
    };
  }

  return {
    mode: "provider",
    // A call the server put this agent on: the leg the service dialed to this browser.
    resumeQueueCall: (callSid, events) => {
      const call = incoming;
      call?.on("disconnect", () => events.onEnded());
      return {
        callSid,
        async hangup() {
          call?.disconnect();
          return { callLogId: null };
        },
        mute: (on) => call?.mute(on),
        sendDigits: (digits) => call?.sendDigits(digits),
      };
    },
    joinQueueCall: (queueCall: QueueCall, events) => connect({ QueueEntryId: String(queueCall.id), QueueName: queueCall.queue }, events, queueCall.call_sid),
    dial: (to, contactId, events, options) =>
      connect(
        {
          To: to,
          ...(contactId && { contactId: String(contactId) }),
          ...(options?.campaignContactId && { CampaignContactId: String(options.campaignContactId) }),
          ...(options?.callbackEntryId && { CallbackEntryId: String(options.callbackEntryId) }),
        },
        events,
        null,
      ),
    destroy: () => device.destroy(),
  };
}
