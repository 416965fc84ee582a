import { z } from "zod";
import { page, timestamp } from "@/lib/http/answer-schemas";

// What GET /api/contacts/{id}/timeline answers (contact-timeline.ts returns
// exactly this): a page of entries, newest first.

export const TIMELINE_TYPES = ["created", "call", "message", "campaign", "import", "merge", "opt_out"] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export const timelineEntryAnswer = z.object({
  id: z.string().meta({ description: "Unique within the timeline: the type and the record's id" }),
  type: z.enum(TIMELINE_TYPES),
  at: timestamp,
  details: z.record(z.string(), z.unknown()).meta({ description: "The facts of the entry; which keys depends on the type (the operation's description lists them)" }),
});
export type TimelineEntry = z.output<typeof timelineEntryAnswer>;

export const timelinePageAnswer = page(timelineEntryAnswer);
