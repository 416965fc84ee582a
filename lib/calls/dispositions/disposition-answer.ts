import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";

// What the disposition routes answer (serialize-disposition.ts returns exactly this).

export const dispositionAnswer = z.object({
  id,
  name: z.string(),
  /** Counts as a success in the reports (a sale, an appointment). */
  is_success: z.boolean(),
  position: z.number().int(),
  /** Archived codes stay on the calls that used them and are offered no more. */
  archived: z.boolean(),
});

export const dispositionListAnswer = z.object({
  data: z.array(dispositionAnswer),
  /** Whether an agent must pick one before leaving wrap-up (the organization's call settings). */
  required: z.boolean(),
});
