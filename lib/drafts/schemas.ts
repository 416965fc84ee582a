import { z } from "zod";
import { timestamp } from "@/lib/http/answer-schemas";

// Drafts (issue 45, point 1): what a user typed into a call's notes or a
// conversation's reply, kept on the server as they type.

export const DRAFT_KINDS = ["call_notes", "reply"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** The longest draft: the call notes' own limit (the call log keeps as much). */
export const DRAFT_MAX_CHARS = 10_000;

/**
 * /api/drafts/{kind}/{ref}: a call's notes by its CallSid, a reply by its
 * conversation's id. Anything else names no draft (404, as a malformed id).
 */
export const draftParams = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("call_notes"), ref: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  z.object({ kind: z.literal("reply"), ref: z.string().regex(/^[1-9]\d{0,17}$/) }),
]);
export type DraftRef = z.infer<typeof draftParams>;

export const draftInputSchema = z.object({
  body: z
    .string()
    .min(1, "Type something to keep, or discard the draft.")
    .max(DRAFT_MAX_CHARS, `A draft holds at most ${DRAFT_MAX_CHARS.toLocaleString("en-US")} characters.`),
});

export const draftAnswer = z
  .object({ kind: z.enum(DRAFT_KINDS), ref: z.string(), body: z.string().meta({ description: "Empty: no draft" }), updated_at: timestamp.nullable().meta({ description: "null: no draft" }) })
  .meta({ id: "Draft" });
