import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";

// What the simulator answers (run-simulator.ts): its state, and what an action did.

export const simulatorStatusAnswer = z.object({
  enabled: z.boolean().meta({ description: "The organization runs on the simulated provider (no real credentials)" }),
  number: z.string().nullable().meta({ description: "The organization's number that simulated callers dial" }),
  identity: z.string().meta({ description: "The caller's device identity" }),
  voice_ready: z.boolean().meta({ description: "Real provider credentials are complete enough for the browser's device" }),
});

/** Each action fills in what it did; the rest is absent. */
export const simulatorResultAnswer = z.object({
  call_sid: z.string().optional(),
  call_log_id: id.nullable().optional().meta({ description: "The call's log, once written" }),
  from: z.string().optional(),
  to: z.string().optional(),
  routed: z.enum(["queued", "voicemail", "forwarded", "closed"]).optional().meta({ description: "inbound: where the number's plan sent the caller" }),
  callback: z.boolean().optional().meta({ description: "caller_callback: the caller left the line to be called back" }),
  heard: z.string().optional().meta({ description: "caller_callback: the TwiML the caller heard on leaving" }),
  connected: z.boolean().optional().meta({ description: "connect: the device joined the caller" }),
  dialing: z.boolean().optional().meta({ description: "manual: the service answered with a <Dial>" }),
  twiml: z.string().optional().meta({ description: "manual: the service's answer" }),
  message_sid: z.string().optional(),
  reply: z.string().optional().meta({ description: "sms_inbound: the service's answer to the provider" }),
  message_id: z.number().int().optional(),
  status: z.string().optional().meta({ description: "sms_status: the status reported; payment_input: the payment's status after the report" }),
});
export type SimulatorResult = z.output<typeof simulatorResultAnswer>;
