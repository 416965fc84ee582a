import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

// A saved filter preset as the API answers it (manage-saved-filters.ts).

export const savedFilterAnswer = z.object({
  id,
  name: z.string(),
  filters: z.record(z.string(), z.string()).meta({ description: "The contact list's query parameters as the query string spells them: append them to GET /api/contacts" }),
  created_at: timestamp,
  updated_at: timestamp,
});

export const savedFilterListAnswer = z.object({ data: z.array(savedFilterAnswer) });
