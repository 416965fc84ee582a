import type { ApiClient } from "@/lib/client/swr/api-send";
// The browser phone behind the softphone: the provider's Voice SDK device, or
// a simulated one that asks the server to play the provider (development
// without a provider account). Both expose the same small surface.

export interface CallEvents {
  onConnected: () => void;
  onEnded: () => void;
  onError: (message: string) => void;
}

export interface CallHandle {
  /** The provider's CallSid the call log is kept under, when known. */
  callSid: string | null;
  hangup: () => Promise<{ callLogId: number | null }>;
  mute: (on: boolean) => void;
  sendDigits: (digits: string) => void;
}

export interface QueueCall {
  id: number;
  call_sid: string;
  queue: string;
}

/** What a dial is for: a previewed campaign contact, or a caller who asked to be called back (the server dials their number). */
export interface DialOptions {
  campaignContactId?: number | null;
  callbackEntryId?: number | null;
}

export interface SoftphoneDevice {
  mode: "provider" | "simulated";
  joinQueueCall: (call: QueueCall, events: CallEvents) => Promise<CallHandle>;
  dial: (to: string, contactId: number | null, events: CallEvents, options?: DialOptions) => Promise<CallHandle>;
  /** Takes back a queue call the agent was on before the page reloaded, where the device can (the provider's audio leg ends with the page). */
  resumeQueueCall?: (callSid: string, events: CallEvents) => CallHandle;
  destroy: () => void;
}

export type ApiCall = ApiClient;
