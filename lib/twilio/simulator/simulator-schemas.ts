import { z } from "zod";
import { bigId } from "@/lib/http/params";
import { E164_PATTERN } from "@/lib/contacts/phone";

const e164 = z.string().trim().regex(E164_PATTERN, "must be in E.164 format, e.g. +14155552671.");
const callSid = z.string().regex(/^CA[0-9a-f]{32}$/, "must be a call SID.");

// What the in-app provider simulator can play (the softphone's simulated device
// and the "simulate inbound call" control send these).
export const simulatorActionSchema = z.discriminatedUnion("action", [
  /** A caller rings the organization's number (a random demo contact when `from` is not given). */
  z.object({
    action: z.literal("inbound"),
    from: e164.optional(),
    /** The key the caller presses when the number's plan asks a menu (none: they stay silent, and get the default). */
    digits: z
      .string()
      .regex(/^[0-9*#]$/, "must be one key: 0-9, * or #")
      .optional(),
    /** The time of day the call arrives at (ISO instant), to try opening hours. */
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  /** A waiting caller takes the plan's callback offer: presses its key, leaves the line and keeps their place. */
  z.object({ action: z.literal("caller_callback"), call_sid: callSid }),
  /** The caller gives up while still waiting. */
  z.object({ action: z.literal("caller_hangup"), call_sid: callSid }),
  /** The agent's device joins the call it accepted. */
  z.object({ action: z.literal("connect"), queue_entry_id: bigId }),
  /** The agent hangs up a connected queue call. */
  z.object({ action: z.literal("hangup"), call_sid: callSid }),
  /** The device places a manual call. */
  z.object({ action: z.literal("manual"), to: z.string().trim().min(1).max(40), contact_id: bigId.optional(), campaign_contact_id: bigId.optional(), callback_entry_id: bigId.optional() }),
  /** The number a manual call dialed picks up. */
  z.object({ action: z.literal("manual_answered"), call_sid: callSid, to: z.string().trim().min(1).max(40) }),
  /** A manual call ends after `duration` seconds. */
  z.object({
    action: z.literal("manual_end"),
    call_sid: callSid,
    to: z.string().trim().min(1).max(40),
    contact_id: bigId.optional(),
    campaign_contact_id: bigId.optional(),
    duration: z.number().int().min(0).max(86_400),
    status: z.enum(["completed", "busy", "no-answer", "failed"]).default("completed"),
  }),
  /** The caller keys the card field a payment asks for (a test Visa card), or the processor answers a payment sent to it (success). */
  z.object({ action: z.literal("payment_input"), call_sid: callSid }),
  /** A text arrives from `from` (a random demo contact when not given). */
  z.object({
    action: z.literal("sms_inbound"),
    from: e164.optional(),
    body: z.string().min(1).max(1600),
    media_url: z.url({ protocol: /^https$/ }).optional(),
    channel: z.enum(["sms", "whatsapp"]).default("sms"),
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  /** The provider reports a delivery status for a message the organization sent. */
  z.object({
    action: z.literal("sms_status"),
    message_id: bigId,
    status: z.enum(["sending", "sent", "delivered", "undelivered", "failed", "read"]),
    error_code: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
  }),
]);
export type SimulatorAction = z.infer<typeof simulatorActionSchema>;
