import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";

// A text message as every answer shows it (serialize-message.ts returns
// exactly this): the send route, a thread, a contact's latest texts.

export const MESSAGE_DIRECTIONS = ["inbound", "outbound"] as const;
/** Incoming: received. Outgoing: held, then the provider's statuses, which only move forward. */
export const MESSAGE_ANSWER_STATUSES = ["received", "held", "queued", "accepted", "scheduled", "sending", "sent", "delivered", "undelivered", "failed", "read", "canceled"] as const;
export const MESSAGE_ENCODINGS = ["GSM-7", "UCS-2"] as const;
export const MESSAGE_ORIGINS = ["provider", "agent", "campaign", "auto"] as const;
export const MESSAGE_KEYWORDS = ["opt_out", "opt_in", "help"] as const;

/** Already an ISO 8601 string in the serializer (the event stream sends the same object). */
const isoTime = z.string().meta({ format: "date-time" });

export const messageAnswer = z
  .object({
    id,
    conversation_id: id,
    direction: z.enum(MESSAGE_DIRECTIONS),
    body: z.string(),
    media: z.array(
      z.object({
        url: z.string().meta({
          format: "uri-reference",
          description:
            "An outgoing message's: the public address it was sent from. A received one's: this service's address of the file kept here " +
            "(GET /api/messages/{id}/media/{position}), never the provider's",
        }),
        content_type: z.string().nullable(),
        stored: z.enum(["pending", "stored", "failed"]).optional().meta({ description: "A received file: being fetched from the provider, kept here, or not available (too large, refused)" }),
      }),
    ),
    status: z
      .enum(MESSAGE_ANSWER_STATUSES)
      .meta({ description: "Incoming: received. Outgoing: held (a campaign text waiting for quiet hours to end), then the provider's statuses, which only move forward" }),
    error_code: z.string().nullable().meta({ description: "The provider's error code when it refused or could not deliver" }),
    error_message: z.string().nullable(),
    from: z.string(),
    to: z.string(),
    encoding: z.enum(MESSAGE_ENCODINGS),
    segments: z.number().int().meta({ description: "Billed segments, counted as the provider does" }),
    origin: z.enum(MESSAGE_ORIGINS).meta({ description: "provider: received; agent: a person sent it; campaign: sent for a campaign; auto: the answer to STOP, START or HELP" }),
    keyword: z.enum(MESSAGE_KEYWORDS).nullable(),
    send_after: isoTime.nullable().meta({ description: "When a held message goes out" }),
    user: z.object({ id, name: z.string().nullable() }).nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Message" });
export type MessageAnswer = z.output<typeof messageAnswer>;
