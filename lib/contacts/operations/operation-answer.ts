import { z } from "zod";
import { page, timestamp } from "@/lib/http/answer-schemas";

// A long operation as the API shows it (serialize-operation.ts returns
// exactly this): GET /api/operations and /api/operations/{id}.

/** The kinds lib/server/operation-kinds.ts runs. */
export const OPERATION_KIND_NAMES = ["tag.rename", "tag.merge", "custom_field.erase", "contacts.bulk", "contact.erase"] as const;
export const OPERATION_STATUSES = ["queued", "running", "completed", "failed"] as const;

export const operationAnswer = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    kind: z.enum(OPERATION_KIND_NAMES),
    status: z.enum(OPERATION_STATUSES),
    input: z.unknown().meta({ description: "What was asked (the request's body or filter)" }),
    total: z.number().int(),
    done: z.number().int(),
    changed: z.number().int(),
    progress: z.number().int().min(0).max(100),
    result: z.unknown().meta({ description: "When completed: what the same request would have answered inline; else null" }),
    error: z.string().nullable(),
    user_id: z.number().int(),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
    url: z.string().meta({ description: "Where to follow it" }),
  })
  .meta({ id: "Operation" });
export type OperationAnswer = z.output<typeof operationAnswer>;

export const operationPageAnswer = page(operationAnswer);

/** 202 from a route whose work runs as an operation: follow it at its url (the Location header). */
export const operationAcceptedAnswer = z.object({ operation: operationAnswer });
