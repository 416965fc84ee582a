import { z } from "zod";
import { id, page, timestamp } from "@/lib/http/answer-schemas";

// A call log as the API answers it (serialize-call-log.ts returns exactly
// this): the call history, a contact's calls, the wrap-up.

export const CALL_DIRECTIONS = ["inbound", "outbound-manual", "outbound-campaign"] as const;

export const callLogAnswer = z
  .object({
    id,
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    contact_id: id.nullable(),
    contact_name: z.string().nullable(),
    campaign_id: z.number().int().nullable(),
    direction: z.enum(CALL_DIRECTIONS),
    phone_number: z.string(),
    call_sid: z.string(),
    status: z.string().meta({ description: "completed, no-answer, busy, failed, canceled, abandoned, voicemail…" }),
    duration: z.number().int().meta({ description: "Seconds" }),
    wait_seconds: z.number().int().nullable().meta({ description: "An inbound caller's wait in the queue" }),
    recording_url: z.string().nullable().meta({
      description:
        "The call's one recording, from answer to end, on the first part of a transferred call: this service's address (GET /api/calls/{call_sid}/recording), null when the viewer may not play it",
    }),
    recording_sid: z.string().nullable().meta({ description: "The provider's id of that recording" }),
    recording_duration: z.number().int().nullable().meta({ description: "Its length in seconds, as the provider reported it" }),
    recording_deleted_at: timestamp.nullable().meta({ description: "When the retention policy deleted the recording (here and at the provider)" }),
    legal_hold: z.boolean().meta({ description: "A legal hold keeps the recording past retention (POST /api/calls/{call_sid}/legal-hold)" }),
    recording_consent: z
      .object({
        outcome: z.enum(["announced", "declined"]).meta({ description: "announced: they heard the announcement and stayed on; declined: they pressed the opt-out key, and the call was not recorded" }),
        method: z.enum(["text", "audio"]).meta({ description: "The announcement was said (text) or played (audio)" }),
        digit: z.string().nullable().meta({ description: "The key they pressed, when they declined" }),
        decided_at: timestamp,
      })
      .nullable()
      .meta({ description: "What the person on the call was told before it was recorded, and what they chose (issue 47); null: no announcement was made" }),
    recording_pauses: z
      .array(
        z.object({
          paused_at: timestamp,
          resumed_at: timestamp.nullable().meta({ description: "null: paused until the call ended" }),
          reason: z.enum(["agent", "payment"]).meta({ description: "agent: paused by a person; payment: a card payment ran (the recording resumed when it ended)" }),
        }),
      )
      .meta({ description: "When the recording was paused and resumed (issue 47): nothing said meanwhile is in it" }),
    notes: z.string().nullable(),
    hold_seconds: z.number().int(),
    parent_call_sid: z.string().nullable().meta({ description: "The call this leg came from (a transfer's new leg)" }),
    disposition_id: z.number().int().nullable(),
    disposition: z.object({ id: z.number().int(), name: z.string(), is_success: z.boolean() }).nullable(),
    created_at: timestamp,
  })
  .meta({ id: "CallLog" });

export const callLogPageAnswer = page(callLogAnswer);
