import { z } from "zod";
import { timestamp } from "@/lib/http/answer-schemas";
import { paymentAnswer } from "@/lib/calls/payments/payment-schemas";
import { AGENT_STATUSES } from "./agent-status";

// What GET and POST /api/agent/status answer: agent-status.ts and
// current-call.ts return exactly this; the OpenAPI document, the agent's
// state bar and the softphone's reload read it off it.

/** The call a page reloaded in the middle of, so the call panel comes back as it was. */
export const currentCallAnswer = z.object({
  phase: z.enum(["connected", "ended"]),
  call_sid: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  number: z.string(),
  contact_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
  started_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  call_log_id: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** The caller hears the hold music (issue 22). */
  on_hold: z.boolean(),
  /** The live call's state (answered, held, consult: a warm transfer's target talking to the agent who transfers). */
  state: z.string().nullable(),
  /** The call's recording runs or is paused (issue 47); null: not recorded. */
  recording: z.enum(["recording", "paused"]).nullable(),
  /** A supervisor whispering to the agent or barged into the call. */
  monitored: z.object({ mode: z.string(), by: z.string().nullable() }).nullable(),
  /** The agent who transferred this call (its previous part's). */
  transferred_from: z.string().nullable(),
  /** This agent is a third party on a colleague's call (a three-way call): their participant row, which leaving ends. */
  participant: z.object({ id: z.number().int(), added_by: z.string().nullable() }).nullable(),
  /** The card payment being taken on the call, or the last one taken (issue 47): the panel follows it. */
  payment: paymentAnswer.nullable(),
});

const state = {
  status: z.enum(AGENT_STATUSES),
  current_call_sid: z.string().nullable(),
  /** null: the agent never changed state (Offline). */
  changed_at: timestamp.nullable(),
  /** Why the state changed without the agent (a call handed back to the queue), until their next change. */
  notice: z.string().nullable(),
};

/** In wrap-up (issue 44): when it ends by itself, and whether the call needs a disposition first. */
export const wrapUpAnswer = z.object({
  ends_at: timestamp.nullable().meta({ description: "When the agent is Available again by themselves (the queue's wrap_up_seconds); null: they end it" }),
  disposition_required: z.boolean(),
  has_disposition: z.boolean(),
  returns_to: z
    .enum(["available", "busy", "missed"])
    .meta({ description: "The state wrap-up ends in: the not-ready state (busy, missed) the call began in, else available. A call never makes an agent ready." }),
});

/** GET: the agent's state and their current call. */
export const agentStatusAnswer = z.object({ ...state, call: currentCallAnswer.nullable(), wrap_up: wrapUpAnswer.nullable() });
/** POST: the state set; `call` too when going Offline handed a caller back. */
export const setAgentStatusAnswer = z.object({ ...state, call: currentCallAnswer.nullable().optional(), wrap_up: wrapUpAnswer.nullable().optional() });
