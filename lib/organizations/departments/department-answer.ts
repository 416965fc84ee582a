import { z } from "zod";
import { id, page, timestamp } from "@/lib/http/answer-schemas";

// A department as the API answers it (departmentSelect in serialize-department.ts).

export const departmentAnswer = z.object({
  id,
  organization_id: id,
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const departmentPageAnswer = page(departmentAnswer);
