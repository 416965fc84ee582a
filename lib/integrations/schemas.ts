import { z } from "zod";
import { KEY_FAMILIES } from "@/lib/auth/permissions";

/** POST /api/integration-keys, shared by the route and Settings → Integrations. */
export const createIntegrationKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Per resource family: read, or write (which reads too); a family left out is closed to the key. */
  scopes: z.partialRecord(z.enum(KEY_FAMILIES), z.enum(["read", "write"]))
    .refine((scopes) => Object.keys(scopes).length > 0, "must open at least one resource family"),
  /** Optional: after this instant the key is refused. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null)
    .refine((at) => at === null || Date.parse(at) > Date.now(), "must be in the future"),
}).strict();
export type CreateIntegrationKeyInput = z.infer<typeof createIntegrationKeySchema>;
