import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

// A saved reply as the API answers it (message-templates.ts).

export const messageTemplateAnswer = z.object({
  id,
  name: z.string().max(100),
  body: z.string().max(1600),
  created_at: timestamp,
  updated_at: timestamp,
});

export const messageTemplateListAnswer = z.object({ data: z.array(messageTemplateAnswer) });
