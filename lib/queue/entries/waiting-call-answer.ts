import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

// What the queue routes answer: the waiting calls an agent may take
// (list-waiting-calls.ts), accepting one (accept-call.ts) and following up an
// abandoned call (follow-ups.ts).

export const waitingCallAnswer = z.object({
  id,
  call_sid: z.string(),
  from: z.string(),
  to: z.string(),
  queue: z.string().meta({ description: "The provider's queue the caller waits in" }),
  department: z.object({ id, name: z.string() }).nullable().meta({ description: "The department whose queue the caller waits in; null: the organization's general queue" }),
  queue_label: z.string().meta({ description: "The queue's name as people say it (the department's, or General)" }),
  position: z.number().int().min(1).meta({ description: "1: next to be answered, among the calls this agent may take" }),
  wait_seconds: z.number().int(),
  enqueued_at: timestamp,
  contact: z.object({ id, name: z.string().nullable() }).nullable(),
  callback: z.boolean().meta({ description: "The caller asked to be called back: not on the line; accepting it dials them from the softphone" }),
  returned: z.enum(["device_never_joined", "agent_offline", "agent_signed_out", "agent_sessions_ended"]).nullable().meta({
    description: "Why an agent who accepted this caller handed them back (their phone never joined, they went offline, signed out, or their sessions were ended); null: never accepted",
  }),
});
export type WaitingCall = z.output<typeof waitingCallAnswer>;

export const waitingCallListAnswer = z.object({ data: z.array(waitingCallAnswer) });

/** What the softphone does next: dial into the queue (the spec's dial_queue), or call a caller back. */
export const acceptedCallAnswer = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("dial_queue"),
    queue: z.string(),
    call_sid: z.string(),
    params: z.object({ QueueName: z.string(), QueueEntryId: z.string() }).meta({ description: "The device's connect parameters" }),
  }),
  z.object({
    action: z.literal("call_back"),
    queue: z.string(),
    call_sid: z.string(),
    number: z.string(),
    params: z.object({ To: z.string(), CallbackEntryId: z.string() }).meta({ description: "The device's connect parameters" }),
  }),
]);

/** An abandoned call followed up: dismissed, or the number for the softphone to call back. */
export const followedUpAnswer = z.object({
  id,
  action: z.enum(["call_back", "dismiss"]),
  number: z.string(),
  contact: z.object({ id, name: z.string().nullable() }).nullable(),
  params: z.object({ To: z.string(), contactId: z.string().optional() }).optional().meta({ description: "call_back: the device's connect parameters" }),
});
