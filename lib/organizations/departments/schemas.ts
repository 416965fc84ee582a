import { z } from "zod";
import { intId, intIdQuery } from "@/lib/http/params";
import { paginationSchema } from "@/lib/http/pagination";

export const createDepartmentSchema = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(255),
  organization_id: intId.optional(),
});

export const listDepartmentsQuery = paginationSchema.extend({
  organization_id: intIdQuery.optional().catch(undefined),
});

export type CreateDepartmentInput = z.infer<typeof createDepartmentSchema>;
export type ListDepartmentsQuery = z.infer<typeof listDepartmentsQuery>;
