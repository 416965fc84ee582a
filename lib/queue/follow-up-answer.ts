import { z } from "zod";
import { id, named, timestamp } from "@/lib/http/answer-schemas";

// What GET /api/queue/abandoned answers (follow-ups.ts returns exactly this;
// the OpenAPI document and the queue view's types are read off it).

export const followUpAnswer = z.object({
  id,
  call_sid: z.string(),
  from: z.string(),
  contact: named.nullable(),
  department_id: z.number().int().nullable(),
  /** "General", or the department whose queue the caller waited in. */
  queue_label: z.string(),
  /** A callback the center tried and did not reach, rather than a caller who hung up. */
  callback: z.boolean(),
  wait_seconds: z.number().int(),
  abandoned_at: timestamp,
});

export const followUpListAnswer = z.object({ data: z.array(followUpAnswer) });
